import { env } from '~/utils/env.server'

/** Readiness: the CMS (and through it the database) answers. */
export async function loader() {
  try {
    const res = await fetch(`${env.CMS_INTERNAL_URL}/readyz`, { signal: AbortSignal.timeout(3000) })
    if (!res.ok) throw new Error(`CMS answered ${res.status}`)
    return new Response('ready', { headers: { 'Content-Type': 'text/plain', 'Cache-Control': 'no-store' } })
  } catch (error) {
    return new Response(`not ready: ${(error as Error).message}`, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
