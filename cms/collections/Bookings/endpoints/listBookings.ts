import { idParamsSchema, idSchema, MESSAGES } from '@mentorloop/shared'
import { z } from 'zod'
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

/** GET /api/bookings/mentor/:id?batch= — that mentor's students in a batch (default: the running, else the open one), with the batches to switch between (the mentor and admins). */
export const mentorBookingsEndpoint = endpoint({
  path: '/mentor/:id',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  query: z.object({ batch: idSchema.optional() }),
  failure: MESSAGES.FAILED_FETCH_MENTOR_BOOKINGS,
  handler: async ({ req, user, params, query }) => {
    await requireMentorOrAdmin(req, user, params.id)
    return listMentorBookings(req, params.id, query.batch)
  },
})
