import type { User } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { commonErrors } from '../lib/errors'
import { checkRole } from './checkRole'
import { mentorIdForUser } from './mentorIdForUser'

/**
 * Guards for custom endpoints: they throw the envelope's refusals (403, 404) instead of returning
 * a Where, because the spec's calls name a user or a mentor in the URL or the body.
 */
const OWN_DATA_ONLY = 'You may only see or change your own data.'

/** A user id from the URL or body must be the caller's own, unless the caller is an admin. */
export function requireSelfOrAdmin(caller: User, userId: number | undefined): number {
  if (userId === undefined || userId === caller.id) return caller.id
  if (checkRole(caller, 'admin')) return userId
  throw commonErrors.forbidden(OWN_DATA_ONLY)
}

/**
 * The user a request names by id or e-mail (the spec uses both, in URL segments and `?email=`):
 * the caller themselves when nothing is named; anyone else only for admins (403 otherwise, 404
 * when an admin names nobody).
 */
export async function resolveSubjectUserId(req: PayloadRequest, caller: User, named: string | number | null | undefined): Promise<number> {
  const value = String(named ?? '').trim()
  if (value === '') return caller.id
  if (/^\d+$/.test(value)) return requireSelfOrAdmin(caller, Number(value))
  if (!value.includes('@')) throw commonErrors.notFound('That user does not exist.')
  const email = value.toLowerCase()
  if (email === caller.email.toLowerCase()) return caller.id
  if (!checkRole(caller, 'admin')) throw commonErrors.forbidden(OWN_DATA_ONLY)
  const { docs } = await req.payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  if (!docs[0]) throw commonErrors.notFound('That user does not exist.')
  return docs[0].id
}

/** A mentor's bookings and queue: that mentor (by the profile linked to their account) and admins. */
export async function requireMentorOrAdmin(req: PayloadRequest, caller: User, mentorId: number): Promise<void> {
  if (checkRole(caller, 'admin')) return
  if ((await mentorIdForUser(req, caller)) === mentorId) return
  throw commonErrors.forbidden('Only this mentor and admins may see these bookings.')
}
