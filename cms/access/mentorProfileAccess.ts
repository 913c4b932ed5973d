import type { Access, Where } from 'payload'
import { checkRole } from './checkRole'

/** Mentor profiles: editors and admins everything; a mentor also reads their own draft. */
export const readMentors: Access = ({ req: { user } }) => {
  if (checkRole(user, 'staff', 'admin')) return true
  if (user && checkRole(user, 'mentor')) {
    const visible: Where = { or: [{ _status: { equals: 'published' } }, { user: { equals: user.id } }] }
    return visible
  }
  return { _status: { equals: 'published' } }
}

/** A mentor may edit their own public profile text; editors and admins any profile. */
export const updateMentors: Access = ({ req: { user } }) => {
  if (checkRole(user, 'staff', 'admin')) return true
  if (user && checkRole(user, 'mentor')) return { user: { equals: user.id } }
  return false
}
