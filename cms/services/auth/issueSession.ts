import { getFieldsToSign, jwtSign, type PayloadRequest, type TypedUser } from 'payload'
import { addSessionToUser } from 'payload/shared'

/**
 * A Payload session for a user we have already authenticated (Google), made exactly the way
 * Payload's own login makes one: a session row on the user (so `sid` is in the token, the JWT
 * strategy checks it on every request, and logout revokes it), the collection's saveToJWT fields,
 * signed with the Payload secret for the collection's token lifetime.
 * Payload 3.90's JWT strategy refuses collections with disableLocalStrategy, which is why the
 * users collection keeps the local strategy and password login is blocked by a hook instead.
 */
export async function issueSession(req: PayloadRequest, userId: number): Promise<{ token: string; exp: number }> {
  const { payload } = req
  const collectionConfig = payload.collections.users.config
  // The raw row, sessions included (the Local API hides them).
  const user = (await payload.db.findOne({
    collection: 'users',
    where: { id: { equals: userId } },
    req,
  })) as (TypedUser & { email: string }) | null
  if (!user) throw new Error('issueSession: the user vanished inside the transaction')
  const { sid } = await addSessionToUser({ collectionConfig, payload, req, user })
  const fieldsToSign = getFieldsToSign({ collectionConfig, email: user.email, sid, user })
  return jwtSign({ fieldsToSign, secret: payload.secret, tokenExpiration: collectionConfig.auth.tokenExpiration })
}
