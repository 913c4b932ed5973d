import {
  SERVICE_KEY_HEADER,
  SIGN_IN_GUARD_PATH,
  type SignInGuardRequest,
  type SignInGuardResponse,
  type SiteLimit,
} from '@mentorloop/shared'
import { CmsError, cms, isCmsUnavailable } from '~/models/cms.server'
import { env } from './env.server'

/**
 * The site's sign-in limits and the one-time use of a sign-in transaction, decided by the CMS in
 * PostgreSQL (docs/decisions/113-shared-state-in-postgres.md), so that every site instance counts
 * together and a transaction completes once, whichever instance the browser comes back to.
 * Starting a sign-in counts per IP and per account hint; coming back counts per IP; the CMS
 * limits the exchange again, per IP and per Google account. Windows and maxima live in the CMS
 * (cms/services/auth/rateLimits.ts). One call per step: a few milliseconds on a sign-in.
 */
export type GuardOutcome = 'ok' | 'rate_limited' | 'used' | 'unavailable'

export async function signInGuard(request: SignInGuardRequest): Promise<GuardOutcome> {
  try {
    await cms<SignInGuardResponse>(SIGN_IN_GUARD_PATH, {
      method: 'POST',
      body: request,
      headers: { [SERVICE_KEY_HEADER]: env.SERVICE_KEY },
      timeoutMs: 5_000,
    })
    return 'ok'
  } catch (error) {
    if (error instanceof CmsError && !isCmsUnavailable(error)) {
      if (error.status === 429) return 'rate_limited'
      if (error.status === 409) return 'used'
    }
    // The CMS cannot answer: nothing is allowed on a guess (and the exchange would fail anyway).
    return 'unavailable'
  }
}

/** One hit of a site limit, as the guard's request carries it. */
export const hit = (limit: SiteLimit, key: string) => ({ limit, key })
