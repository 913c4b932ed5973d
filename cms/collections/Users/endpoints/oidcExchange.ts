import { CLIENT_IP_HEADER, oidcExchangeRequestSchema } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { endpoint, errorResponse, parseJsonBody } from '../../../lib/endpoint'
import { AppError } from '../../../lib/errors'
import { limitExchangeByIp } from '../../../services/auth/rateLimits'
import { signInWithIdToken } from '../../../services/auth/signInWithIdToken'

/**
 * The visitor's IP as the site saw it (trusted: the service key was checked first). A call
 * without one still counts, in one shared bucket: the limit is never skipped.
 */
function clientIp(req: PayloadRequest): string {
  const reported = req.headers.get(CLIENT_IP_HEADER)?.trim()
  return reported && reported.length <= 64 ? reported : 'unknown'
}

const SIGN_IN_FAILED = 'Sign-in failed on the server; please try again.'

/**
 * POST /api/users/oidc-exchange — the site hands over a Google ID token and the nonce it expects,
 * and gets a Payload session token back. Server to server only: the service key is required (so
 * no browser can call it and there is nothing for CSRF to abuse).
 */
export const oidcExchange = endpoint({
  path: '/oidc-exchange',
  method: 'post',
  auth: 'service',
  failure: SIGN_IN_FAILED,
  handler: async ({ req }) => {
    // Limited per IP before anything else, bad requests included.
    await limitExchangeByIp(req.payload, clientIp(req))
    const body = await parseJsonBody(req, oidcExchangeRequestSchema, (message) => new AppError('INVALID_REQUEST', 400, message))
    try {
      return await signInWithIdToken(req, body)
    } catch (error) {
      if (error instanceof AppError) {
        if (error.status >= 500 || error.code === 'RATE_LIMITED' || error.code === 'ACCOUNT_CONFLICT') {
          req.payload.logger.warn({ msg: 'Google sign-in refused', code: error.code, reason: error.message })
        }
        throw error
      }
      // The issuer or the database failed: the site says "unavailable", not "refused".
      req.payload.logger.error({ msg: 'Google sign-in failed', err: error })
      return errorResponse(req, new AppError('ISSUER_UNAVAILABLE', 503, SIGN_IN_FAILED), SIGN_IN_FAILED)
    }
  },
})
