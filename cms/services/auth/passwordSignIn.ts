import type { Payload } from 'payload'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { type LoginGuard, refusal } from '../../lib/restGuard'
import { forgiveHit, hitLimit, resetLimit } from './rateLimits'

/**
 * Password sign-in (Payload's POST /api/users/login: admins and staff in /admin) limited so that
 * nobody can lock a real admin out from elsewhere (docs/decisions/176-password-sign-in-limits.md).
 * Payload's own lockout (maxLoginAttempts) counted wrong passwords per account from anywhere: eleven
 * from any address locked the account for ten minutes. Instead, both counted in PostgreSQL:
 * - per address: every attempt counts and a right password gives its point back, so 50 wrong
 *   passwords from one address answer 429 there (a campus of students signing in is not refused);
 * - per account and address: the lockout. Ten wrong passwords for one account from one address
 *   refuse that account from that address only; the right password clears it.
 */

/**
 * The caller's address: with TRUSTED_PROXY_COUNT=N, the Nth entry from the right of
 * X-Forwarded-For (the one our outermost proxy wrote); otherwise unknown (one shared bucket), since
 * the header is then the client's own claim and Next's route handlers do not see the socket.
 */
export function clientAddress(headers: Headers, trustedProxies: number = env.TRUSTED_PROXY_COUNT): string {
  if (trustedProxies > 0) {
    const hops = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean)
    const hop = hops.length >= trustedProxies ? hops[hops.length - trustedProxies] : undefined
    if (hop && hop.length <= 64) return hop
  }
  return 'unknown'
}

export type PasswordAttempt = { ipKey: string; accountKey: string }

/** The e-mail a login body names, lower-cased (Payload compares e-mails case-insensitively). */
export function loginEmailOf(body: Uint8Array | null, contentType: string | null): string {
  if (!body || body.byteLength === 0) return ''
  const text = new TextDecoder().decode(body)
  try {
    if ((contentType ?? '').includes('application/json')) {
      const email = (JSON.parse(text) as { email?: unknown }).email
      return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 320) : ''
    }
    if ((contentType ?? '').includes('application/x-www-form-urlencoded')) {
      return (new URLSearchParams(text).get('email') ?? '').trim().toLowerCase().slice(0, 320)
    }
  } catch {
    // Payload answers a body it cannot read; the attempt still counts for the address.
  }
  return ''
}

const tooMany = (retryAfterSeconds: number, what: string) =>
  new AppError('RATE_LIMITED', 429, `Too many sign-in attempts ${what}; try again in ${retryAfterSeconds} s.`, {
    title: 'Too Many Requests',
    retryAfterSeconds,
  })

/** Counts the attempt before the password is checked; over a limit, the 429 to answer instead. */
export async function startPasswordAttempt(
  payload: Payload,
  address: string,
  email: string,
): Promise<{ ok: true; attempt: PasswordAttempt } | { ok: false; error: AppError }> {
  const attempt = { ipKey: `ip:${address}`, accountKey: `acct:${email}|ip:${address}` }
  const byIp = await hitLimit(payload, 'passwordFailuresByIp', attempt.ipKey)
  if (!byIp.ok) return { ok: false, error: tooMany(byIp.retryAfterSeconds, 'from this address') }
  const byAccount = await hitLimit(payload, 'passwordFailuresByAccountAndIp', attempt.accountKey)
  if (!byAccount.ok) return { ok: false, error: tooMany(byAccount.retryAfterSeconds, 'for this account from this address') }
  return { ok: true, attempt }
}

/** After Payload answered: a successful sign-in gives its points back; a wrong password keeps them. */
export async function finishPasswordAttempt(payload: Payload, attempt: PasswordAttempt, status: number): Promise<void> {
  if (status >= 200 && status < 300) {
    await forgiveHit(payload, 'passwordFailuresByIp', attempt.ipKey)
    await resetLimit(payload, 'passwordFailuresByAccountAndIp', attempt.accountKey)
  }
}

/** The `users` collection's login guard (lib/restGuard.ts): counted before Payload checks the password. */
export const limitPasswordSignIn: LoginGuard = async (payload, request, run) => {
  const bytes = request.body ? new Uint8Array(await request.clone().arrayBuffer()) : null
  const email = loginEmailOf(bytes, request.headers.get('content-type'))
  const started = await startPasswordAttempt(payload, clientAddress(request.headers), email)
  if (!started.ok) return refusal(started.error)
  const response = await run()
  await finishPasswordAttempt(payload, started.attempt, response.status)
  return response
}
