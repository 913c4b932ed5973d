import type { Access, Where } from 'payload'
import { checkRole } from './checkRole'

/**
 * Bookings and waitlist entries: admins see all; a student sees their own; a mentor sees the
 * ones for the mentor profile linked to their account.
 */
export const adminOwnerOrMentor: Access = ({ req: { user } }) => {
  if (!user) return false
  if (checkRole(user, 'admin')) return true
  if (checkRole(user, 'mentor')) {
    const own: Where = { or: [{ user: { equals: user.id } }, { 'mentor.user': { equals: user.id } }] }
    return own
  }
  return { user: { equals: user.id } }
}
