import type { OidcExchangeRequest, OidcExchangeResponse } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { mentorIdForUser } from '../../access/mentorIdForUser'
import { inTransaction } from '../../lib/transaction'
import { findOrCreateGoogleUser } from './findOrCreateGoogleUser'
import { issueSession } from './issueSession'
import { getOidcProvider, type OidcProvider } from './oidcProvider'
import { limitExchangeByAccount } from './rateLimits'
import { markIdTokenUsed } from './replayGuard'
import { verifyIdToken } from './verifyIdToken'

/**
 * Google sign-in on the CMS side: verify the ID token the site received, find or create the
 * account, and mint a Payload session for it, in one transaction. Throws AppError on refusal.
 * The caller (the exchange endpoint) has already checked the service key and the IP limit.
 */
export async function signInWithIdToken(
  req: PayloadRequest,
  input: OidcExchangeRequest,
  opts: { provider?: OidcProvider } = {},
): Promise<OidcExchangeResponse> {
  const provider = opts.provider ?? (await getOidcProvider())
  const identity = await verifyIdToken(input.idToken, input.nonce, provider)
  await limitExchangeByAccount(req.payload, identity.subject)
  // In PostgreSQL: a token replayed to another CMS instance is refused there too.
  await markIdTokenUsed(req.payload, identity.subject, identity.nonce, identity.expiresAt)

  return inTransaction(req, async () => {
    const user = await findOrCreateGoogleUser(req, identity)
    const { token, exp } = await issueSession(req, user.id)
    const mentorId = await mentorIdForUser(req, user)
    return {
      token,
      exp,
      user: { id: user.id, email: user.email, name: user.name ?? null, roles: user.roles ?? [], mentorId },
    }
  })
}
