import { type ErrorBody, parseErrorBody } from '@mentorloop/shared'
import { stringify } from 'qs-esm'
import { env } from '~/utils/env.server'

/**
 * The one way the site talks to the CMS: server to server, over HTTP, with the signed-in user's
 * Payload token in `Authorization` (so Payload access control decides what comes back).
 */
export class CmsError extends Error {
  /** The CMS's error envelope (code, title, message), when the answer carried one. */
  readonly envelope: ErrorBody | null

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    super(message)
    this.name = 'CmsError'
    this.envelope = parseErrorBody(body)
  }

  /** A refusal the person can act on (4xx with our envelope), as opposed to an outage. */
  get refusal(): ErrorBody | null {
    return this.status < 500 ? this.envelope : null
  }
}

export type CmsRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  token?: string | null
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Milliseconds before giving up; the CMS being slow must not hang a page. */
  timeoutMs?: number
}

function messageFrom(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] }
    if (typeof b.message === 'string') return b.message
    if (typeof b.error === 'string') return b.error
    if (Array.isArray(b.errors) && typeof b.errors[0]?.message === 'string') return b.errors[0].message
  }
  return fallback
}

export function cmsUrl(path: string, query?: Record<string, unknown>): string {
  const qs = query ? stringify(query, { addQueryPrefix: true }) : ''
  return `${env.CMS_INTERNAL_URL}/api${path}${qs}`
}

export async function cms<T>(path: string, req: CmsRequest = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...req.headers }
  if (req.token) headers.Authorization = `JWT ${req.token}`
  let body: string | undefined
  if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(req.body)
  }
  const timeout = AbortSignal.timeout(req.timeoutMs ?? 10_000)
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout
  let res: Response
  try {
    res = await fetch(cmsUrl(path, req.query), { method: req.method ?? 'GET', headers, body, signal })
  } catch (error) {
    throw new CmsError(`The CMS could not be reached (${(error as Error).message})`, 503, null)
  }
  const text = await res.text()
  let parsed: unknown = null
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  if (!res.ok) throw new CmsError(messageFrom(parsed, `CMS answered ${res.status}`), res.status, parsed)
  return parsed as T
}

export type Paginated<T> = { docs: T[]; totalDocs: number; page?: number; totalPages?: number }
