import { now } from '@mentorloop/shared'
import type { Booking } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { inTransaction, txQuery } from '../../lib/transaction'
import { fillMentorBatches } from '../batches/seating'
import { tellStudent } from '../notices/tell'
import { returnToCredit } from '../plans/credits'
import { emailMentorAboutSeats } from './mentorEmails'
import { lockMentor } from './seats'

export type ReleasedSeat = {
  booking: Booking
  alreadyCancelled: boolean
  assigned: number
  /** What became of the payment that paid for the seat. */
  plan: 'credit' | 'used' | 'refunded' | 'none'
}

const relId = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * The core's half of giving up a seat (docs/architecture.md): whoever asked for it (a student or an
 * admin through cancelBooking, a settled refund through releaseSeatOfPayment) has been checked by
 * the caller. In the caller's transaction, under the mentor's lock: the booking is cancelled, the
 * next month's hold is kept or passed on, the payment that paid for the seat becomes a credit again
 * when its batch has not started (docs/decisions/069; in a running batch the plan stays used for
 * that batch), the mentor is told, the student too when `tellOwner`, and the freed seat goes to the
 * mentor's queue (continuing students, then the waitlist; never back to this student in this
 * batch). A booking no longer confirmed (a parallel cancel won) changes nothing.
 */
export async function releaseSeat(
  req: PayloadRequest,
  {
    bookingId,
    ownerId,
    mentorId,
    reason,
    keepNextHold = true,
    tellOwner: tell,
  }: {
    bookingId: number
    /** The booking's student and mentor, as read before the lock (they never change). */
    ownerId: number
    mentorId: number
    /** `refunded`: the refund releases the seat and its e-mail tells the student. */
    reason?: 'refunded'
    /** Keep the held seat in the mentor's next batch (a seat given up while its batch runs). */
    keepNextHold?: boolean
    /** Tell the student their seat was cancelled (someone else cancelled it). */
    tellOwner: boolean
  },
): Promise<ReleasedSeat> {
  const { payload } = req
  await lockMentor(req, mentorId)
  // Re-read under the lock: a parallel cancel may have won.
  const booking = await payload.findByID({ collection: 'bookings', id: bookingId, depth: 0, overrideAccess: true, req })
  if (booking.status !== 'confirmed') return { booking, alreadyCancelled: true, assigned: 0, plan: 'none' }
  const cancelled = await payload.update({
    collection: 'bookings',
    id: booking.id,
    data: { status: 'cancelled' },
    depth: 0,
    overrideAccess: true,
    req,
    context: { seatsHandled: true },
  })
  await settleNextHold(req, booking, ownerId, mentorId, keepNextHold)
  const plan = await settlePaymentOfCancelledSeat(req, booking, reason)
  await emailMentorAboutSeats(req, relId(booking.batch), [{ kind: 'cancelled', userId: ownerId }])
  if (reason !== 'refunded' && tell) await tellOwner(req, booking, plan)
  const outcomes = await fillMentorBatches(req, mentorId)
  return { booking: cancelled, alreadyCancelled: false, assigned: outcomes.filter((o) => o.kind === 'seated').length, plan }
}

/**
 * A refunded payment takes back exactly the seat it paid for: the confirmed booking that names it
 * (docs/decisions/069-a-plan-pays-for-one-batch.md), cancelled in the refund's transaction; the
 * freed seat goes to the next in line, never back to the refunded student. A seat another payment
 * (a renewal, a grant) pays for stays. Returns the released seat's batch and mentor, or null.
 */
