import type { Access } from 'payload'
import { checkRole } from './checkRole'

/** Admins: every user. Anyone else signed in: their own user document only. */
export const adminOrSelf: Access = ({ req: { user } }) => {
  if (!user) return false
  if (checkRole(user, 'admin')) return true
  return { id: { equals: user.id } }
}
