import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { type MentorSeats, readSeats } from '../seats/seatState'

/** Takes the mentor's row lock for the rest of the transaction and reads its seats (see readSeats). */
export const lockMentor = (req: PayloadRequest, mentorId: number): Promise<MentorSeats | null> => readSeats(req, mentorId, { lock: true })

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
  await txQuery(req, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`, { requireTransaction: true })
}
