import { createHash } from 'node:crypto'
import type { SiteLimit } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { metrics } from '../../lib/observability/metrics'
import { sharedPool } from '../../lib/sharedPool'
import { pruneSharedStateLater } from '../shared/prune'

/**
 * Rate limits, counted in PostgreSQL so that every CMS and site instance counts together
 * (docs/decisions/020-sign-in.md, 114-rate-limits-rate-limiter-flexible.md): rate-limiter-flexible's
 * RateLimiterPostgres, one fixed window of ten minutes per key, in the table our migration made.
 * - the exchange, per client IP (as the site reports it): every attempt counts, good or bad;
 * - the exchange, per Google account (`sub`): sessions minted, which also bounds the sessions kept;
 * - the site's limits (starting a sign-in per IP and per account hint, coming back per IP, the
 *   newsletter per IP), counted here on the site's behalf (POST /api/sign-in-guard);
 * - password sign-in: failed attempts per address, and per account from one address (the lockout:
 *   wrong passwords from elsewhere never lock a real admin out), passwordSignIn.ts;
 * - every write that costs money, sends mail or changes a seat, per signed-in account (WRITE_LIMITS,
 *   docs/decisions/175-limits-on-every-costly-write.md), through `limit` on the endpoint definition.
 */
const WINDOW_SECONDS = 10 * 60
// `npm run dev`: a developer switching personas all day should not lock themselves out.
const factor = env.NODE_ENV === 'development' ? 10 : 1

/**
 * Writes per signed-in account in ten minutes. Per account, not per address: 500 students booking
 * through one campus proxy in the same minute each have their own count, while one account (or a
 * script holding its token) cannot call a costly write as fast as it likes.
 */
const writeScale = env.WRITE_LIMITS_SCALE

export const WRITE_LIMITS = {
  /** Booking a seat (or the queue) and cancelling one. */
  writeBooking: 20 * writeScale,
  /** Payment orders, mentorship and question bank. */
  writeOrder: 20 * writeScale,
  /** Checkout results: verified (a browser may send one twice), or closed without paying. */
  writeVerifyPayment: 60 * writeScale,
  writeRefundRequest: 5 * writeScale,
  /** Discount codes tried at checkout: bounds guessing them. */
  writeDiscountQuote: 30 * writeScale,
  writeFeedToken: 10 * writeScale,
  /** A mentor marks each student of each session, and may correct a mark. */
  writeAttendance: 300 * writeScale,
  /** A rating and its edits. */
  writeRating: 20 * writeScale,
  /** Joining (and leaving) a waitlist. */
  writeWaitlist: 20 * writeScale,
  /** Claiming or declining a held seat. */
  writeSeatOffer: 20 * writeScale,
  /** A mentor scheduling sessions or opening a batch: each e-mails the students. */
  writeMentorSchedule: 60 * writeScale,
} as const
export type WriteLimit = keyof typeof WRITE_LIMITS

export const LIMITS = {
  ...WRITE_LIMITS,
  /** Wrong passwords from one address, whatever the accounts (429 for that address only). */
  passwordFailuresByIp: 50 * factor,
  /** Wrong passwords for one account from one address: the lockout, which never reaches other addresses. */
  passwordFailuresByAccountAndIp: 10 * factor,
  exchangeByIp: env.SIGN_IN_LIMIT_PER_IP * factor,
  exchangeByAccount: env.SIGN_IN_LIMIT_PER_ACCOUNT * factor,
  signInStartByIp: env.SIGN_IN_LIMIT_PER_IP * factor,
  signInStartByAccount: env.SIGN_IN_LIMIT_PER_ACCOUNT * factor,
  signInCallbackByIp: env.SIGN_IN_LIMIT_PER_IP * factor,
  newsletterByIp: 10,
  /** Mentor applications from one address (the site counts them before it calls the CMS). */
  mentorApplicationByIp: 5,
} as const satisfies Record<
  'exchangeByIp' | 'exchangeByAccount' | 'passwordFailuresByIp' | 'passwordFailuresByAccountAndIp' | WriteLimit | SiteLimit,
  number
>
export type LimitName = keyof typeof LIMITS

