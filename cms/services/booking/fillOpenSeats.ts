import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { inTransaction, requireTransaction, txQuery } from '../../lib/transaction'
import { getActivePlan } from '../plans/activePlan'
import { emailSeatAssigned } from './emails'
import { confirmedBookingOf, confirmSeat, lockMentor } from './seats'

export type SeatAssignment = { userId: number; entryId: number; bookingId: number }

/**
 * Gives a mentor's free seats to its waiting students, first come first served, skipping those
 * without an active mentorship plan (they keep their place) and those who already hold a booking.
 * Must run inside the caller's transaction; takes the mentor's row lock.
 */
export async function fillOpenSeatsInTransaction(req: PayloadRequest, mentorId: number): Promise<SeatAssignment[]> {
  await requireTransaction(req)
  const mentor = await lockMentor(req, mentorId)
  if (!mentor?.published || mentor.paused) return []
  let free = mentor.seatsLeft
  if (free === 0) return []

  const queue = await txQuery<{ id: number; user_id: number }>(
    req,
    sql`SELECT id, user_id FROM waitlist WHERE mentor_id = ${mentorId} AND status = 'waiting' ORDER BY joined_at, id`,
  )
  const assigned: SeatAssignment[] = []
  for (const row of queue) {
    if (free === 0) break
    const userId = Number(row.user_id)
    const entryId = Number(row.id)
    if (await confirmedBookingOf(req, userId)) continue
    if (!(await getActivePlan(req, userId, 'mentorship'))) continue
    const booking = await confirmSeat(req, { userId, mentorId, source: 'waitlist' })
    const user = await req.payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req })
    await emailSeatAssigned(req, user, mentor.name)
    assigned.push({ userId, entryId, bookingId: booking.id })
    free--
  }
  return assigned
}

/** A seat opened at a mentor (capacity raised, a booking cancelled or refunded, a new batch). */
export async function fillOpenSeats({
  payload,
  mentorId,
  req: given,
}: {
  payload: Payload
  mentorId: number | string
  req?: PayloadRequest
}): Promise<{ assigned: number; userIds: number[] }> {
  const req = given ?? (await createLocalReq({}, payload))
  return inTransaction(req, async () => {
    const done = await fillOpenSeatsInTransaction(req, Number(mentorId))
    return { assigned: done.length, userIds: done.map((a) => a.userId) }
  })
}
