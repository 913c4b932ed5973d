import type { Access } from 'payload'
import { checkRole } from './checkRole'

/** Admins: every document. Others signed in: the documents whose `user` is them. */
export const adminOrOwner: Access = ({ req: { user } }) => {
  if (!user) return false
  if (checkRole(user, 'admin')) return true
  return { user: { equals: user.id } }
}
