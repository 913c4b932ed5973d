import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { requireTransaction, txQuery } from '../../lib/transaction'

export type LockedMentor = {
  id: number
  name: string
  capacity: number
  acceptingBookings: boolean
  published: boolean
  taken: number
}

/**
 * Takes the mentor's row lock for the rest of the transaction and reads its seats. Every path
 * that confirms a booking for this mentor (this service, and the seat-limit trigger behind the
 * admin panel) takes the same lock first, so they queue up and each sees the seats the previous
 * one took. Numbers come back as strings from `numeric` columns, hence Number().
 */
export async function lockMentor(req: PayloadRequest, mentorId: number): Promise<LockedMentor | null> {
  await requireTransaction(req)
  const rows = await txQuery<{
    id: number
    name: string | null
    capacity: string
    accepting_bookings: boolean | null
    status: string | null
  }>(req, sql`SELECT id, name, capacity, accepting_bookings, _status AS status FROM mentors WHERE id = ${mentorId} FOR UPDATE`)
  const row = rows[0]
  if (!row) return null
  const taken = await countTaken(req, mentorId)
  return {
    id: Number(row.id),
    name: row.name ?? 'your mentor',
    capacity: Number(row.capacity),
    acceptingBookings: row.accepting_bookings !== false,
    published: row.status === 'published',
    taken,
  }
}

export async function countTaken(req: PayloadRequest, mentorId: number): Promise<number> {
  const rows = await txQuery<{ taken: number }>(
    req,
    sql`SELECT count(*)::int AS taken FROM bookings WHERE mentor_id = ${mentorId} AND status = 'confirmed'`,
  )
  return Number(rows[0]?.taken ?? 0)
}

export const seatsLeft = (m: LockedMentor) => Math.max(0, m.capacity - m.taken)
export const isOpenForBooking = (m: LockedMentor) => m.acceptingBookings && seatsLeft(m) > 0

/** A student's confirmed booking, if any (the one-booking-per-student rule). */
export async function confirmedBookingOf(req: PayloadRequest, userId: number): Promise<{ id: number; mentorId: number } | null> {
  const rows = await txQuery<{ id: number; mentor_id: number }>(
    req,
    sql`SELECT id, mentor_id FROM bookings WHERE user_id = ${userId} AND status = 'confirmed' LIMIT 1`,
  )
  return rows[0] ? { id: Number(rows[0].id), mentorId: Number(rows[0].mentor_id) } : null
}

/** 1-based place in the mentor's queue (FIFO by joinedAt, then id), or null when not waiting. */
export async function queuePosition(req: PayloadRequest, entryId: number): Promise<number | null> {
  const rows = await txQuery<{ position: number }>(
    req,
    sql`SELECT count(*)::int AS position FROM waitlist w, waitlist me
        WHERE me.id = ${entryId} AND me.status = 'waiting' AND w.mentor_id = me.mentor_id AND w.status = 'waiting'
          AND (w.joined_at, w.id) <= (me.joined_at, me.id)`,
  )
  const n = Number(rows[0]?.position ?? 0)
  return n > 0 ? n : null
}

/** Row lock on the student (see createBooking); taken before the mentor's, never after. */
export async function lockUser(req: PayloadRequest, userId: number): Promise<void> {
  await requireTransaction(req)
  await txQuery(req, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`)
}
