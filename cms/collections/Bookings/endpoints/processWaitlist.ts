import { idParamsSchema, MESSAGES } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { fillOpenSeats } from '../../../services/booking'

/** POST /api/bookings/process-waitlist/:mentorId (admin) — give the mentor's free seats to its queue now. */
export const processWaitlistEndpoint = endpoint({
  path: '/process-waitlist/:id',
  method: 'post',
  auth: 'admin',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_PROCESS_WAITLIST,
  handler: async ({ req, params }) => {
    const { assigned } = await fillOpenSeats({ payload: req.payload, mentorId: params.id, req })
    return {
      message: assigned === 0 ? 'Waitlist processed: no seat could be assigned.' : `Waitlist processed: ${assigned} seat(s) assigned.`,
      assigned,
    }
  },
})
