import { nowMs } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { sharedPool } from '../../lib/sharedPool'

/**
 * Expired rows of the shared auth tables go lazily: at most once a minute per process, after a
 * call that wrote to them, in the background. Safe with any number of instances: each DELETE
 * only removes rows no check would accept any more (an expired rate-limit window is reset by its
 * next hit anyway), and two instances deleting at once simply find fewer rows.
 */
export const PRUNE_EVERY_MS = 60_000
const lastPrune = new WeakMap<object, number>()

export async function pruneSharedState(payload: Payload): Promise<{ singleUse: number; rateLimits: number }> {
  const pool = sharedPool(payload)
  const singleUse = await pool.query('DELETE FROM auth_single_use WHERE expires_at <= $1', [new Date(nowMs())])
  // rate-limiter-flexible writes `expire` from the system clock (Date.now), so it is compared with that.
  const rateLimits = await pool.query('DELETE FROM auth_rate_limits WHERE expire <= $1', [Date.now()])
  return { singleUse: singleUse.rowCount ?? 0, rateLimits: rateLimits.rowCount ?? 0 }
}

export function pruneSharedStateLater(payload: Payload): void {
  const pool = sharedPool(payload)
  const now = nowMs()
  const last = lastPrune.get(pool)
  if (last !== undefined && now - last < PRUNE_EVERY_MS && now >= last) return
  lastPrune.set(pool, now)
  pruneSharedState(payload).catch((error: unknown) => {
    payload.logger.warn({ msg: 'Pruning expired sign-in state failed; next time', err: (error as Error).message })
  })
}
