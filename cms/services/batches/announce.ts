import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { queueEmails } from '../../notifications/queueEmail'
import { getBatch } from './batches'
import { batchOpenedEmail } from './emails'

/**
 * Tells the mentor's waiting students that a new batch opened: those still waiting after the
 * seats were handed out (a seated or offered student has already had their own e-mail), each
 * with their place in the queue. In the batch's creating transaction: once per batch. The
 * e-mails are queued together (one INSERT).
 */
export async function emailWaitlistOfNewBatch(req: PayloadRequest, batchId: number): Promise<number> {
  const batch = await getBatch(req, batchId)
  if (!batch) return 0
  const waiting = await txQuery<{ user_id: number; email: string; name: string | null; position: number }>(
    req,
    sql`SELECT w.user_id, u.email, u.name, row_number() OVER (ORDER BY w.joined_at, w.id)::int AS position
          FROM waitlist w JOIN users u ON u.id = w.user_id
         WHERE w.mentor_id = ${batch.mentorId} AND w.status = 'waiting'
           AND NOT EXISTS (SELECT 1 FROM seat_offers o WHERE o.batch_id = ${batch.id} AND o.user_id = w.user_id)
         ORDER BY w.joined_at, w.id`,
  )
  if (waiting.length === 0) return 0
  const mentor = await req.payload.findByID({ collection: 'mentors', id: batch.mentorId, depth: 0, overrideAccess: true, req })
  await queueEmails(
    req,
    waiting.map((w) => batchOpenedEmail({ email: w.email, name: w.name }, mentor.name, batch, Number(w.position))),
    { priority: 'bulk' },
  )
  return waiting.length
}
