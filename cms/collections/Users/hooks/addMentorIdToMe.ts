import type { CollectionAfterMeHook } from 'payload'
import { mentorIdForUser } from '../../../access/mentorIdForUser'

/**
 * GET /api/users/me also answers `mentorId`: the mentor profile of a user with the mentor role
 * (null otherwise), so the site learns it in the same call it already makes on every page.
 */
export const addMentorIdToMe: CollectionAfterMeHook = async ({ req, response }) => {
  const user = (response as { user?: { id: number; roles?: unknown } | null }).user ?? null
  return { ...(response as object), mentorId: await mentorIdForUser(req, user) } as typeof response
}
