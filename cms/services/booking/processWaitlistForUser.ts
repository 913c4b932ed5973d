import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { claimOffer } from '../batches/offers'
import { fillMentorBatches } from '../batches/seating'
import { lockMentor } from './seats'

/**
 * After a student gets a plan (a payment, a grant: a credit, docs/decisions/069): the seat held for
 * them is claimed with it (the one the payment was made for first), then the mentor they sit with
 * now continues them into the next batch, then the queues they wait in hand out their free seats in
 * order (to them, or to someone ahead of them). Every mentor concerned is locked first, in id
 * order, so two of these at once (or a booking meanwhile) cannot deadlock. Joins the caller's
 * transaction when `req` has one (the payment's), else runs in its own.
 */
export async function processWaitlistForUser({
  payload,
  userId,
  req: given,
  offerId,
  paymentId,
}: {
  payload: Payload
  userId: number | string
  req?: PayloadRequest
  /** The held seat this payment was made for: claimed with it. */
  offerId?: number | null
  paymentId?: number
}): Promise<{ assigned: number; stillWaiting: number; claimedOffer: boolean }> {
  const req = given ?? (await createLocalReq({}, payload))
  const uid = Number(userId)
  return inTransaction(req, async () => {
    const rows = await txQuery<{ mentor_id: number }>(
      req,
      sql`SELECT mentor_id FROM waitlist WHERE user_id = ${uid} AND status = 'waiting'
          UNION SELECT mentor_id FROM seat_offers WHERE user_id = ${uid} AND status = 'held'
          UNION SELECT b.mentor_id FROM bookings b JOIN batches bt ON bt.id = b.batch_id
                 WHERE b.user_id = ${uid} AND b.status IN ('confirmed', 'completed') AND bt.status IN ('running', 'completed')
                   AND EXISTS (SELECT 1 FROM batches nb WHERE nb.mentor_id = b.mentor_id AND nb.status IN ('open', 'running') AND nb.starts_on > bt.starts_on)
          ORDER BY mentor_id`,
    )
    const mentors = rows.map((r) => Number(r.mentor_id))
    // No queue, held seat or seat to continue: nothing to hand out, nothing waiting (most buyers).
    if (mentors.length === 0) return { assigned: 0, stillWaiting: 0, claimedOffer: false }
    for (const id of mentors) await lockMentor(req, id)

    let assigned = 0
    let claimedOffer = false
    const held = await txQuery<{ id: number }>(
      req,
      sql`SELECT o.id FROM seat_offers o JOIN batches b ON b.id = o.batch_id WHERE o.user_id = ${uid} AND o.status = 'held'
           ORDER BY (o.id = ${offerId ?? 0}) DESC, b.starts_on, o.id`,
    )
    for (const { id } of held) {
      // A hold past its time (or one the credit cannot pay for: already used) simply stays as it is.
      const claimed = await claimOffer(req, Number(id), 'system', Number(id) === offerId ? { paymentId } : {}).then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false
          throw error
        },
      )
      if (claimed) {
        assigned++
        if (Number(id) === offerId) claimedOffer = true
      }
    }
    for (const mentorId of mentors) {
      const done = await fillMentorBatches(req, mentorId)
      assigned += done.filter((a) => a.kind === 'seated' && a.userId === uid).length
    }
    const [row] = await txQuery<{ n: number }>(
      req,
      sql`SELECT count(*)::int AS n FROM waitlist WHERE user_id = ${uid} AND status = 'waiting'`,
    )
    return { assigned, stillWaiting: Number(row?.n ?? 0), claimedOffer }
  })
}
