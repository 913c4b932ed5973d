import { z } from 'zod'

/**
 * Sign-in contract between the site and the CMS (docs/decisions/020-sign-in.md): the site runs
 * the OpenID Connect flow and hands the ID token and the nonce it expects to
 * `POST /api/users/oidc-exchange` with the service key; the CMS verifies the token itself and
 * answers with a Payload session token, or with one of these stable codes.
 */
export const SERVICE_KEY_HEADER = 'x-service-key'
/** The end user's IP as the site saw it; the CMS trusts it only next to a valid service key. */
export const CLIENT_IP_HEADER = 'x-client-ip'

export const oidcExchangeRequestSchema = z.object({
  idToken: z
    .string({ error: 'idToken is required' })
    .min(20, 'idToken is not a JWT')
    .max(8192, 'idToken is too long')
    .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, 'idToken is not a compact JWS'),
  nonce: z.string({ error: 'nonce is required' }).min(16, 'nonce is too short').max(256, 'nonce is too long'),
})
export type OidcExchangeRequest = z.infer<typeof oidcExchangeRequestSchema>

export const AUTH_ERROR_CODES = [
  'SERVICE_KEY_INVALID',
  'INVALID_REQUEST',
  'RATE_LIMITED',
  'ID_TOKEN_MALFORMED',
  'ID_TOKEN_SIGNATURE_INVALID',
  'ID_TOKEN_EXPIRED',
  'ID_TOKEN_ISSUER_INVALID',
  'ID_TOKEN_AUDIENCE_INVALID',
  'ID_TOKEN_NONCE_INVALID',
  'ID_TOKEN_REPLAYED',
  'ID_TOKEN_CLAIMS_INVALID',
  'EMAIL_NOT_VERIFIED',
  'ACCOUNT_CONFLICT',
  'ISSUER_UNAVAILABLE',
] as const
export type AuthErrorCode = (typeof AUTH_ERROR_CODES)[number]

export type OidcExchangeUser = {
  id: number
  email: string
  name: string | null
  roles: string[]
  mentorId: number | null
}
export type OidcExchangeResponse = { token: string; exp: number; user: OidcExchangeUser }
export type AuthErrorBody = { code: AuthErrorCode; message: string }

/**
 * Why a sign-in on the site failed, as `?error=<reason>` on /login, and what the "Login Failed"
 * dialog tells the person. Unknown reasons fall back to `failed`.
 */
export const LOGIN_FAILURE_REASONS = {
  cancelled: 'You cancelled the sign-in, or Google did not let it go ahead. Please try again.',
  expired: 'The sign-in took too long or was started in another tab. Please start it again.',
  state_mismatch: 'This sign-in link was already used or does not belong to this browser. Please start again.',
  email_not_verified: 'Your Google account’s e-mail address is not verified yet. Verify it with Google, then try again.',
  invalid_token: 'Google’s answer could not be verified, so we did not sign you in. Please try again.',
  account_conflict: 'This e-mail address is already linked to a different Google account. Please contact support.',
  rate_limited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  unavailable: 'Sign-in is unavailable right now (we could not reach the sign-in service). Please try again shortly.',
  failed: 'Something went wrong while signing you in. Please try again.',
} as const
export type LoginFailureReason = keyof typeof LOGIN_FAILURE_REASONS

export function loginFailureMessage(reason: string | null | undefined): string | null {
  if (!reason) return null
  return reason in LOGIN_FAILURE_REASONS ? LOGIN_FAILURE_REASONS[reason as LoginFailureReason] : LOGIN_FAILURE_REASONS.failed
}

/** Which site reason a CMS exchange refusal becomes. */
export function loginFailureFromExchange(code: string | undefined): LoginFailureReason {
  switch (code) {
    case 'EMAIL_NOT_VERIFIED':
      return 'email_not_verified'
    case 'ACCOUNT_CONFLICT':
      return 'account_conflict'
    case 'RATE_LIMITED':
      return 'rate_limited'
    case 'ISSUER_UNAVAILABLE':
      return 'unavailable'
    case 'ID_TOKEN_REPLAYED':
      return 'state_mismatch'
    case 'ID_TOKEN_EXPIRED':
      return 'expired'
    case 'ID_TOKEN_MALFORMED':
    case 'ID_TOKEN_SIGNATURE_INVALID':
    case 'ID_TOKEN_ISSUER_INVALID':
    case 'ID_TOKEN_AUDIENCE_INVALID':
    case 'ID_TOKEN_NONCE_INVALID':
    case 'ID_TOKEN_CLAIMS_INVALID':
      return 'invalid_token'
    default:
      return 'failed'
  }
}
