import { idSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { handle, json, parseOr400, requireUser } from '../../../lib/endpoint'
import { cancelBooking } from '../../../services/booking'

/** POST /api/bookings/:id/cancel — the student cancels their own booking (an admin any); the seat goes to the waitlist at once. */
export const cancelBookingEndpoint: Endpoint = {
  path: '/:id/cancel',
  method: 'post',
  handler: handle('Failed to cancel booking', async (req) => {
    const user = requireUser(req)
    const bookingId = parseOr400(idSchema, req.routeParams?.id)
    const result = await cancelBooking({ payload: req.payload, bookingId, byUser: user, req })
    return json({
      message: result.alreadyCancelled ? 'This booking was already cancelled.' : 'Booking cancelled.',
      booking: { id: result.booking.id, status: result.booking.status },
      assigned: result.assigned,
    })
  }),
}