export const EXCHANGE_LIMITS = {
  perIp: LIMITS.exchangeByIp,
  perAccount: LIMITS.exchangeByAccount,
  windowMs: WINDOW_SECONDS * 1000,
} as const

export const RATE_LIMIT_TABLE = 'auth_rate_limits'

const limiters = new WeakMap<object, Map<LimitName, RateLimiterPostgres>>()

function limiterFor(payload: Payload, name: LimitName): RateLimiterPostgres {
  const pool = sharedPool(payload)
  let byName = limiters.get(pool)
  if (!byName) {
    byName = new Map()
    limiters.set(pool, byName)
  }
  let limiter = byName.get(name)
  if (!limiter) {
    limiter = new RateLimiterPostgres({
      storeClient: pool,
      storeType: 'pool',
      tableName: RATE_LIMIT_TABLE,
      // The migration created the table; expired rows go in our own sweep (shared/prune.ts).
      tableCreated: true,
      clearExpiredByTimeout: false,
      keyPrefix: name,
      points: LIMITS[name],
      duration: WINDOW_SECONDS,
    })
    byName.set(name, limiter)
  }
  return limiter
}

export type LimitResult = { ok: true; remaining: number } | { ok: false; retryAfterSeconds: number }

/** The table's key is at most 255 characters: a long key (an e-mail hint) is hashed. */
function storedKey(key: string): string {
  return key.length <= 200 ? key : `sha256:${createHash('sha256').update(key).digest('base64url')}`
}

/** Counts one attempt for the key; a database failure throws (the caller answers 503, never "allowed"). */
export async function hitLimit(payload: Payload, name: LimitName, key: string): Promise<LimitResult> {
  pruneSharedStateLater(payload)
  try {
    const res = await limiterFor(payload, name).consume(storedKey(key))
    return { ok: true, remaining: res.remainingPoints }
  } catch (error) {
    if (error instanceof RateLimiterRes) {
      metrics().rateLimitRefusals.inc({ limit: name })
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) }
    }
    throw error
  }
}

/** Gives one counted attempt back (a password that turned out right). */
export async function forgiveHit(payload: Payload, name: LimitName, key: string): Promise<void> {
  await limiterFor(payload, name).reward(storedKey(key), 1)
}

/** Forgets a key's count (the lockout of an account and address, after the right password). */
export async function resetLimit(payload: Payload, name: LimitName, key: string): Promise<void> {
  await limiterFor(payload, name).delete(storedKey(key))
}

export function rateLimited(retryAfterSeconds: number, what: string): AppError {
  return new AppError('RATE_LIMITED', 429, `Too many sign-in attempts ${what}; try again in ${retryAfterSeconds} s.`, {
    retryAfterSeconds,
  })
}

async function enforce(payload: Payload, name: LimitName, key: string, what: string) {
  const result = await hitLimit(payload, name, key)
  if (!result.ok) throw rateLimited(result.retryAfterSeconds, what)
}

export function limitExchangeByIp(payload: Payload, ip: string): Promise<void> {
  return enforce(payload, 'exchangeByIp', `ip:${ip}`, 'from this address')
}

export function limitExchangeByAccount(payload: Payload, subject: string): Promise<void> {
  return enforce(payload, 'exchangeByAccount', `sub:${subject}`, 'for this account')
}

/** Our one answer to a write over its limit: 429, `Retry-After`, and when to try again. */
export function tooManyWrites(retryAfterSeconds: number): AppError {
  return new AppError('RATE_LIMITED', 429, `Too many requests in a short time; please try again in ${retryAfterSeconds} s.`, {
    title: 'Too Many Requests',
    retryAfterSeconds,
  })
}

/** Counts one write of the signed-in account against its limit; over it, throws our 429. */
export async function limitWrite(payload: Payload, name: WriteLimit, userId: number | string): Promise<void> {
  const result = await hitLimit(payload, name, `user:${userId}`)
  if (!result.ok) throw tooManyWrites(result.retryAfterSeconds)
}

/** The `limit` of an endpoint definition (lib/endpoint.ts): the named write limit, per signed-in account. */
export const perAccount =
  (name: WriteLimit) =>
  (req: { payload: Payload }, userId: number): Promise<void> =>
    limitWrite(req.payload, name, userId)
