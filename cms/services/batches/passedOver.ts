import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import { isCredit } from '../plans/credits'

/** A batch in a query: its id and days, as values or columns. */
export type BatchRef = { id: SQL; startsOn: SQL; endsOn: SQL }

/**
 * Why a student in line is passed over for a batch, or NULL when they can take a seat in it: the
 * one seating rule (fillBatch hands seats out by it; the student's queue card, the join answer and
 * the admin's waiting count read the same expression, so the words cannot drift from the seats).
 * In order: their seat, held seat or turned-down (or claimed) seat here; a seat they gave up here; one seat at a
 * time (a seat in a batch of an overlapping period, or a seat held for them anywhere else); a held
 * seat here that ran out while they had no credit (one offer per batch; a credit seats them).
 */
export function passedOverSql(batch: BatchRef, userId: SQL): SQL {
  return sql`CASE
    WHEN EXISTS (SELECT 1 FROM bookings x WHERE x.batch_id = ${batch.id} AND x.user_id = ${userId} AND x.status = 'confirmed') THEN 'seated-here'
    WHEN EXISTS (SELECT 1 FROM bookings x WHERE x.batch_id = ${batch.id} AND x.user_id = ${userId} AND x.status = 'cancelled') THEN 'gave-up-here'
    WHEN EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batch.id} AND x.user_id = ${userId} AND x.status = 'held') THEN 'holding-here'
    WHEN EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batch.id} AND x.user_id = ${userId} AND x.status <> 'expired') THEN 'offer-closed-here'
    WHEN EXISTS (SELECT 1 FROM bookings x JOIN batches xb ON xb.id = x.batch_id
                  WHERE x.user_id = ${userId} AND x.status = 'confirmed' AND x.batch_id <> ${batch.id}
                    AND xb.starts_on <= ${batch.endsOn} AND xb.ends_on >= ${batch.startsOn}) THEN 'seated-elsewhere'
    WHEN EXISTS (SELECT 1 FROM seat_offers x WHERE x.user_id = ${userId} AND x.status = 'held' AND x.batch_id <> ${batch.id}) THEN 'holding-elsewhere'
    WHEN EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batch.id} AND x.user_id = ${userId})
         AND NOT EXISTS (SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id WHERE p.user_id = ${userId} AND ${isCredit(sql`p`, sql`pl`)})
      THEN 'offer-lapsed-here'
  END`
}

/**
 * False only when passedOverSql is NULL for the student whatever their mentor's open batch: every
 * reason there needs a confirmed booking, a booking given up in an open batch, a seat offer in an
 * open batch, or a held offer. Uncorrelated, so PostgreSQL hashes each set once: a long line (the
 * admin home counts 20,000 waiting at size) runs the rule's seven probes only for the few students
 * with such a row (issue 36, item 8). Keep it a superset of the rule when the rule changes.
 */
export function mayBePassedOverSql(userId: SQL): SQL {
  return sql`(${userId} IN (SELECT x.user_id FROM bookings x WHERE x.status = 'confirmed')
    OR ${userId} IN (SELECT x.user_id FROM bookings x JOIN batches xb ON xb.id = x.batch_id WHERE x.status = 'cancelled' AND xb.status = 'open')
    OR ${userId} IN (SELECT x.user_id FROM seat_offers x JOIN batches xb ON xb.id = x.batch_id WHERE x.status = 'held' OR xb.status = 'open'))`
}

/** Passed over for the batch because they already hold its seat or sit in it: not waiting at all (the admin counts neither way). */
export const turnTaken = (reason: SQL): SQL => sql`${reason} IN ('seated-here', 'holding-here')`
