import { idParamsSchema, MESSAGES } from '@mentorloop/shared'
import { requireMentorOrAdmin, requireSelfOrAdmin } from '../../../access/guards'
import { endpoint } from '../../../lib/endpoint'
import { listMentorBookings, listUserBookings } from '../../../services/booking/views'

/** GET /api/bookings/user/:id — the student's own bookings (an admin: anyone's), newest first, with their sessions. */
export const userBookingsEndpoint = endpoint({
  path: '/user/:id',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_FETCH_BOOKING,
  handler: async ({ req, user, params }) => ({ bookings: await listUserBookings(req, requireSelfOrAdmin(user, params.id)) }),
})

/** GET /api/bookings/mentor/:id — that mentor's current batch with the students' names and e-mails (the mentor and admins). */
export const mentorBookingsEndpoint = endpoint({
  path: '/mentor/:id',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_FETCH_MENTOR_BOOKINGS,
  handler: async ({ req, user, params }) => {
    await requireMentorOrAdmin(req, user, params.id)
    return { bookings: await listMentorBookings(req, params.id) }
  },
})