export async function releaseSeatOfPayment({
  paymentId,
  req,
  keepNextHold,
}: {
  /** The request's own (kept for the callers; the release runs on `req`). */
  payload: Payload
  paymentId: number
  req: PayloadRequest
  /** The student's answer in the refund dialog; unset keeps the next month's held seat. */
  keepNextHold?: boolean
}): Promise<{ label: string; mentor: string } | null> {
  const [seat] = await txQuery<{ id: number; user_id: number; mentor_id: number; label: string; mentor: string }>(
    req,
    sql`SELECT b.id, b.user_id, b.mentor_id, bt.label, m.name AS mentor FROM bookings b JOIN batches bt ON bt.id = b.batch_id JOIN mentors m ON m.id = b.mentor_id
         WHERE b.payment_id = ${paymentId} AND b.status = 'confirmed' ORDER BY b.id LIMIT 1`,
  )
  if (!seat) return null
  // Our own code after the refund's checks: the student is told by the refund's e-mail.
  await inTransaction(req, () =>
    releaseSeat(req, {
      bookingId: Number(seat.id),
      ownerId: Number(seat.user_id),
      mentorId: Number(seat.mentor_id),
      reason: 'refunded',
      keepNextHold: keepNextHold ?? true,
      tellOwner: false,
    }),
  )
  return { label: seat.label, mentor: seat.mentor }
}

/**
 * A seat given up in a running batch (issue 37): the student is still one of the mentor's
 * continuing students, as they answered. Kept, their held seat in the next batch stays theirs until
 * the month ends (and one is held for them when that batch opens later); the queue waits behind it.
 * Not kept, the hold they have passes to the next in line at once (the fill after the cancel).
 */
async function settleNextHold(req: PayloadRequest, booking: Booking, userId: number, mentorId: number, keep: boolean): Promise<void> {
  const [batch] = await txQuery<{ status: string }>(req, sql`SELECT status FROM batches WHERE id = ${relId(booking.batch)}`)
  if (batch?.status !== 'running') return
  await txQuery(req, sql`UPDATE bookings SET keeps_next_hold = ${keep} WHERE id = ${booking.id}`)
  if (keep) return
  await txQuery(
    req,
    sql`UPDATE seat_offers SET status = 'declined', decided_at = ${now().toISOString()}::timestamptz, updated_at = now()
         WHERE user_id = ${userId} AND mentor_id = ${mentorId} AND kind = 'continuing' AND status = 'held'`,
  )
}

/** The cancelled seat's payment: a credit again before its batch starts, used once it runs. */
export async function settlePaymentOfCancelledSeat(req: PayloadRequest, booking: Booking, reason?: 'refunded') {
  const paymentId = booking.payment ? relId(booking.payment) : null
  if (!paymentId) return 'none' as const
  if (reason === 'refunded') return 'refunded' as const
  const [batch] = await txQuery<{ status: string }>(req, sql`SELECT status FROM batches WHERE id = ${relId(booking.batch)}`)
  if (batch?.status !== 'open') return 'used' as const
  await returnToCredit(req, paymentId, now())
  return 'credit' as const
}

async function tellOwner(req: PayloadRequest, booking: Booking, plan: ReleasedSeat['plan']) {
  const [row] = await txQuery<{ id: number; email: string; name: string | null; mentor: string; label: string }>(
    req,
    sql`SELECT u.id, u.email, u.name, m.name AS mentor, bt.label FROM users u, mentors m, batches bt
         WHERE u.id = ${relId(booking.user)} AND m.id = ${relId(booking.mentor)} AND bt.id = ${relId(booking.batch)}`,
  )
  if (!row) return
  await tellStudent(
    req,
    { id: Number(row.id), email: row.email, name: row.name },
    {
      kind: 'booking-cancelled',
      title: `Your seat in ${row.mentor}'s ${row.label} batch was cancelled`,
      paragraphs: [
        `Our team cancelled your seat in ${row.mentor}'s ${row.label} batch.`,
        plan === 'credit'
          ? 'Your plan is a credit again: the next seat you book or get from a waitlist uses it, and if none comes it is refunded automatically.'
          : plan === 'used'
            ? 'The batch had already started, so the plan stays with it. Reply to this e-mail if you think this is wrong.'
            : 'Reply to this e-mail if you have questions.',
      ],
      action: { label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
      key: `booking-cancelled:${booking.id}`,
    },
  )
}
