import { env } from '~/utils/env.server'

/** Readiness: the CMS (and through it the database) answers. Up or down only: no error text. */
export async function loader() {
  try {
    const res = await fetch(`${env.CMS_INTERNAL_URL}/readyz`, { signal: AbortSignal.timeout(3000) })
    if (!res.ok) throw new Error(`CMS answered ${res.status}`)
    return Response.json({ status: 'up' }, { headers: { 'Cache-Control': 'no-store' } })
  } catch {
    return Response.json({ status: 'down' }, { status: 503, headers: { 'Cache-Control': 'no-store' } })
  }
}
