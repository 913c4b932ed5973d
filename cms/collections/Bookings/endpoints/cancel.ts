import { idParamsSchema, keepNextSeatField } from '@mentorloop/shared'
import { z } from 'zod'
import { endpoint } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { cancelBooking } from '../../../services/booking'

/** POST /api/bookings/:id/cancel {keepNextSeat?} — the student cancels their own booking (an admin any); the seat goes to the waitlist at once. */
export const cancelBookingEndpoint = endpoint({
  path: '/:id/cancel',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeBooking'),
  params: idParamsSchema,
  // Optional: the dialog's answer for a seat in a running batch (keep next month's held seat?).
  body: z.object({ keepNextSeat: keepNextSeatField }).strict().optional(),
  failure: 'Failed to cancel booking',
  handler: async ({ req, user, params, body }) => {
    const result = await cancelBooking({
      payload: req.payload,
      bookingId: params.id,
      byUser: user,
      req,
      keepNextHold: body?.keepNextSeat ?? true,
    })
    return {
      message: result.alreadyCancelled ? 'This booking was already cancelled.' : 'Booking cancelled.',
      booking: { id: result.booking.id, status: result.booking.status },
      assigned: result.assigned,
    }
  },
})
