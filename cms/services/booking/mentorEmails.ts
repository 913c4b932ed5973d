import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { type EmailMessage, queueOutbox } from '../../notifications/outbox'
import { bookedSeats } from '../seats/seatState'

/** A seat taken or given up in a mentor's batch. */
export type SeatChange = { kind: 'booked' | 'cancelled'; userId: number }

export type MentorSeatNews = {
  mentor: { email: string; name: string; id: number }
  batch: { label: string; capacity: number; booked: number }
  waiting: number
  student: { name: string | null; phone: string | null }
  kind: SeatChange['kind']
}

/** The e-mail a mentor gets for one seat change in their batch: who, and where the batch stands now. */
export function mentorSeatChangeEmail(news: MentorSeatNews): EmailMessage {
  const who = news.student.name?.trim() || 'A student'
  const stand = `${news.batch.label}: ${news.batch.booked} of ${news.batch.capacity} seats taken, ${news.waiting} on the waitlist.`
  const booked = news.kind === 'booked'
  return {
    to: news.mentor.email,
    template: booked ? 'mentor-seat-booked' : 'mentor-seat-cancelled',
    ...renderEmail({
      subject: booked ? `${who} booked a seat in your ${news.batch.label} batch` : `${who} left your ${news.batch.label} batch`,
      greeting: `Hi ${news.mentor.name.trim() || 'there'},`,
      paragraphs: [
        booked
          ? `${who} booked a seat in your ${news.batch.label} batch.${news.student.phone ? ` Their contact number is ${news.student.phone}.` : ''} Schedule your batch’s sessions from your home on the site; your students see them on their dashboard.`
          : `${who}'s booking in your ${news.batch.label} batch was cancelled; their seat is free again (it goes to the next student in line, if any).`,
        stand,
      ],
      action: { label: 'Open your home', url: `${env.WEB_PUBLIC_URL}/mentor-home` },
    }),
  }
}

/**
 * Tells the mentor about every seat taken or given up in one of their batches: the one helper
 * every seating path calls (confirmSeat, cancelBooking — refunds cancel through it —, the
 * set-based fillBatch). One query reads the mentor, the batch's seats after the change, the
 * waitlist length and the students; the e-mails are queued in one INSERT in the caller's
 * transaction, so a rolled-back booking or cancellation tells nobody. A mentor profile without a
 * linked e-mail address (not possible through the admin: it is required) is skipped.
 */
export async function emailMentorAboutSeats(req: PayloadRequest, batchId: number, changes: SeatChange[]): Promise<void> {
  if (changes.length === 0) return
  const ids = [...new Set(changes.map((c) => c.userId))]
  const rows = await txQuery<{
    mentor_id: number
    mentor_name: string
    mentor_email: string | null
    label: string
    capacity: number | string
    booked: number | string
    waiting: number | string
    students: { id: number; name: string | null; phone: string | null }[] | null
  }>(
    req,
    sql`SELECT m.id AS mentor_id, m.name AS mentor_name, m.email AS mentor_email, bt.label,
               COALESCE(bt.capacity, m.capacity) AS capacity, ${bookedSeats(sql`bt.id`)} AS booked,
               (SELECT count(*) FROM waitlist w WHERE w.mentor_id = m.id AND w.status = 'waiting') AS waiting,
               (SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'phone', u.phone))
                  FROM users u WHERE u.id IN (SELECT jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int)) AS students
          FROM batches bt JOIN mentors m ON m.id = bt.mentor_id
         WHERE bt.id = ${batchId}`,
  )
  const row = rows[0]
  if (!row?.mentor_email) return
  const students = new Map((row.students ?? []).map((s) => [Number(s.id), s]))
  await queueOutbox(
    req,
    changes.map((change) => ({
      ...mentorSeatChangeEmail({
        mentor: { id: Number(row.mentor_id), name: row.mentor_name, email: row.mentor_email as string },
        batch: { label: row.label, capacity: Number(row.capacity), booked: Number(row.booked) },
        waiting: Number(row.waiting),
        student: { name: students.get(change.userId)?.name ?? null, phone: students.get(change.userId)?.phone ?? null },
        kind: change.kind,
      }),
      priority: 'normal' as const,
    })),
  )
}

/**
 * The mentor's one e-mail about a batch that opened at a month end (instead of one per seat): who
 * continues, who is held for renewal, who joined from the waitlist, seats left and the queue.
 */
export async function mentorBatchSummaryEmail(req: PayloadRequest, batchId: number): Promise<EmailMessage | null> {
  const [row] = await txQuery<{
    mentor_id: number
    mentor_name: string
    mentor_email: string | null
    label: string
    capacity: number | string
    continuing: string[] | null
    joined: string[] | null
    held: string[] | null
    waiting: number | string
  }>(
    req,
    sql`SELECT m.id AS mentor_id, m.name AS mentor_name, m.email AS mentor_email, bt.label, COALESCE(bt.capacity, m.capacity) AS capacity,
               (SELECT array_agg(COALESCE(NULLIF(trim(u.name), ''), 'A student') ORDER BY b.id) FROM bookings b JOIN users u ON u.id = b.user_id
                 WHERE b.batch_id = bt.id AND b.status = 'confirmed' AND b.source = 'continuing') AS continuing,
               (SELECT array_agg(COALESCE(NULLIF(trim(u.name), ''), 'A student') ORDER BY b.id) FROM bookings b JOIN users u ON u.id = b.user_id
                 WHERE b.batch_id = bt.id AND b.status = 'confirmed' AND b.source <> 'continuing') AS joined,
               (SELECT array_agg(COALESCE(NULLIF(trim(u.name), ''), 'A student') ORDER BY o.id) FROM seat_offers o JOIN users u ON u.id = o.user_id
                 WHERE o.batch_id = bt.id AND o.status = 'held') AS held,
               (SELECT count(*) FROM waitlist w WHERE w.mentor_id = m.id AND w.status = 'waiting') AS waiting
          FROM batches bt JOIN mentors m ON m.id = bt.mentor_id WHERE bt.id = ${batchId}`,
  )
  if (!row?.mentor_email) return null
  const continuing = row.continuing ?? []
  const joined = row.joined ?? []
  const held = row.held ?? []
  const left = Number(row.capacity) - continuing.length - joined.length - held.length
  const list = (names: string[]) => (names.length ? names.join(', ') : 'nobody yet')
  return {
    to: row.mentor_email,
    template: 'mentor-batch-summary',
    ...renderEmail({
      subject: `Your ${row.label} batch: ${continuing.length + joined.length} of ${Number(row.capacity)} seats taken`,
      greeting: `Hi ${row.mentor_name.trim() || 'there'},`,
      paragraphs: [
        `Your ${row.label} batch is open.`,
        `Continuing with you: ${list(continuing)}.`,
        `Joined from the waitlist or booked: ${list(joined)}.`,
        `Seats held for students who still have to renew or pay: ${list(held).replace('nobody yet', 'none')}.`,
        `${Math.max(0, left)} seat${left === 1 ? ' is' : 's are'} free; ${Number(row.waiting)} on the waitlist.`,
      ],
      action: { label: 'Open your home', url: `${env.WEB_PUBLIC_URL}/mentor-home` },
    }),
  }
}
