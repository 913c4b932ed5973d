import { createRateLimiter } from '@mentorloop/shared'
import { env } from './env.server'

/**
 * Sign-in limits on the site, per process (docs/decisions/020-sign-in.md). Starting a sign-in and
 * coming back from Google each count per IP; starting one also counts per account hint. The CMS
 * limits the exchange again, per IP and per Google account.
 */
const TEN_MINUTES = 10 * 60 * 1000
// `npm run dev`: a developer switching personas all day should not lock themselves out.
const factor = env.NODE_ENV === 'development' ? 10 : 1
export const SIGN_IN_LIMITS = {
  startPerIp: 60 * factor,
  startPerAccount: 10 * factor,
  callbackPerIp: 60 * factor,
  windowMs: TEN_MINUTES,
} as const

export const signInStartByIp = createRateLimiter({ windowMs: TEN_MINUTES, max: SIGN_IN_LIMITS.startPerIp })
export const signInStartByAccount = createRateLimiter({ windowMs: TEN_MINUTES, max: SIGN_IN_LIMITS.startPerAccount })
export const signInCallbackByIp = createRateLimiter({ windowMs: TEN_MINUTES, max: SIGN_IN_LIMITS.callbackPerIp })
