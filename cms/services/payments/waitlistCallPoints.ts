import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { cancelBooking } from '../booking'

/**
 * A refunded payment takes back exactly the seat it paid for: the confirmed booking that names it
 * (docs/decisions/069-a-plan-pays-for-one-batch.md), cancelled in the refund's transaction; the
 * freed seat goes to the next in line, never back to the refunded student. A seat another payment
 * (a renewal, a grant) pays for stays. Returns the released seat's batch and mentor, or null.
 */
export async function releaseSeatOfPayment({
  payload,
  paymentId,
  req,
  keepNextHold,
}: {
  payload: Payload
  paymentId: number
  req: PayloadRequest
  /** The student's answer in the refund dialog; unset keeps the next month's held seat. */
  keepNextHold?: boolean
}): Promise<{ label: string; mentor: string } | null> {
  const [seat] = await txQuery<{ id: number; label: string; mentor: string }>(
    req,
    sql`SELECT b.id, bt.label, m.name AS mentor FROM bookings b JOIN batches bt ON bt.id = b.batch_id JOIN mentors m ON m.id = b.mentor_id
         WHERE b.payment_id = ${paymentId} AND b.status = 'confirmed' ORDER BY b.id LIMIT 1`,
  )
  if (!seat) return null
  await cancelBooking({ payload, bookingId: Number(seat.id), byUser: 'system', req, reason: 'refunded', keepNextHold })
  return { label: seat.label, mentor: seat.mentor }
}
