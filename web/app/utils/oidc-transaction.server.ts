import { randomBytes } from 'node:crypto'
import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { env } from './env.server'
import { safeRedirect } from './redirect'

/**
 * One sign-in in progress: state, nonce, PKCE verifier and where to go afterwards, kept in a
 * short-lived signed HttpOnly cookie that only /auth/* receives. SameSite=Lax still lets it ride
 * along on Google's top-level redirect back to us. Any site instance with the same SESSION_SECRET
 * can finish it. Each transaction can be completed once: its id is used up in PostgreSQL through
 * the CMS (rate-limit.server.ts, `once`) until it would have expired anyway, so a replayed
 * callback fails on every instance even if the browser still sends the cookie.
 */
export const TRANSACTION_MAX_AGE_SECONDS = 10 * 60

export const transactionSchema = z.object({
  id: z.string().min(16),
  state: z.string().min(16),
  nonce: z.string().min(16),
  codeVerifier: z.string().min(43),
  redirectTo: z.string(),
  createdAt: z.number().int(),
})
export type SignInTransaction = z.infer<typeof transactionSchema>

export const transactionCookie = createCookie('ml_oidc', {
  path: '/auth',
  httpOnly: true,
  sameSite: 'lax',
  secure: env.isProduction && !env.WEB_PUBLIC_URL.startsWith('http://'),
  secrets: [env.SESSION_SECRET],
  maxAge: TRANSACTION_MAX_AGE_SECONDS,
})

const random = () => randomBytes(32).toString('base64url')

export function newTransaction(
  redirectTo: string | null | undefined,
  values: Partial<Pick<SignInTransaction, 'state' | 'nonce' | 'codeVerifier'>> = {},
  now = Date.now(),
): SignInTransaction {
  return {
    id: random(),
    state: values.state ?? random(),
    nonce: values.nonce ?? random(),
    codeVerifier: values.codeVerifier ?? random(),
    // Only a path on this site; anything else (another origin, "//evil") becomes "/".
    redirectTo: safeRedirect(redirectTo),
    createdAt: now,
  }
}

export function serializeTransaction(tx: SignInTransaction): Promise<string> {
  return transactionCookie.serialize(tx)
}

export function clearTransactionCookie(): Promise<string> {
  return transactionCookie.serialize('', { maxAge: 0, expires: new Date(0) })
}

/** The transaction in the request's cookie; null when absent, tampered with or too old. */
export async function readTransaction(request: Request, now = Date.now()): Promise<SignInTransaction | null> {
  const raw = await transactionCookie.parse(request.headers.get('cookie')).catch(() => null)
  const parsed = transactionSchema.safeParse(raw)
  if (!parsed.success) return null
  const age = now - parsed.data.createdAt
  if (age < 0 || age > TRANSACTION_MAX_AGE_SECONDS * 1000) return null
  return { ...parsed.data, redirectTo: safeRedirect(parsed.data.redirectTo) }
}

/** Until when the transaction's id must stay used up (epoch ms): as long as its cookie is accepted. */
export function transactionExpiresAt(tx: SignInTransaction): number {
  return tx.createdAt + TRANSACTION_MAX_AGE_SECONDS * 1000
}
