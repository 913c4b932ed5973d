import { idSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { handle, isAdminUser, json, parseOr400, requireSelfOrAdmin, requireUser } from '../../../lib/endpoint'
import { mentorIdForUser } from '../../../services/auth/mentorIdForUser'
import { bookingErrors } from '../../../services/booking'
import { bookingView, upcomingSessions } from './views'

/** GET /api/bookings/user/:id — the student's own bookings (an admin: anyone's), newest first, with their sessions. */
export const userBookingsEndpoint: Endpoint = {
  path: '/user/:id',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_BOOKING, async (req) => {
    const user = requireUser(req)
    const userId = requireSelfOrAdmin(user, parseOr400(idSchema, req.routeParams?.id))
    const { docs } = await req.payload.find({
      collection: 'bookings',
      where: { user: { equals: userId }, status: { not_equals: 'cancelled' } },
      sort: '-createdAt',
      depth: 1,
      limit: 50,
      overrideAccess: true,
      req,
    })
    const sessions = await upcomingSessions(
      req,
      docs.filter((b) => b.status === 'confirmed').map((b) => (typeof b.mentor === 'object' ? b.mentor.id : b.mentor)),
    )
    return json({ bookings: docs.map((b) => bookingView(b, { sessions })) })
  }),
}

/** Admins, or the mentor whose profile this is. */
export async function requireMentorOrAdmin(req: Parameters<Endpoint['handler']>[0], mentorId: number) {
  const user = requireUser(req)
  if (isAdminUser(user)) return user
  if ((await mentorIdForUser(req, user as never)) === mentorId) return user
  throw bookingErrors.forbidden('Only this mentor and admins may see these bookings.')
}

/** GET /api/bookings/mentor/:id — that mentor's current batch (confirmed bookings) with the students' names and e-mails. */
export const mentorBookingsEndpoint: Endpoint = {
  path: '/mentor/:id',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_MENTOR_BOOKINGS, async (req) => {
    const mentorId = parseOr400(idSchema, req.routeParams?.id)
    await requireMentorOrAdmin(req, mentorId)
    const { docs } = await req.payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentorId }, status: { equals: 'confirmed' } },
      sort: 'createdAt',
      depth: 1,
      limit: 500,
      overrideAccess: true,
      req,
      select: { user: true, mentor: true, status: true, source: true, timeSlot: true, createdAt: true },
      populate: { users: { name: true, email: true }, mentors: { name: true } },
    })
    return json({ bookings: docs.map((b) => bookingView(b, { withUser: true })) })
  }),
}
