import { createHash } from 'node:crypto'
import { nowMs } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { AppError } from '../../lib/errors'
import { sharedPool } from '../../lib/sharedPool'
import { pruneSharedStateLater } from '../shared/prune'

/**
 * Things that may be used once, across every CMS instance (docs/decisions/113-shared-state-in-postgres.md):
 * a key is remembered in PostgreSQL until it would have expired anyway. One statement decides:
 * the first INSERT wins; a second one, from any instance and even at the same moment (it waits
 * on the first's unique key), finds a live row and gets nothing back. A row past its expiry is
 * taken over (its key may be used again; nothing would accept the old token by then).
 */
export async function claimOnce(payload: Payload, key: string, expiresAtMs: number): Promise<boolean> {
  pruneSharedStateLater(payload)
  const { rows } = await sharedPool(payload).query(
    `INSERT INTO auth_single_use (key, expires_at) VALUES ($1, $2)
     ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE auth_single_use.expires_at <= $3
     RETURNING key`,
    [key, new Date(expiresAtMs), new Date(nowMs())],
  )
  return rows.length === 1
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('base64url')

/** Each ID token (its subject and nonce) mints one session; `expiresAt` is the token's exp (seconds). */
export async function markIdTokenUsed(payload: Payload, subject: string, nonce: string, expiresAt: number): Promise<void> {
  // Remembered a little past expiry: verification tolerates some clock skew.
  const first = await claimOnce(payload, `id-token:${digest(subject, nonce)}`, (expiresAt + 120) * 1000)
  if (!first) throw new AppError('ID_TOKEN_REPLAYED', 401, 'This ID token was already used to sign in.')
}

/** A sign-in transaction of the site completes once, on whichever site instance it comes back to. */
export function claimSignInTransaction(payload: Payload, id: string, expiresAtMs: number): Promise<boolean> {
  return claimOnce(payload, `sign-in:${digest(id)}`, expiresAtMs)
}
