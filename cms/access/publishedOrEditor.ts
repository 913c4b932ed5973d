import type { Access } from 'payload'
import { checkRole } from './checkRole'

/** Drafts are for editors; everyone else reads published documents only. */
export const publishedOrEditor: Access = ({ req: { user } }) => {
  if (checkRole(user, 'staff', 'admin')) return true
  return { _status: { equals: 'published' } }
}
