import { bookingRequestSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { handle, json, parseOr400, readJson, requireSelfOrAdmin, requireUser } from '../../../lib/endpoint'
import { createBooking } from '../../../services/booking'

/**
 * POST /api/bookings — SPEC section 7: {userId, mentorId} (plus the form's name and contact).
 * Answers 201 {message, session} for a seat, 200 {message, waitlistEntry} when the mentor is
 * full, or an error {code, error, message, requiresPayment?}.
 *
 * This path is also Payload's own "create a booking" route, which the admin panel uses (it sends
 * multipart form data). Custom endpoints match first, so anything that is not JSON is handed to
 * the built-in handler (admin-only by the collection's access; the seat-limit trigger still holds).
 */
const bookHandler = handle(MESSAGES.FAILED_CREATE_BOOKING, async (req) => {
  const user = requireUser(req)
  const input = parseOr400(bookingRequestSchema, await readJson(req))
  const userId = requireSelfOrAdmin(user, input.userId)
  const result = await createBooking(req, { userId, mentorId: input.mentorId, name: input.name, phone: input.contact })
  if (result.kind === 'booked') {
    return json(
      { code: 'BOOKED', message: MESSAGES.BOOKING_CREATED, session: { id: result.booking.id, mentor: input.mentorId, status: result.booking.status }, waitlistEntry: null },
      201,
    )
  }
  return json({
    code: 'WAITLISTED',
    error: MESSAGES.WAITLIST_TOKEN_TITLE,
    message: MESSAGES.WAITLIST_TOKEN,
    session: null,
    waitlistEntry: { id: result.entry.id, mentor: input.mentorId, position: result.position },
  })
})

export const createBookingEndpoint: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    const type = req.headers.get('content-type') ?? ''
    if (!type.includes('application/json')) {
      const builtIn = req.payload.collections.bookings.config.endpoints
      const create = Array.isArray(builtIn) ? builtIn.find((e) => e.method === 'post' && e.path === '/' && e !== createBookingEndpoint) : undefined
      if (create) return create.handler(req)
    }
    return bookHandler(req)
  },
}
