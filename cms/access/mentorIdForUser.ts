import type { PayloadRequest } from 'payload'
import { checkRole } from './checkRole'

/**
 * The mentor profile linked to a user with the mentor role (the site's "Mentor-Bookings" link
 * and the guard on /mentors/{id}); null for everyone else. Drafts count: a mentor whose profile
 * is not published yet still sees its bookings page.
 */
export async function mentorIdForUser(req: PayloadRequest, user: { id: number; roles?: unknown } | null): Promise<number | null> {
  if (!user || !checkRole(user, 'mentor')) return null
  const { docs } = await req.payload.find({
    collection: 'mentors',
    where: { user: { equals: user.id } },
    limit: 1,
    depth: 0,
    draft: true,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return (docs[0]?.id as number | undefined) ?? null
}
