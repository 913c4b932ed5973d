import { nowMs, signInGuardRequestSchema } from '@mentorloop/shared'
import { readContentVersions } from '../lib/contentVersions'
import { endpoint } from '../lib/endpoint'
import { AppError } from '../lib/errors'
import { hitLimit } from '../services/auth/rateLimits'
import { claimSignInTransaction } from '../services/auth/replayGuard'

/** How far ahead a single-use key may claim to live: a sign-in transaction lasts ten minutes. */
const MAX_ONCE_MS = 60 * 60 * 1000

/**
 * POST /api/sign-in-guard — the site's sign-in limits and the one-time use of its sign-in
 * transactions, decided in PostgreSQL so every site instance shares them
 * (docs/decisions/113-shared-state-in-postgres.md). Server to server (service key). Every hit is
 * counted; if any is over its limit the answer is 429 and the transaction is not used up (a
 * retry after the wait may still finish it). Otherwise the transaction's key is used now: 409
 * when it already was (a replayed callback, on this instance or another).
 */
export const signInGuardEndpoint = endpoint({
  path: '/sign-in-guard',
  method: 'post',
  auth: 'service',
  body: signInGuardRequestSchema,
  failure: 'Sign-in could not be checked; please try again.',
  handler: async ({ req, body }) => {
    let retryAfterSeconds = 0
    for (const hit of body.hits) {
      const result = await hitLimit(req.payload, hit.limit, hit.key)
      if (!result.ok) retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds)
    }
    if (retryAfterSeconds > 0) {
      throw new AppError('RATE_LIMITED', 429, `Too many attempts; try again in ${retryAfterSeconds} s.`, { retryAfterSeconds })
    }
    if (body.once) {
      const expiresAt = Math.min(body.once.expiresAt, nowMs() + MAX_ONCE_MS)
      if (!(await claimSignInTransaction(req.payload, body.once.key, expiresAt))) {
        throw new AppError('ALREADY_USED', 409, 'This sign-in was already completed; please start again.')
      }
    }
    return { ok: true }
  },
})

/**
 * GET /api/content-versions — one counter per public content tag, bumped after each change
 * (cms/lib/revalidateSite.ts). Every site instance compares them every few seconds, so a change
 * reaches it even when the direct call to it was lost. Public (counters only), never cached.
 */
export const contentVersionsEndpoint = endpoint({
  path: '/content-versions',
  method: 'get',
  auth: 'public',
  failure: 'The content versions could not be read.',
  handler: async ({ req }) => ({ versions: await readContentVersions(req.payload) }),
})
