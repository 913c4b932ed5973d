import type { Role } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { checkRole } from './checkRole'

/** Who may open /admin at all: admins, marketing staff, and mentors (for their sessions). */
export const canUseAdminPanel = ({ req: { user } }: { req: PayloadRequest }): boolean => checkRole(user, 'admin', 'staff', 'mentor')

/** Hide a collection from the admin navigation unless the user holds one of the roles. */
export const hiddenUnless =
  (...roles: Role[]) =>
  ({ user }: { user: unknown }): boolean =>
    !checkRole(user, ...roles)
