import { nowMs, REFUND_DECIDED_WITHIN, REFUND_DECIDED_WITHIN_DAYS } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { stepGuard } from '../time/failures'

/** What the request keeps as its decision's note when nobody decided it in time. */
export const OVERDUE_REFUND_NOTE = `Approved automatically: our team had not decided it within ${REFUND_DECIDED_WITHIN}.`

/**
 * Refund requests our team has not decided within REFUND_DECIDED_WITHIN_DAYS are approved
 * (docs/decisions/215): the student was told "our team decides by …", and past that day the rules
 * decide in their favour. Each goes through the same update as an admin's Approve (the request's
 * beforeChange hook, decideRefund), so the refund job, the credit and the e-mail that follows are
 * the ones an admin's approval gives. One transaction per request, under its row lock and only
 * while it is still `requested`: a second run, a second worker or an admin deciding at the same
 * moment changes nothing more. A request that fails is recorded and retried; the others go on.
 */
export async function approveOverdueRefunds(req: PayloadRequest): Promise<number> {
  const cutoff = new Date(nowMs() - REFUND_DECIDED_WITHIN_DAYS * 24 * 60 * 60 * 1000).toISOString()
  const due = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM refund_requests WHERE status = 'requested' AND created_at <= ${cutoff}::timestamptz
         ORDER BY created_at, id LIMIT 1000`,
  )
  const guard = await stepGuard(req.payload, 'approve-overdue-refund')
  let approved = 0
  for (const row of due) {
    const ok = await guard(row.id, async () => {
      const step = await newRequest(req.payload)
      return inTransaction(step, async () => {
        const [still] = await txQuery<{ id: number }>(
          step,
          sql`SELECT id FROM refund_requests WHERE id = ${row.id} AND status = 'requested'
                 AND created_at <= ${cutoff}::timestamptz FOR UPDATE SKIP LOCKED`,
        )
        if (!still) return false
        await step.payload.update({
          collection: 'refund-requests',
          id: Number(row.id),
          data: { status: 'approved', adminNote: OVERDUE_REFUND_NOTE },
          depth: 0,
          overrideAccess: true,
          req: step,
        })
        return true
      })
    })
    if (ok) approved++
  }
  return approved
}
