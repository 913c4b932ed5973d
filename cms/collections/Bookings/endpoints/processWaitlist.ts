import { idSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { handle, isAdminUser, json, parseOr400, requireUser } from '../../../lib/endpoint'
import { bookingErrors, fillOpenSeats } from '../../../services/booking'

/** POST /api/bookings/process-waitlist/:mentorId (admin) — give the mentor's free seats to its queue now. */
export const processWaitlistEndpoint: Endpoint = {
  path: '/process-waitlist/:id',
  method: 'post',
  handler: handle(MESSAGES.FAILED_PROCESS_WAITLIST, async (req) => {
    const user = requireUser(req)
    if (!isAdminUser(user)) throw bookingErrors.forbidden('Only admins may process a waitlist.')
    const mentorId = parseOr400(idSchema, req.routeParams?.id)
    const { assigned } = await fillOpenSeats({ payload: req.payload, mentorId, req })
    return json({
      message: assigned === 0 ? 'Waitlist processed: no seat could be assigned.' : `Waitlist processed: ${assigned} seat(s) assigned.`,
      assigned,
    })
  }),
}
