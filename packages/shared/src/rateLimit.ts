/**
 * A small in-memory sliding-window rate limiter (one process). Each key keeps the timestamps of
 * its recent hits; a hit is allowed while fewer than `max` fall inside the last `windowMs`.
 * Several instances behind a load balancer each keep their own counts, so the effective limit
 * is `max` times the instance count: a shared store (PostgreSQL or Redis) is needed then
 * (docs/decisions/020-sign-in.md).
 */
export type RateLimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number }

export type RateLimiter = {
  /** Counts one attempt for the key and says whether it may go on. */
  hit(key: string, now?: number): RateLimitResult
  /** Forgets a key (e.g. in tests). */
  reset(key?: string): void
  readonly size: number
}

export function createRateLimiter(opts: { windowMs: number; max: number; maxKeys?: number }): RateLimiter {
  const { windowMs, max } = opts
  const maxKeys = opts.maxKeys ?? 10_000
  const hits = new Map<string, number[]>()

  function prune(now: number) {
    for (const [key, stamps] of hits) {
      const fresh = stamps.filter((t) => t > now - windowMs)
      if (fresh.length === 0) hits.delete(key)
      else hits.set(key, fresh)
    }
  }

  return {
    hit(key, now = Date.now()) {
      const stamps = (hits.get(key) ?? []).filter((t) => t > now - windowMs)
      if (stamps.length >= max) {
        hits.set(key, stamps)
        const retryAfterSeconds = Math.max(1, Math.ceil((stamps[0]! + windowMs - now) / 1000))
        return { ok: false, retryAfterSeconds }
      }
      stamps.push(now)
      // Re-insert so the Map's order is "least recently hit first" for eviction.
      hits.delete(key)
      hits.set(key, stamps)
      if (hits.size > maxKeys) {
        prune(now)
        // Still too many distinct keys (a flood of fresh IPs): drop the least recently hit.
        while (hits.size > maxKeys) hits.delete(hits.keys().next().value as string)
      }
      return { ok: true, remaining: max - stamps.length }
    },
    reset(key) {
      if (key === undefined) hits.clear()
      else hits.delete(key)
    },
    get size() {
      return hits.size
    },
  }
}
