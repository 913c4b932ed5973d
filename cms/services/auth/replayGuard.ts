import { AppError } from '../../lib/errors'

/**
 * Each ID token (identified by its nonce and subject) may mint one session. Kept in memory until
 * the token expires, per process; with several CMS instances the site's one-time state cookie and
 * the issuer's single-use code remain the guards (docs/decisions/020-sign-in.md).
 */
const used = new Map<string, number>()
const MAX_ENTRIES = 50_000

export function markIdTokenUsed(subject: string, nonce: string, expiresAt: number, now = Date.now()): void {
  const nowSeconds = Math.floor(now / 1000)
  if (used.size > MAX_ENTRIES / 2) {
    for (const [key, exp] of used) if (exp < nowSeconds) used.delete(key)
  }
  const key = `${subject}\u0000${nonce}`
  const seen = used.get(key)
  if (seen !== undefined && seen >= nowSeconds) {
    throw new AppError('ID_TOKEN_REPLAYED', 401, 'This ID token was already used to sign in.')
  }
  if (used.size >= MAX_ENTRIES) used.delete(used.keys().next().value as string)
  // Remember a little past expiry: verification tolerates some clock skew.
  used.set(key, expiresAt + 120)
}
