import { idParamsSchema, MESSAGES } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { publishedMentorSeats } from '../../../services/seats/seatState'

/** GET /api/bookings/mentor/:id/waitlist-status — docs/spec.md: {waitlist}, true when the mentor is in waitlist mode (not open for booking). Public. */
export const waitlistStatusEndpoint = endpoint({
  path: '/mentor/:id/waitlist-status',
  method: 'get',
  auth: 'public',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_FETCH_MENTOR_WAITLIST,
  handler: async ({ req, params }) => {
    const seats = await publishedMentorSeats(req, params.id)
    return { waitlist: !seats.open, mentorId: params.id, isFull: !seats.open, ...seats }
  },
})
