import { idParamsSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { publishedMentorSeats } from '../../../services/seats/seatState'

/** GET /api/mentors/:id/is-full — docs/spec.md: {isFull} (true when not open for booking: full or paused), with the seat state. Public. */
export const isFullEndpoint = endpoint({
  path: '/:id/is-full',
  method: 'get',
  auth: 'public',
  params: idParamsSchema,
  failure: 'Failed to check the mentor’s seats',
  handler: async ({ req, params }) => {
    const seats = await publishedMentorSeats(req, params.id)
    return { mentorId: params.id, isFull: !seats.open, ...seats }
  },
})
