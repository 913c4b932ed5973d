import { createRemoteJWKSet } from 'jose'
import { z } from 'zod'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'

/**
 * The OpenID provider the CMS trusts: Google in production, the local issuer
 * (oauth2-mock-server) in development and tests. Its metadata and keys are fetched once and
 * cached; jose refetches the key set when a token names a key it has not seen (Google rotates).
 */
export type OidcProvider = {
  /** The issuer identifiers a token may carry (Google uses two spellings). */
  issuers: string[]
  clientId: string
  getKey: ReturnType<typeof createRemoteJWKSet>
}

const GOOGLE_ISSUER = 'https://accounts.google.com'

const metadataSchema = z.object({ issuer: z.string().url(), jwks_uri: z.string().url() })

const cache = new Map<string, Promise<OidcProvider>>()

async function discover(issuer: string, clientId: string): Promise<OidcProvider> {
  const url = `${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`
  let res: Response
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(5_000), headers: { Accept: 'application/json' } })
  } catch (error) {
    throw new AppError('ISSUER_UNAVAILABLE', 503, `The OpenID issuer could not be reached (${(error as Error).name}).`)
  }
  if (!res.ok) throw new AppError('ISSUER_UNAVAILABLE', 503, `The OpenID issuer's metadata answered ${res.status}.`)
  const parsed = metadataSchema.safeParse(await res.json().catch(() => null))
  if (!parsed.success) throw new AppError('ISSUER_UNAVAILABLE', 503, "The OpenID issuer's metadata is not valid.")
  if (parsed.data.issuer.replace(/\/$/, '') !== issuer.replace(/\/$/, '')) {
    throw new AppError('ISSUER_UNAVAILABLE', 503, "The OpenID issuer's metadata names another issuer.")
  }
  const issuers = issuer === GOOGLE_ISSUER ? [GOOGLE_ISSUER, 'accounts.google.com'] : [parsed.data.issuer]
  return {
    issuers,
    clientId,
    getKey: createRemoteJWKSet(new URL(parsed.data.jwks_uri), {
      timeoutDuration: 5_000,
      cooldownDuration: 30_000,
      cacheMaxAge: 10 * 60 * 1000,
    }),
  }
}

/** The configured provider (env), or another one (tests). */
export function getOidcProvider(issuer = env.oidcIssuer, clientId = env.oidcClientId): Promise<OidcProvider> {
  const key = `${issuer}|${clientId}`
  let provider = cache.get(key)
  if (!provider) {
    provider = discover(issuer, clientId)
    // A failed discovery is retried on the next sign-in instead of being cached.
    provider.catch(() => cache.delete(key))
    cache.set(key, provider)
  }
  return provider
}
