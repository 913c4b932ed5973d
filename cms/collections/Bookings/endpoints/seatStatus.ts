import { idSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { handle, json, parseOr400 } from '../../../lib/endpoint'
import { BookingError } from '../../../services/booking'
import { countTaken } from '../../../services/booking/seats'

export type SeatStatus = { mentorId: number; capacity: number; booked: number; seatsLeft: number; isFull: boolean }

/**
 * A published mentor's seats, read without locks (a hint for the page; the booking itself decides
 * under the lock). "Full" also covers a mentor who paused new bookings: the site offers the waitlist.
 */
export async function seatStatus(req: PayloadRequest, mentorId: number): Promise<SeatStatus> {
  const mentor = await req.payload.findByID({
    collection: 'mentors',
    id: mentorId,
    depth: 0,
    overrideAccess: false,
    req,
    disableErrors: true,
  })
  if (mentor?._status !== 'published')
    throw new BookingError('MENTOR_NOT_FOUND', 404, 'That mentor does not exist or is not published.', 'Mentor Not Found')
  const capacity = Number(mentor.capacity)
  const booked = await countTaken(req, mentorId)
  const seatsLeft = mentor.acceptingBookings === false ? 0 : Math.max(0, capacity - booked)
  return { mentorId, capacity, booked, seatsLeft, isFull: seatsLeft === 0 }
}

/** GET /api/bookings/mentor/:id/waitlist-status — SPEC: {waitlist} (true when the mentor is in waitlist mode). Public, like the landing page's seat badges. */
export const waitlistStatusEndpoint: Endpoint = {
  path: '/mentor/:id/waitlist-status',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_MENTOR_WAITLIST, async (req) => {
    const status = await seatStatus(req, parseOr400(idSchema, req.routeParams?.id))
    return json({ waitlist: status.isFull, ...status })
  }),
}
