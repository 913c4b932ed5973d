import { bookingRequestSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { requireSelfOrAdmin } from '../../../access/guards'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { createBooking } from '../../../services/booking'

/**
 * POST /api/bookings — docs/spec.md §7: {userId, mentorId} (plus the form's name and contact).
 * Answers 201 {message, booking} for a seat, 200 {message, waitlistEntry} when the mentor is not
 * open for booking, or the error envelope (with requiresPayment). `session` repeats `booking`
 * because the spec's clients read that name; our own code reads `booking`.
 */
const bookEndpoint = endpoint({
  path: '/',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeBooking'),
  body: bookingRequestSchema,
  failure: MESSAGES.FAILED_CREATE_BOOKING,
  handler: async ({ req, user, body }) => {
    const userId = requireSelfOrAdmin(user, body.userId)
    const result = await createBooking(req, { userId, mentorId: body.mentorId, name: body.name, phone: body.contact })
    if (result.kind === 'booked') {
      const booking = { id: result.booking.id, mentor: body.mentorId, status: result.booking.status }
      return json({ code: 'BOOKED', message: MESSAGES.BOOKING_CREATED, booking, session: booking, waitlistEntry: null }, { status: 201 })
    }
    return {
      code: 'WAITLISTED',
      title: MESSAGES.WAITLIST_TOKEN_TITLE,
      error: MESSAGES.WAITLIST_TOKEN_TITLE,
      message: MESSAGES.WAITLIST_TOKEN,
      booking: null,
      session: null,
      waitlistEntry: { id: result.entry.id, mentor: body.mentorId, position: result.position },
    }
  },
})

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

async function peekJson(req: PayloadRequest): Promise<unknown> {
  try {
    return JSON.parse(await Request.prototype.clone.call(req).text())
  } catch {
    return undefined
  }
}

/**
 * This path is also Payload's own "create a booking" route, which the admin panel uses (multipart
 * form data) and API clients may use (a JSON document with `user`, `mentor`). Custom endpoints
 * match first, so those are handed to the built-in handler: admin-only by the collection's access,
 * with the seat rules of the beforeChange hook and the trigger.
 */
export const createBookingEndpoint: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    const type = req.headers.get('content-type') ?? ''
    const body = type.includes('application/json') ? await peekJson(req) : undefined
    const isDocument =
      !type.includes('application/json') || (isObject(body) && !('mentorId' in body) && ('user' in body || 'mentor' in body))
    if (isDocument) {
      const builtIn = req.payload.collections.bookings.config.endpoints
      const create = Array.isArray(builtIn)
        ? builtIn.find((e) => e.method === 'post' && e.path === '/' && e !== createBookingEndpoint)
        : undefined
      if (create) return create.handler(req)
    }
    return bookEndpoint.handler(req)
  },
}
