import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { claimOffer } from '../batches/offers'
import { fillMentorBatches } from '../batches/seating'

/**
 * After a student buys or renews a plan: the seats held for them (a seat offer, a continuing
 * student's hold) become theirs, then the queue of every mentor they wait for is processed, so
 * free seats go out first come first served (to them, or to someone ahead of them). Mentors are
 * locked in id order, so two of these running at once cannot deadlock. Joins the caller's
 * transaction when `req` has one (the payment verification), else runs in its own.
 */
export async function processWaitlistForUser({
  payload,
  userId,
  req: given,
}: {
  payload: Payload
  userId: number | string
  req?: PayloadRequest
}): Promise<{ assigned: number; stillWaiting: number }> {
  const req = given ?? (await createLocalReq({}, payload))
  const uid = Number(userId)
  return inTransaction(req, async () => {
    const mentors = await txQuery<{ mentor_id: number }>(
      req,
      sql`SELECT DISTINCT mentor_id FROM waitlist WHERE user_id = ${uid} AND status = 'waiting' ORDER BY mentor_id`,
    )
    let assigned = 0
    const held = await txQuery<{ id: number }>(
      req,
      sql`SELECT id FROM seat_offers WHERE user_id = ${uid} AND status = 'held' ORDER BY mentor_id, id`,
    )
    for (const { id } of held) {
      // A hold this plan does not cover (or one past its time) simply stays as it is.
      const claimed = await claimOffer(req, Number(id), 'system').then(
        () => true,
        (error: unknown) => {
          if (error instanceof AppError) return false
          throw error
        },
      )
      if (claimed) assigned++
    }
    for (const { mentor_id } of mentors) {
      const done = await fillMentorBatches(req, Number(mentor_id))
      assigned += done.filter((a) => a.kind === 'seated' && a.userId === uid).length
    }
    const [row] = await txQuery<{ n: number }>(
      req,
      sql`SELECT count(*)::int AS n FROM waitlist WHERE user_id = ${uid} AND status = 'waiting'`,
    )
    return { assigned, stillWaiting: Number(row?.n ?? 0) }
  })
}
