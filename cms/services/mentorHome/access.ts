import type { User } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { mentorIdForUser } from '../../access/mentorIdForUser'
import { commonErrors } from '../../lib/errors'

/**
 * The mentor profile whose home the caller may see: always their own, found from the signed-in
 * account (never from an id in the request), so one mentor can never read or change another's
 * batches. Students and staff without a mentor profile are refused.
 */
export async function ownMentorId(req: PayloadRequest, user: User): Promise<number> {
  if (!checkRole(user, 'mentor')) throw commonErrors.forbidden('Only mentors have a home on the site.')
  const mentorId = await mentorIdForUser(req, user)
  if (mentorId === null) throw commonErrors.notFound('Your account has no mentor profile yet: an admin links it to you.')
  return mentorId
}
