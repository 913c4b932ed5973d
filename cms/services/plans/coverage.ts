import { type BatchStatus, DAY_MS, nowIso, type PlanCoverage, RENEWAL_WINDOW_DAYS } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { batchEnd } from '../batches/batches'

/**
 * What each of the student's mentorship payments covers now (docs/decisions/069): the seats they
 * pay for in batches that have not ended, in time order, then their credits. One query.
 */
export async function coverageOf(req: PayloadRequest, userId: number): Promise<PlanCoverage[]> {
  const at = nowIso()
  const rows = await txQuery<{
    payment_id: number
    plan_id: number
    code: string
    name: string
    sessions: string | number | null
    ends: string | Date | null
    batch_id: number | null
    label: string | null
    starts_on: string | Date | null
    ends_on: string | Date | null
    batch_status: BatchStatus
    mentor_id: number | null
    mentor: string | null
    gateway: string
  }>(
    req,
    sql`SELECT p.id AS payment_id, p.gateway, pl.id AS plan_id, pl.code, pl.name, pl.sessions_included AS sessions, p.subscription_ends AS ends,
               bt.id AS batch_id, bt.label, bt.starts_on, bt.ends_on, bt.status AS batch_status, m.id AS mentor_id, m.name AS mentor
          FROM payments p JOIN plans pl ON pl.id = p.plan_id
          LEFT JOIN batches bt ON bt.id = p.batch_id
          LEFT JOIN mentors m ON m.id = bt.mentor_id
         WHERE p.user_id = ${userId} AND p.status = 'completed' AND pl.product = 'mentorship'
           AND p.subscription_ends > ${at}::timestamptz
           AND (p.batch_id IS NOT NULL OR p.credit_ended_at IS NULL)
           AND (p.batch_id IS NULL OR (bt.status IN ('open', 'running')
                AND EXISTS (SELECT 1 FROM bookings b WHERE b.payment_id = p.id AND b.status = 'confirmed')))
         ORDER BY (p.batch_id IS NULL), bt.starts_on, p.id`,
  )
  return rows.map((r): PlanCoverage => {
    const plan = { id: Number(r.plan_id), code: r.code, name: r.name }
    if (r.batch_id === null)
      return {
        kind: 'credit',
        paymentId: Number(r.payment_id),
        plan,
        creditUntil: new Date(r.ends!).toISOString(),
        complimentary: r.gateway === 'complimentary',
      }
    return {
      kind: 'seat',
      paymentId: Number(r.payment_id),
      plan,
      batch: {
        id: Number(r.batch_id),
        label: r.label ?? '',
        startsOn: new Date(r.starts_on!).toISOString(),
        endsOn: new Date(r.ends_on!).toISOString(),
        status: r.batch_status,
      },
      mentor: { id: Number(r.mentor_id), name: r.mentor ?? 'Mentor' },
      sessions: Number(r.sessions ?? 0),
    }
  })
}

/** Renewal opens 7 days before the running batch ends (and stays open until the continuing hold expires). */
export const renewalOpensFor = (batch: { endsOn: string | Date }) =>
  new Date(batchEnd({ endsOn: new Date(batch.endsOn) }).getTime() - RENEWAL_WINDOW_DAYS * DAY_MS)
