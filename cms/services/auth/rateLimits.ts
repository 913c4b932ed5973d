import { createRateLimiter } from '@mentorloop/shared'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'

/**
 * Sign-in exchange limits, per process (docs/decisions/020-sign-in.md):
 * - per client IP (as the site reports it): every attempt counts, good or bad;
 * - per Google account (`sub`): sessions minted, which also bounds the sessions kept on the user.
 */
const WINDOW_MS = 10 * 60 * 1000
// `npm run dev`: a developer switching personas all day should not lock themselves out.
const factor = env.NODE_ENV === 'development' ? 10 : 1
export const EXCHANGE_LIMITS = { perIp: 60 * factor, perAccount: 10 * factor, windowMs: WINDOW_MS } as const

const byIp = createRateLimiter({ windowMs: WINDOW_MS, max: EXCHANGE_LIMITS.perIp })
const byAccount = createRateLimiter({ windowMs: WINDOW_MS, max: EXCHANGE_LIMITS.perAccount })

function enforce(result: ReturnType<typeof byIp.hit>, what: string) {
  if (!result.ok) {
    throw new AppError('RATE_LIMITED', 429, `Too many sign-in attempts ${what}; try again in ${result.retryAfterSeconds} s.`, {
      retryAfterSeconds: result.retryAfterSeconds,
    })
  }
}

export function limitExchangeByIp(ip: string): void {
  enforce(byIp.hit(`ip:${ip}`), 'from this address')
}

export function limitExchangeByAccount(subject: string): void {
  enforce(byAccount.hit(`sub:${subject}`), 'for this account')
}
