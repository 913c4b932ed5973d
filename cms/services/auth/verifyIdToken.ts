import { timingSafeEqual } from 'node:crypto'
import { errors, jwtVerify } from 'jose'
import { z } from 'zod'
import { AppError } from '../../lib/errors'
import type { OidcProvider } from './oidcProvider'

/**
 * Verifies a Google (or local issuer) ID token ourselves, whatever the site already checked:
 * signature against the issuer's published keys, `iss`, `aud` (our client id), `exp`/`nbf`/`iat`,
 * the `nonce` the site expects for this sign-in, and a verified e-mail. Each refusal has its own
 * code so the site can tell the person what happened.
 */
export type VerifiedIdentity = {
  subject: string
  email: string
  name: string | null
  picture: string | null
  nonce: string
  expiresAt: number
}

const CLOCK_TOLERANCE_SECONDS = 60

const claimsSchema = z.object({
  sub: z.string().min(1).max(255),
  email: z.string().email().max(254).optional(),
  email_verified: z.unknown().optional(),
  nonce: z.string().optional(),
  name: z.string().max(200).optional(),
  picture: z.string().url().max(2048).optional(),
  exp: z.number(),
  azp: z.string().optional(),
  aud: z.union([z.string(), z.array(z.string())]),
})

function sameString(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function refusal(error: unknown): AppError {
  if (error instanceof AppError) return error
  if (error instanceof errors.JWTExpired) return new AppError('ID_TOKEN_EXPIRED', 401, 'The ID token has expired.')
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'iss') return new AppError('ID_TOKEN_ISSUER_INVALID', 401, 'The ID token comes from another issuer.')
    if (error.claim === 'aud') return new AppError('ID_TOKEN_AUDIENCE_INVALID', 401, 'The ID token was issued for another client.')
    return new AppError('ID_TOKEN_CLAIMS_INVALID', 401, `The ID token's "${error.claim}" claim is not acceptable (${error.reason}).`)
  }
  if (
    error instanceof errors.JWSSignatureVerificationFailed ||
    error instanceof errors.JWKSNoMatchingKey ||
    error instanceof errors.JWKSMultipleMatchingKeys ||
    error instanceof errors.JOSEAlgNotAllowed
  ) {
    return new AppError('ID_TOKEN_SIGNATURE_INVALID', 401, "The ID token's signature does not match the issuer's keys.")
  }
  if (error instanceof errors.JWSInvalid || error instanceof errors.JWTInvalid || error instanceof errors.JOSENotSupported) {
    return new AppError('ID_TOKEN_MALFORMED', 401, 'The ID token is not a valid JWT.')
  }
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid || error instanceof TypeError) {
    return new AppError('ISSUER_UNAVAILABLE', 503, "The issuer's signing keys could not be fetched.")
  }
  return new AppError('ID_TOKEN_MALFORMED', 401, 'The ID token could not be verified.')
}

export async function verifyIdToken(idToken: string, expectedNonce: string, provider: OidcProvider): Promise<VerifiedIdentity> {
  let payload: unknown
  try {
    ;({ payload } = await jwtVerify(idToken, provider.getKey, {
      issuer: provider.issuers,
      audience: provider.clientId,
      algorithms: ['RS256'],
      requiredClaims: ['sub', 'iat', 'exp'],
      clockTolerance: CLOCK_TOLERANCE_SECONDS,
    }))
  } catch (error) {
    throw refusal(error)
  }
  const parsed = claimsSchema.safeParse(payload)
  if (!parsed.success) {
    const field = parsed.error.issues[0]?.path.join('.') || 'claims'
    throw new AppError('ID_TOKEN_CLAIMS_INVALID', 401, `The ID token's "${field}" claim is missing or not valid.`)
  }
  const claims = parsed.data
  // With several audiences, the authorized party must be us (OpenID Connect Core 3.1.3.7).
  if (Array.isArray(claims.aud) && claims.aud.length > 1 && claims.azp !== provider.clientId) {
    throw new AppError('ID_TOKEN_AUDIENCE_INVALID', 401, 'The ID token was issued for another client.')
  }
  if (!claims.nonce || !sameString(claims.nonce, expectedNonce)) {
    throw new AppError('ID_TOKEN_NONCE_INVALID', 401, 'The ID token does not belong to this sign-in (nonce mismatch).')
  }
  if (!claims.email) {
    throw new AppError('ID_TOKEN_CLAIMS_INVALID', 401, 'The ID token has no e-mail address (the "email" scope is required).')
  }
  // Google sends a boolean; anything else (missing, false, "true") is not a verified address.
  if (claims.email_verified !== true) {
    throw new AppError('EMAIL_NOT_VERIFIED', 403, 'The e-mail address of this Google account is not verified.')
  }
  return {
    subject: claims.sub,
    email: claims.email.trim().toLowerCase(),
    name: claims.name?.trim() || null,
    picture: claims.picture ?? null,
    nonce: claims.nonce,
    expiresAt: claims.exp,
  }
}
