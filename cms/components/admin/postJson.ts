/** A same-origin JSON call from an admin tool with the session cookie; our error envelope's text on failure. */
export type PostResult<T> = { ok: true; body: T } | { ok: false; status: number; error: string }

export async function postJson<T = unknown>(url: string, body?: unknown, method: 'GET' | 'POST' = 'POST'): Promise<PostResult<T>> {
  try {
    const res = await fetch(url, {
      method,
      credentials: 'include',
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const parsed = (await res.json().catch(() => null)) as (T & { error?: string; message?: string }) | null
    if (res.ok && parsed) return { ok: true, body: parsed }
    return { ok: false, status: res.status, error: parsed?.error || parsed?.message || `The server answered ${res.status}.` }
  } catch {
    return { ok: false, status: 0, error: 'The server could not be reached. Check the connection and try again.' }
  }
}
