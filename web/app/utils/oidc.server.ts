import type { LoginFailureReason } from '@mentorloop/shared'
import * as client from 'openid-client'
import { z } from 'zod'
import { env } from './env.server'
import { newTransaction, readTransaction, type SignInTransaction, serializeTransaction } from './oidc-transaction.server'

/**
 * Google sign-in, the site's half (docs/decisions/020-sign-in.md): OpenID Connect authorization
 * code flow with PKCE, state and nonce, run by openid-client. With GOOGLE_CLIENT_ID the issuer is
 * Google; without it, the local issuer (`npm run dev`, tests) through the very same code. Plain
 * http is allowed for that local issuer only, never for Google.
 */
export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; local: boolean }

const GOOGLE_ISSUER = 'https://accounts.google.com'
export const CALLBACK_PATH = '/auth/google/callback'

export function oidcSettings(): OidcSettings {
  if (env.usingGoogle) {
    return { issuer: GOOGLE_ISSUER, clientId: env.GOOGLE_CLIENT_ID!, clientSecret: env.GOOGLE_CLIENT_SECRET ?? '', local: false }
  }
  return {
    issuer: env.OIDC_ISSUER ?? 'http://localhost:3003',
    clientId: env.OIDC_CLIENT_ID ?? 'mentorloop-local',
    clientSecret: env.OIDC_CLIENT_SECRET ?? 'local-secret',
    local: true,
  }
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]'])

/** Whether plain http may be used: only for the local stand-in issuer on this machine. */
export function allowsInsecureRequests(settings: OidcSettings): boolean {
  const url = new URL(settings.issuer)
  return settings.local && url.protocol === 'http:' && LOOPBACK.has(url.hostname)
}

const configs = new Map<string, Promise<client.Configuration>>()

export function getOidcConfig(settings: OidcSettings = oidcSettings()): Promise<client.Configuration> {
  const key = `${settings.issuer}|${settings.clientId}`
  let config = configs.get(key)
  if (!config) {
    const insecure = allowsInsecureRequests(settings)
    config = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      insecure ? { execute: [client.allowInsecureRequests], timeout: 5 } : { timeout: 5 },
    )
    // Discovery failures (issuer down) are retried on the next sign-in, not cached.
    config.catch(() => configs.delete(key))
    configs.set(key, config)
  }
  return config
}

export function callbackUrl(): URL {
  // The registered redirect URI, from configuration: behind a TLS-terminating proxy the request's
  // own URL would say http://internal-host.
  return new URL(CALLBACK_PATH, env.WEB_PUBLIC_URL)
}

/** The issuer's authorization URL for a new sign-in, and the cookie that remembers it. */
export async function beginSignIn(opts: { loginHint?: string | null; redirectTo?: string | null }) {
  const settings = oidcSettings()
  const config = await getOidcConfig(settings)
  const tx = newTransaction(opts.redirectTo)
  const parameters: Record<string, string> = {
    redirect_uri: callbackUrl().href,
    response_type: 'code',
    scope: 'openid email profile',
    state: tx.state,
    nonce: tx.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(tx.codeVerifier),
    code_challenge_method: 'S256',
  }
  if (opts.loginHint) parameters.login_hint = opts.loginHint
  if (!settings.local) parameters.prompt = 'select_account'
  return { url: client.buildAuthorizationUrl(config, parameters), cookie: await serializeTransaction(tx), transaction: tx }
}

/** What the issuer may put on the callback URL; anything odd is a failed sign-in, not a 500. */
const callbackParamsSchema = z.object({
  state: z.string().max(512).optional(),
  code: z.string().min(1).max(4096).optional(),
  error: z.string().max(256).optional(),
})

export type SignInOutcome =
  | { ok: true; idToken: string; nonce: string; redirectTo: string }
  | { ok: false; reason: LoginFailureReason; redirectTo: string }

function failed(reason: LoginFailureReason, tx?: SignInTransaction | null): SignInOutcome {
  return { ok: false, reason, redirectTo: tx?.redirectTo ?? '/' }
}

/**
 * Uses the transaction up (and counts whatever limits the caller adds): 'ok' the first time on
 * any instance, 'used' for a replay. The callback route asks the CMS (rate-limit.server.ts).
 */
export type ClaimTransaction = (tx: SignInTransaction) => Promise<'ok' | 'used' | 'rate_limited' | 'unavailable'>

/**
 * The issuer sent the browser back: check the transaction (present, fresh, not used before on any
 * instance, same state), then redeem the code with the PKCE verifier; openid-client checks the ID
 * token's issuer, audience, expiry and nonce. The CMS verifies the token once more, signature included.
 */
export async function finishSignIn(request: Request, claim: ClaimTransaction): Promise<SignInOutcome> {
  const url = new URL(request.url)
  const tx = await readTransaction(request)
  if (!tx) return failed('expired')
  const claimed = await claim(tx)
  if (claimed === 'used') return failed('state_mismatch', tx)
  if (claimed !== 'ok') return failed(claimed, tx)

  const params = callbackParamsSchema.safeParse(Object.fromEntries(url.searchParams))
  if (!params.success) return failed('failed', tx)
  const { state, error, code } = params.data
  // Some issuers omit the state on an error redirect; nothing is granted then anyway.
  if (state !== tx.state && !(error && state === undefined)) return failed('state_mismatch', tx)
  if (error) return failed(error === 'access_denied' ? 'cancelled' : 'failed', tx)
  if (!code) return failed('failed', tx)

  let config: client.Configuration
  try {
    config = await getOidcConfig()
  } catch {
    return failed('unavailable', tx)
  }
  const current = callbackUrl()
  current.search = url.search
  try {
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: tx.codeVerifier,
      expectedState: tx.state,
      expectedNonce: tx.nonce,
      idTokenExpected: true,
    })
    if (!tokens.id_token) return failed('invalid_token', tx)
    return { ok: true, idToken: tokens.id_token, nonce: tx.nonce, redirectTo: tx.redirectTo }
  } catch (error) {
    return failed(classify(error), tx)
  }
}

function classify(error: unknown): LoginFailureReason {
  // The issuer refused the code (already used, expired): start again.
  if (error instanceof client.ResponseBodyError) return error.error === 'invalid_grant' ? 'expired' : 'failed'
  if (error instanceof client.ClientError) {
    if (error.code === 'OAUTH_JWT_TIMESTAMP_CHECK_FAILED') return 'expired'
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' || error.code === 'OAUTH_RESPONSE_IS_NOT_JSON') return 'unavailable'
    return 'invalid_token'
  }
  // fetch failures and timeouts: the issuer is unreachable.
  return 'unavailable'
}
