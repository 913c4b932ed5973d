import type { Access, CollectionBeforeOperationHook, FieldAccess, Where } from 'payload'
import { checkRole } from './checkRole'

const isStaff = (user: unknown) => checkRole(user, 'staff', 'admin')
/** A mentor account that is not also staff: their profile edits wait for staff review. */
const isMentorOnly = (user: unknown) => checkRole(user, 'mentor') && !isStaff(user)

/** A mentor's e-mail address: editors and admins, and the mentor whose profile it is (no student, no visitor). */
export const readOwnMentorEmail: FieldAccess = ({ req: { user }, doc }) => {
  if (isStaff(user)) return true
  if (!user || !checkRole(user, 'mentor')) return false
  const owner = (doc as { user?: unknown } | undefined)?.user
  const ownerId = owner && typeof owner === 'object' ? (owner as { id?: unknown }).id : owner
  return ownerId != null && ownerId === user.id
}

/** Mentor profiles: editors and admins everything; a mentor also reads their own draft. */
export const readMentors: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  if (user && checkRole(user, 'mentor')) {
    const visible: Where = { or: [{ _status: { equals: 'published' } }, { user: { equals: user.id } }] }
    return visible
  }
  return { _status: { equals: 'published' } }
}

/**
 * A mentor may edit their own public profile text as a draft; editors and admins any profile, and
 * only they publish (a mentor asking to publish is refused; see saveMentorEditsAsDrafts).
 */
export const updateMentors: Access = ({ req: { user }, data }) => {
  if (isStaff(user)) return true
  if (user && isMentorOnly(user)) {
    if ((data as { _status?: unknown } | undefined)?._status === 'published') return false
    return { user: { equals: user.id } }
  }
  return false
}

/** A profile's history: editors and admins; a mentor the versions of their own profile. */
export const readMentorVersions: Access = ({ req: { user } }) => {
  if (isStaff(user)) return true
  if (user && isMentorOnly(user)) return { 'version.user': { equals: user.id } }
  return false
}

/**
 * Whatever a mentor sends, their save (or restore of an old version) becomes a draft that staff
 * review and publish: the published profile students see never changes without staff.
 */
export const saveMentorEditsAsDrafts: CollectionBeforeOperationHook = ({ args, operation, req }) => {
  if (!isMentorOnly(req.user) || (args as { overrideAccess?: boolean }).overrideAccess) return args
  if (operation === 'restoreVersion') return { ...args, draft: true }
  if (operation !== 'update') return args
  const data = (args.data ?? {}) as Record<string, unknown>
  // An explicit request to publish is left as it is: the update access refuses it (403).
  if (data._status === 'published') return args
  return { ...args, draft: true, data: { ...data, _status: 'draft' } }
}
