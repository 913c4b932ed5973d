import { isValidServiceKey } from '../serviceKey'

/**
 * Who may read a process's metrics: the holder of METRICS_TOKEN (`Authorization: Bearer …`).
 * Without a token configured the metrics on a public port are off (404), so an instance never
 * publishes them by accident; the worker's own port is internal (bound to loopback unless the
 * operator binds it elsewhere), so there they are open without a token. Null when the caller may
 * read them; else the refusal.
 */
export function metricsAuthorized(
  authorization: string | null,
  token: string | undefined,
  opts: { allowWithoutToken?: boolean } = {},
): Response | null {
  if (!token) return opts.allowWithoutToken ? null : new Response('Not Found', { status: 404, headers: { 'Cache-Control': 'no-store' } })
  const given = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]
  if (!isValidServiceKey(given, token)) {
    return new Response('Unauthorized', { status: 401, headers: { 'Cache-Control': 'no-store', 'WWW-Authenticate': 'Bearer' } })
  }
  return null
}
