import type { SeatState } from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { bookingErrors } from '../booking/errors'

/**
 * The seat state of a mentor: the one definition of "full", "paused" and "open for booking"
 * (docs/decisions/041-seat-state.md). Every endpoint, hook, job and page reads it from here.
 */
export function seatState(input: { capacity: number | string; booked: number | string; acceptingBookings: boolean | null }): SeatState {
  const capacity = Number(input.capacity)
  const booked = Number(input.booked)
  const seatsLeft = Math.max(0, capacity - booked)
  const paused = input.acceptingBookings === false
  const full = seatsLeft === 0
  return { capacity, booked, seatsLeft, full, paused, open: !paused && !full }
}

/** Confirmed bookings of the mentor whose id is `mentorId` (a value or a column): the seats taken. */
export const bookedSeats = (mentorId: SQL | number) =>
  sql`(SELECT count(*) FROM bookings b WHERE b.mentor_id = ${mentorId} AND b.status = 'confirmed')`

type Row = {
  id: number
  name: string | null
  capacity: string | number
  accepting_bookings: boolean | null
  status: string | null
  booked: string | number
}

export type MentorSeats = SeatState & { mentorId: number; name: string; published: boolean }

const fromRow = (r: Row): MentorSeats => ({
  mentorId: Number(r.id),
  name: r.name ?? 'your mentor',
  published: r.status === 'published',
  ...seatState({ capacity: r.capacity, booked: r.booked, acceptingBookings: r.accepting_bookings }),
})

/**
 * One mentor's seats. With `lock`, the mentor's row lock is taken first and held for the rest of
 * the transaction; every path that confirms a booking (the booking service, the seat-limit
 * trigger behind the admin panel) takes it, so they queue up and each counts the seats the one
 * before it took. The count is read in a statement after the lock, so it sees those seats.
 */
export async function readSeats(req: PayloadRequest, mentorId: number, opts: { lock?: boolean } = {}): Promise<MentorSeats | null> {
  if (opts.lock) await txQuery(req, sql`SELECT id FROM mentors WHERE id = ${mentorId} FOR UPDATE`, { requireTransaction: true })
  const rows = await txQuery<Row>(
    req,
    sql`SELECT m.id, m.name, m.capacity, m.accepting_bookings, m._status AS status, ${bookedSeats(sql`m.id`)} AS booked
          FROM mentors m WHERE m.id = ${mentorId}`,
  )
  return rows[0] ? fromRow(rows[0]) : null
}

/**
 * The seats of a published mentor, read without locks (a hint for a page; a booking decides under
 * the lock): the public is-full and waitlist-status calls. A draft or unknown mentor is 404.
 */
export async function publishedMentorSeats(req: PayloadRequest, mentorId: number): Promise<SeatState> {
  const seats = await readSeats(req, mentorId)
  if (!seats?.published) throw bookingErrors.mentorNotFound()
  const { mentorId: _id, name: _name, published: _published, ...state } = seats
  return state
}
