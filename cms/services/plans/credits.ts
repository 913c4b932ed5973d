import { istDay, istMidnight, nowIso } from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import type { BatchRow } from '../batches/batches'
import { batchEnd } from '../batches/batches'

/**
 * A mentorship plan pays for one batch (docs/decisions/069-a-plan-pays-for-one-batch.md). A
 * completed mentorship payment with no batch is a **credit**: the next seat the student gets uses
 * it. This file is the one place that turns a credit into "paying for a batch" and back.
 */

/** A credit that became one at `at` is refunded automatically at the end of the next calendar month (India time). */
export function creditDeadline(at: Date): Date {
  const { year, month } = istDay(at)
  return istMidnight(year, month + 2, 1)
}

/**
 * The SQL condition "payment `p` (joined with its plan `pl`) has paid for no seat and is not
 * ended": completed, mentorship, no batch, not refunded automatically or lapsed. Past its deadline
 * it is still unused (the tick refunds it), but no longer a credit (isCredit).
 */
export const isUnusedCredit = (p: SQL, pl: SQL): SQL =>
  sql`${p}.status = 'completed' AND ${pl}.product = 'mentorship' AND ${p}.batch_id IS NULL AND ${p}.credit_ended_at IS NULL`

/** The SQL condition "payment `p` (joined with its plan `pl`) is a usable credit now": unused, its deadline not passed. */
export const isCredit = (p: SQL, pl: SQL, at: string = nowIso()): SQL =>
  sql`${isUnusedCredit(p, pl)} AND ${p}.subscription_ends > ${at}::timestamptz`

/**
 * Locks the students' usable credits, in payment id order (one global order: two seat decisions for
 * the same student wait for each other instead of deadlocking), and returns each student's oldest.
 * A credit another transaction used or refunded meanwhile is not returned (PostgreSQL re-checks a
 * locked row against the condition).
 */
export async function lockCredits(req: PayloadRequest, userIds: number[]): Promise<Map<number, number>> {
  const out = new Map<number, number>()
  if (userIds.length === 0) return out
  const ids = [...new Set(userIds)]
  const rows = await txQuery<{ id: number; user_id: number }>(
    req,
    sql`SELECT p.id, p.user_id FROM payments p
         WHERE p.user_id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
           AND p.batch_id IS NULL AND p.status = 'completed' AND p.credit_ended_at IS NULL
           AND p.subscription_ends > ${nowIso()}::timestamptz
           AND p.plan_id IN (SELECT id FROM plans WHERE product = 'mentorship')
         ORDER BY p.id
           FOR UPDATE OF p`,
    { requireTransaction: true },
  )
  for (const r of rows) if (!out.has(Number(r.user_id))) out.set(Number(r.user_id), Number(r.id))
  return out
}

/** The payments now pay for the batch: its first day to the end of its last day. */
export async function payForBatch(req: PayloadRequest, batch: Pick<BatchRow, 'id' | 'startsOn' | 'endsOn'>, paymentIds: number[]) {
  if (paymentIds.length === 0) return
  await txQuery(
    req,
    sql`UPDATE payments SET batch_id = ${batch.id}, subscription_starts = ${batch.startsOn.toISOString()}::timestamptz,
               subscription_ends = ${batchEnd(batch).toISOString()}::timestamptz, updated_at = now()
         WHERE id IN (${sql.join(
           paymentIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  )
}

/** The student's oldest credit, locked and now paying for `batch`; null when they have none. */
export async function takeCredit(req: PayloadRequest, userId: number, batch: Pick<BatchRow, 'id' | 'startsOn' | 'endsOn'>) {
  const credit = (await lockCredits(req, [userId])).get(userId)
  if (credit === undefined) return null
  await payForBatch(req, batch, [credit])
  return credit
}

/** A seat given up before its batch started: its payment is a credit again, until the end of next month. */
export async function returnToCredit(req: PayloadRequest, paymentId: number, at: Date): Promise<void> {
  await txQuery(
    req,
    sql`UPDATE payments SET batch_id = NULL, subscription_starts = ${at.toISOString()}::timestamptz,
               subscription_ends = ${creditDeadline(at).toISOString()}::timestamptz, updated_at = now()
         WHERE id = ${paymentId} AND status = 'completed'`,
  )
}

/** Whether the student has a usable credit now (one read; no lock). */
export async function hasCredit(req: PayloadRequest, userId: number): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id WHERE p.user_id = ${userId} AND ${isCredit(sql`p`, sql`pl`)} LIMIT 1`,
  )
  return rows.length > 0
}
