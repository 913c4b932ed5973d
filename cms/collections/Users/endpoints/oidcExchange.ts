import { CLIENT_IP_HEADER, oidcExchangeRequestSchema, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { env } from '../../../lib/env'
import { AuthError } from '../../../services/auth/errors'
import { limitExchangeByIp } from '../../../services/auth/rateLimits'
import { isValidServiceKey } from '../../../services/auth/serviceKey'
import { signInWithIdToken } from '../../../services/auth/signInWithIdToken'

/**
 * POST /api/users/oidc-exchange — the site hands over a Google ID token and the nonce it expects,
 * and gets a Payload session token back. Server to server only: the service key is required (so
 * no browser can call it and there is nothing for CSRF to abuse).
 */
function json(body: unknown, status: number, headers: Record<string, string> = {}) {
  return Response.json(body, { status, headers: { 'Cache-Control': 'no-store', ...headers } })
}

/** The visitor's IP as the site saw it (trusted: the service key was checked first), if known. */
function clientIp(req: PayloadRequest): string | null {
  const reported = req.headers.get(CLIENT_IP_HEADER)?.trim()
  return reported && reported.length <= 64 ? reported : null
}

export const oidcExchange: Endpoint = {
  path: '/oidc-exchange',
  method: 'post',
  handler: async (req) => {
    try {
      if (!isValidServiceKey(req.headers.get(SERVICE_KEY_HEADER), env.SERVICE_KEY)) {
        throw new AuthError('SERVICE_KEY_INVALID', 401, 'A valid service key is required.')
      }
      const ip = clientIp(req)
      if (ip) limitExchangeByIp(ip)
      const body = await (req.json?.() ?? Promise.reject(new Error('no body'))).catch(() => undefined)
      const parsed = oidcExchangeRequestSchema.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const message = body === undefined ? 'The request body must be JSON.' : (issue?.message ?? 'Invalid request.')
        throw new AuthError('INVALID_REQUEST', 400, message)
      }
      return json(await signInWithIdToken(req, parsed.data), 200)
    } catch (error) {
      if (error instanceof AuthError) {
        if (error.status >= 500 || error.code === 'RATE_LIMITED' || error.code === 'ACCOUNT_CONFLICT') {
          req.payload.logger.warn({ msg: 'Google sign-in refused', code: error.code, reason: error.message })
        }
        const headers: Record<string, string> = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
        return json(error.toBody(), error.status, headers)
      }
      req.payload.logger.error({ msg: 'Google sign-in failed', err: error })
      return json({ code: 'ISSUER_UNAVAILABLE', message: 'Sign-in failed on the server; please try again.' }, 503)
    }
  },
}
