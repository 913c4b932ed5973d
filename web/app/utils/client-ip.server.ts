/**
 * The visitor's IP for rate limiting, or null when we cannot know it. remix-serve does not hand
 * the socket address to loaders, so this relies on the proxy in front of the site (the load
 * balancer in production), which appends the address it saw to `X-Forwarded-For`: the last entry
 * is the one a visitor cannot forge (earlier entries are whatever the client sent).
 * Without a proxy there is no IP: per-IP limits are then skipped rather than putting every visitor
 * in one shared bucket (which anyone could fill to lock everybody out); per-account limits stay.
 */
export function clientIp(request: Request): string | null {
  const hops = request.headers
    .get('x-forwarded-for')
    ?.split(',')
    .map((h) => h.trim())
    .filter(Boolean)
  const last = hops?.at(-1)
  if (last && last.length <= 64) return last
  const real = request.headers.get('x-real-ip')?.trim()
  if (real && real.length <= 64) return real
  return null
}
