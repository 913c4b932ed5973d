import { bookingRequestSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { handle, json, parseOr400, requireSelfOrAdmin, requireUser } from '../../../lib/endpoint'
import { createBooking } from '../../../services/booking'

/**
 * POST /api/bookings — SPEC section 7: {userId, mentorId} (plus the form's name and contact).
 * Answers 201 {message, session} for a seat, 200 {message, waitlistEntry} when the mentor is
 * full, or an error {code, error, message, requiresPayment?}.
 *
 * This path is also Payload's own "create a booking" route, which the admin panel uses (multipart
 * form data) and API clients may use (a JSON document with `user`, `mentor`). Custom endpoints
 * match first, so those are handed to the built-in handler: admin-only by the collection's access,
 * with the seat rules of the beforeChange hook and the trigger.
 */
const bookHandler = (body: unknown) =>
  handle(MESSAGES.FAILED_CREATE_BOOKING, async (req) => {
    const user = requireUser(req)
    const input = parseOr400(bookingRequestSchema, body)
    const userId = requireSelfOrAdmin(user, input.userId)
    const result = await createBooking(req, { userId, mentorId: input.mentorId, name: input.name, phone: input.contact })
    if (result.kind === 'booked') {
      return json(
        {
          code: 'BOOKED',
          message: MESSAGES.BOOKING_CREATED,
          session: { id: result.booking.id, mentor: input.mentorId, status: result.booking.status },
          waitlistEntry: null,
        },
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

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

async function readJsonCopy(req: PayloadRequest): Promise<unknown> {
  try {
    return JSON.parse(await Request.prototype.clone.call(req).text())
  } catch {
    return undefined
  }
}

export const createBookingEndpoint: Endpoint = {
  path: '/',
  method: 'post',
  handler: async (req: PayloadRequest) => {
    const type = req.headers.get('content-type') ?? ''
    // Peek at a copy of the body, so the built-in handler can still read the original.
    const body = type.includes('application/json') ? await readJsonCopy(req) : undefined
    const isDocument =
      !type.includes('application/json') || (isObject(body) && !('mentorId' in body) && ('user' in body || 'mentor' in body))
    if (isDocument) {
      const builtIn = req.payload.collections.bookings.config.endpoints
      const create = Array.isArray(builtIn)
        ? builtIn.find((e) => e.method === 'post' && e.path === '/' && e !== createBookingEndpoint)
        : undefined
      if (create) return create.handler(req)
    }
    return bookHandler(body)(req)
  },
}
