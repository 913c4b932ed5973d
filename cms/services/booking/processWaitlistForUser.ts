import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { inTransaction, txQuery } from '../../lib/transaction'
import { fillOpenSeatsInTransaction } from './fillOpenSeats'

/**
 * After a student buys a plan: process the queue of every mentor they wait for, so free seats go
 * out first come first served (to them, or to someone with a plan ahead of them). Mentors are
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
    for (const { mentor_id } of mentors) {
      const done = await fillOpenSeatsInTransaction(req, Number(mentor_id))
      assigned += done.filter((a) => a.userId === uid).length
    }
    const [row] = await txQuery<{ n: number }>(
      req,
      sql`SELECT count(*)::int AS n FROM waitlist WHERE user_id = ${uid} AND status = 'waiting'`,
    )
    return { assigned, stillWaiting: Number(row?.n ?? 0) }
  })
}
