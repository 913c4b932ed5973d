import type { Access, Where } from 'payload'
import { checkRole } from './checkRole'

/**
 * Sessions: admins all; a mentor the sessions of their own mentor profile. Students read their
 * sessions through GET /api/bookings/user/:id (only their mentor's, only while booked).
 */
export const adminOrMentorOfSession: Access = ({ req: { user } }) => {
  if (!user) return false
  if (checkRole(user, 'admin')) return true
  if (checkRole(user, 'mentor')) {
    const own: Where = { 'mentor.user': { equals: user.id } }
    return own
  }
  return false
}
