import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { cancelBooking, processWaitlistForUser } from '../booking'

/** Where payments meet bookings (docs/design.md §5, §6), through the booking service's operations. */
export type WaitlistOutcome = { assigned: number; stillWaiting: number; processed: boolean }

/** After a mentorship payment completes (its transaction committed), waiting students are processed. */
export async function processWaitlistAfterPayment(args: {
  payload: Payload
  userId: number
  req: PayloadRequest
}): Promise<WaitlistOutcome> {
  const { assigned, stillWaiting } = await processWaitlistForUser(args)
  return { assigned, stillWaiting, processed: true }
}

/**
 * A refunded payment takes back the seats it paid for: the student's confirmed bookings that no
 * other payment of theirs pays for are cancelled (in the refund's transaction), and each freed seat
 * goes to the next in line. A seat is paid for by the mentorship plan that was needed to take it
 * (docs/decisions/045-batches-in-time.md): one running when it was booked, or, for a continuing
 * student's seat in a batch that had not started yet, one covering the batch's first day. So a
 * seat a renewal or a grant pays for stays when another payment is refunded.
 */
export async function releaseSeatAfterRefund({
  payload,
  userId,
  paymentId,
  req,
}: {
  payload: Payload
  userId: number
  /** The refunded payment (already marked refunded, or about to be): it pays for nothing any more. */
  paymentId: number
  req: PayloadRequest
}): Promise<number> {
  const neededAt = sql`(CASE WHEN b.source = 'continuing' AND bt.starts_on > b.created_at THEN bt.starts_on ELSE b.created_at END)`
  const unpaid = await txQuery<{ id: number }>(
    req,
    sql`SELECT b.id FROM bookings b JOIN batches bt ON bt.id = b.batch_id
         WHERE b.user_id = ${userId} AND b.status = 'confirmed'
           AND NOT EXISTS (
             SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id
              WHERE p.user_id = ${userId} AND p.id <> ${paymentId} AND p.status = 'completed' AND pl.product = 'mentorship'
                AND p.subscription_starts <= ${neededAt} AND p.subscription_ends > ${neededAt})
         ORDER BY b.id`,
  )
  let assigned = 0
  for (const { id } of unpaid) {
    const result = await cancelBooking({ payload, bookingId: Number(id), byUser: 'system', req })
    assigned += result.assigned
  }
  return assigned
}
