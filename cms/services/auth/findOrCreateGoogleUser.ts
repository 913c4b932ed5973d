import { randomBytes } from 'node:crypto'
import type { User } from '@mentorloop/shared/payload-types'
import { type PayloadRequest, ValidationError } from 'payload'
import { AppError } from '../../lib/errors'
import type { VerifiedIdentity } from './verifyIdToken'

/**
 * The account for a verified Google identity: the one already linked to its subject; else the
 * one with its (verified) e-mail, which gets linked; else a new student account that signs in
 * with Google only (passwordLogin false, a random password nobody knows). The picture always
 * follows Google; the name only fills an empty one, so a name the person or an admin set stays.
 * Runs inside the caller's transaction (`req`).
 */
export async function findOrCreateGoogleUser(req: PayloadRequest, identity: VerifiedIdentity): Promise<User> {
  try {
    return await findOrCreate(req, identity)
  } catch (error) {
    // Two first sign-ins of the same person at once: the other one created the account.
    if (error instanceof ValidationError) return findOrCreate(req, identity, { createAllowed: false })
    throw error
  }
}

async function findOne(req: PayloadRequest, where: Record<string, unknown>): Promise<User | null> {
  const { docs } = await req.payload.find({
    collection: 'users',
    where: where as never,
    limit: 1,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })
  return (docs[0] as User | undefined) ?? null
}

async function findOrCreate(
  req: PayloadRequest,
  identity: VerifiedIdentity,
  opts: { createAllowed: boolean } = { createAllowed: true },
): Promise<User> {
  const bySubject = await findOne(req, { googleSub: { equals: identity.subject } })
  if (bySubject) return refresh(req, bySubject, identity)

  const byEmail = await findOne(req, { email: { equals: identity.email } })
  if (byEmail) {
    if (byEmail.googleSub && byEmail.googleSub !== identity.subject) {
      throw new AppError('ACCOUNT_CONFLICT', 409, 'This e-mail address is linked to a different Google account.')
    }
    return refresh(req, byEmail, identity, { linkSubject: true })
  }

  if (!opts.createAllowed) throw new AppError('ACCOUNT_CONFLICT', 409, 'The account could not be created; please try again.')
  return (await req.payload.create({
    collection: 'users',
    data: {
      email: identity.email,
      name: identity.name ?? undefined,
      profileImage: identity.picture ?? undefined,
      googleSub: identity.subject,
      roles: ['student'],
      passwordLogin: false,
      password: randomBytes(32).toString('base64url'),
    },
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })) as User
}

async function refresh(req: PayloadRequest, user: User, identity: VerifiedIdentity, opts: { linkSubject?: boolean } = {}): Promise<User> {
  const data: Partial<User> = {}
  if (opts.linkSubject) data.googleSub = identity.subject
  if (identity.picture && identity.picture !== user.profileImage) data.profileImage = identity.picture
  if (identity.name && !user.name) data.name = identity.name
  if (Object.keys(data).length === 0) return user
  return (await req.payload.update({
    collection: 'users',
    id: user.id,
    data,
    depth: 0,
    overrideAccess: true,
    showHiddenFields: true,
    req,
  })) as User
}
