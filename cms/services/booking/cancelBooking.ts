import { now } from '@mentorloop/shared'
import type { Booking } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { env } from '../../lib/env'
import { inTransaction, txQuery } from '../../lib/transaction'
import { fillMentorBatches } from '../batches/seating'
import { tellStudent } from '../notices/tell'
import { returnToCredit } from '../plans/credits'
import { bookingErrors } from './errors'
import { emailMentorAboutSeats } from './mentorEmails'
import { lockMentor } from './seats'

/** Who cancels: a signed-in user (the owner or an admin), or our own code after checks ('system', e.g. an approved refund). */
export type CancelActor = { id: number | string; roles?: unknown } | 'system'

export type CancelBookingResult = {
  booking: Booking
  alreadyCancelled: boolean
  assigned: number
  /** What became of the payment that paid for the seat. */
  plan: 'credit' | 'used' | 'refunded' | 'none'
}

const relId = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * Cancels a confirmed booking, in one transaction under the mentor's lock: the payment that paid for
 * it becomes a credit again when its batch has not started (docs/decisions/069; in a running batch
 * the plan stays used for that batch), the mentor is told, the student too when someone else
 * cancelled, and the freed seat goes to the mentor's queue (continuing students, then the
 * waitlist; never back to this student in this batch). The student may cancel their own booking, an
 * admin any. Cancelling an already cancelled booking changes nothing.
 */
export async function cancelBooking({
  payload,
  bookingId,
  byUser,
  req: given,
  reason,
  keepNextHold = true,
}: {
  payload: Payload
  bookingId: number | string
  byUser: CancelActor
  req?: PayloadRequest
  /** `refunded`: the refund releases the seat and its e-mail tells the student. */
  reason?: 'refunded'
  /**
   * A seat given up while its batch runs: keep the held seat in the mentor's next batch (the
   * default: the continuing hold lasts until the month ends), or pass it on at once (DESIGN.md §11).
   */
  keepNextHold?: boolean
}): Promise<CancelBookingResult> {
  const req = given ?? (await createLocalReq({}, payload))
  return inTransaction(req, async () => {
    const found = await payload.findByID({
      collection: 'bookings',
      id: bookingId,
      depth: 0,
      overrideAccess: true,
      req,
      disableErrors: true,
    })
    if (!found) throw bookingErrors.bookingNotFound()
    const ownerId = relId(found.user)
    if (byUser !== 'system' && !checkRole(byUser, 'admin') && Number(byUser.id) !== ownerId) {
      throw bookingErrors.forbidden('You may only cancel your own booking.')
    }
    const mentorId = relId(found.mentor)
    await lockMentor(req, mentorId)
    // Re-read under the lock: a parallel cancel may have won.
    const booking = await payload.findByID({ collection: 'bookings', id: found.id, depth: 0, overrideAccess: true, req })
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
    if (reason !== 'refunded' && (byUser === 'system' || Number(byUser.id) !== ownerId)) await tellOwner(req, booking, plan)
    const outcomes = await fillMentorBatches(req, mentorId)
    return { booking: cancelled, alreadyCancelled: false, assigned: outcomes.filter((o) => o.kind === 'seated').length, plan }
  })
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

async function tellOwner(req: PayloadRequest, booking: Booking, plan: CancelBookingResult['plan']) {
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
