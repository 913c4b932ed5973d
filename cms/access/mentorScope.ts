import type { Access, FieldAccess, Where } from 'payload'
import { checkRole } from './checkRole'
import { mentorIdForUser } from './mentorIdForUser'

/**
 * Documents that belong to a mentor profile (batches, sessions, seat offers): admins all, a mentor
 * those of the profile linked to their account (looked up by id: the profile's `user` field is
 * staff-only, so a mentor cannot filter on it), nobody else.
 */
export const adminOrOwnMentorDocs: Access = async ({ req }) => {
  const { user } = req
  if (!user) return false
  if (checkRole(user, 'admin')) return true
  if (!checkRole(user, 'mentor')) return false
  const mentorId = await mentorIdForUser(req, user)
  if (mentorId === null) return false
  const own: Where = { mentor: { equals: mentorId } }
  return own
}

/** Admins and mentors may create (a mentor only for their own profile: the collection's hook sets it). */
export const adminOrMentor: Access = ({ req: { user } }) => checkRole(user, 'admin', 'mentor')

export const adminOnlyField: FieldAccess = ({ req: { user } }) => checkRole(user, 'admin')
