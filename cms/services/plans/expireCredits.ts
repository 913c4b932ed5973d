import { nowIso } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { tellStudent } from '../notices/tell'
import { refundAutomatically } from '../payments/approveRefund'
import { stepGuard } from '../time/failures'

/**
 * Credits past their deadline (no seat came): a paid one is refunded automatically, a granted one
 * lapses; either way the student is told (docs/decisions/069). One transaction per credit, decided
 * by a conditional UPDATE (refund: the one open request per payment), so a second run or a second
 * worker does nothing more. One credit that fails is recorded and retried; the others go on.
 */
export async function expireCredits(req: PayloadRequest): Promise<number> {
  const due = await txQuery<{ id: number; gateway: string }>(
    req,
    sql`SELECT p.id, p.gateway FROM payments p JOIN plans pl ON pl.id = p.plan_id
         WHERE p.status = 'completed' AND pl.product = 'mentorship' AND p.batch_id IS NULL AND p.credit_ended_at IS NULL
           AND p.subscription_ends <= ${nowIso()}::timestamptz
         ORDER BY p.subscription_ends, p.id LIMIT 1000`,
  )
  const guard = await stepGuard(req.payload, 'expire-credit')
  let done = 0
  for (const row of due) {
    const ok = await guard(row.id, async () => {
      const step = await newRequest(req.payload)
      return inTransaction(step, async () => {
        if (row.gateway !== 'complimentary') return refundAutomatically(step, Number(row.id), 'credit-expired')
        const [lapsed] = await txQuery<{ user_id: number; email: string; name: string | null; plan: string }>(
          step,
          sql`WITH x AS (UPDATE payments SET credit_ended_at = ${nowIso()}::timestamptz, updated_at = now()
                          WHERE id = ${row.id} AND credit_ended_at IS NULL AND batch_id IS NULL RETURNING user_id, plan_id)
              SELECT x.user_id, u.email, u.name, pl.name AS plan FROM x JOIN users u ON u.id = x.user_id JOIN plans pl ON pl.id = x.plan_id`,
        )
        if (!lapsed) return false
        await tellStudent(
          step,
          { id: Number(lapsed.user_id), email: lapsed.email, name: lapsed.name },
          {
            kind: 'credit-lapsed',
            title: `Your complimentary ${lapsed.plan} has lapsed`,
            paragraphs: [
              `The complimentary ${lapsed.plan} we gave you was waiting for a seat, and none came before its end.`,
              'Reply to this e-mail if you would like our team to look at it again.',
            ],
            key: `credit-lapsed:${row.id}`,
          },
        )
        return true
      })
    })
    if (ok) done++
  }
  return done
}
