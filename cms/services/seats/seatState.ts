import type { BatchSummary, SeatState } from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { bookingErrors } from '../booking/errors'

/**
 * The seat state of a mentor: the one definition of "full", "paused" and "open for booking"
 * (docs/decisions/041-seat-state.md), counted in the mentor's open batch
 * (docs/decisions/045-batches-in-time.md). Every endpoint, hook, job and page reads it from here.
 */
export function seatState(input: {
  capacity: number | string
  booked: number | string
  held?: number | string
  acceptingBookings: boolean | null
  batch: BatchSummary | null
  /** The mentor's "open the next batch by itself" setting (null: the default, on). */
  autoOpenNextBatch?: boolean | null
}): SeatState {
  const capacity = Number(input.capacity)
  const booked = Number(input.booked)
  const held = Number(input.held ?? 0)
  const paused = input.acceptingBookings === false
  if (!input.batch) {
    return { capacity, booked: 0, held: 0, seatsLeft: 0, full: false, paused, open: false, batch: null, nextBatchOpensOn: null }
  }
  const seatsLeft = Math.max(0, capacity - booked - held)
  const full = seatsLeft === 0
  // The open batch's first day starts it running, and a mentor set to auto-open gets the next one
  // then (services/batches/lifecycle.ts, startDueBatches), whose seats go to the waiting first.
  const nextBatchOpensOn = input.autoOpenNextBatch === false ? null : input.batch.startsOn
  return { capacity, booked, held, seatsLeft, full, paused, open: !paused && !full, batch: input.batch, nextBatchOpensOn }
}

/** Confirmed bookings in the batch whose id is `batchId` (a value or a column): the seats booked. */
export const bookedSeats = (batchId: SQL | number) =>
  sql`(SELECT count(*) FROM bookings b WHERE b.batch_id = ${batchId} AND b.status = 'confirmed')`

/** Seats held in the batch for a student who has not taken them yet (seat offers, continuing holds). */
export const heldSeats = (batchId: SQL | number) =>
  sql`(SELECT count(*) FROM seat_offers o WHERE o.batch_id = ${batchId} AND o.status = 'held')`

/** The seat-state columns of a query over `mentors m` joined to its open batch `ob` (LEFT JOIN). */
export const seatColumns = sql`m.capacity AS default_capacity, m.accepting_bookings, m.auto_open_next_batch,
  ob.id AS batch_id, ob.label AS batch_label, ob.starts_on AS batch_starts_on, ob.ends_on AS batch_ends_on,
  COALESCE(ob.capacity, m.capacity) AS capacity,
  CASE WHEN ob.id IS NULL THEN 0 ELSE ${bookedSeats(sql`ob.id`)} END AS booked,
  CASE WHEN ob.id IS NULL THEN 0 ELSE ${heldSeats(sql`ob.id`)} END AS held`

export const openBatchJoin = sql`LEFT JOIN batches ob ON ob.mentor_id = m.id AND ob.status = 'open'`

export type SeatRow = {
  default_capacity: string | number
  accepting_bookings: boolean | null
  auto_open_next_batch: boolean | null
  batch_id: number | null
  batch_label: string | null
  batch_starts_on: string | Date | null
  batch_ends_on: string | Date | null
  capacity: string | number
  booked: string | number
  held: string | number
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : '')

export function seatStateFromRow(r: SeatRow): SeatState {
  const batch = r.batch_id
    ? { id: Number(r.batch_id), label: r.batch_label ?? '', startsOn: iso(r.batch_starts_on), endsOn: iso(r.batch_ends_on) }
    : null
  return seatState({
    capacity: r.capacity,
    booked: r.booked,
    held: r.held,
    acceptingBookings: r.accepting_bookings,
    autoOpenNextBatch: r.auto_open_next_batch,
    batch,
  })
}

export type MentorSeats = SeatState & { mentorId: number; name: string; published: boolean }

/**
 * One mentor's seats. With `lock`, the mentor's row lock is taken first and held for the rest of
 * the transaction; every path that seats a student (the booking service, seat offers, the jobs)
 * takes it before the batch's, so they queue up and each counts the seats the one before it took.
 * The count is read in a statement after the lock, so it sees those seats.
 */
export async function readSeats(req: PayloadRequest, mentorId: number, opts: { lock?: boolean } = {}): Promise<MentorSeats | null> {
  if (opts.lock) await lockMentorRow(req, mentorId)
  const rows = await txQuery<SeatRow & { id: number; name: string | null; status: string | null }>(
    req,
    sql`SELECT m.id, m.name, m._status AS status, ${seatColumns} FROM mentors m ${openBatchJoin} WHERE m.id = ${mentorId}`,
  )
  const r = rows[0]
  if (!r) return null
  return { mentorId: Number(r.id), name: r.name ?? 'your mentor', published: r.status === 'published', ...seatStateFromRow(r) }
}

/** The mentor's row lock, for the rest of the transaction (see readSeats). */
export async function lockMentorRow(req: PayloadRequest, mentorId: number): Promise<void> {
  await txQuery(req, sql`SELECT id FROM mentors WHERE id = ${mentorId} FOR UPDATE`, { requireTransaction: true })
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
