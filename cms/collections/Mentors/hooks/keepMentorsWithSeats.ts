import { sql } from '@payloadcms/db-postgres/drizzle'
import { APIError, type CollectionBeforeDeleteHook } from 'payload'
import { txQuery } from '../../../lib/transaction'

/**
 * A mentor with students (seats, held seats, a queue) is never deleted: their history stays and
 * nobody loses a seat by accident; unpublish the profile instead. A mentor without any goes with
 * their empty batches and their sessions.
 */
export const keepMentorsWithSeats: CollectionBeforeDeleteHook = async ({ id, req }) => {
  const [row] = await txQuery<{ n: number }>(
    req,
    sql`SELECT ((SELECT count(*) FROM bookings WHERE mentor_id = ${id})
              + (SELECT count(*) FROM seat_offers WHERE mentor_id = ${id})
              + (SELECT count(*) FROM waitlist WHERE mentor_id = ${id}))::int AS n`,
  )
  if (Number(row?.n ?? 0) > 0) {
    throw new APIError(
      'This mentor has students (bookings, seat offers or a waitlist): unpublish the profile instead of deleting it.',
      400,
      undefined,
      true,
    )
  }
  await txQuery(req, sql`DELETE FROM sessions WHERE mentor_id = ${id} OR batch_id IN (SELECT id FROM batches WHERE mentor_id = ${id})`)
  await txQuery(req, sql`DELETE FROM batches WHERE mentor_id = ${id}`)
}
