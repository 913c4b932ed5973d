import { formatRupees, nowIso, paiseToRupees, planLabel, REFUND_ARRIVES_WITHIN, type RefundStatus } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import type { GatewayRefund } from '../../gateway'
import { inTransaction, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { releaseSeatOfPayment } from '../booking/releaseSeat'
import { lockMentor } from '../booking/seats'

export type SettleOutcome = 'pending' | 'refunded' | 'failed' | 'unchanged'

type LockedRequest = { id: number; status: RefundStatus; payment_id: number; user_id: number; gateway_refund_id: string | null }

const GATEWAY_FAILED_NOTE = 'The gateway reported this refund as failed: no money was returned. Approve the request again to retry it.'

/**
 * One refund, one e-mail (issue 37, docs/decisions/178): every e-mail about a refund request's
 * outcome carries this outbox key, so whichever is queued first (the decision's: an unused credit,
 * the promise, an automatic refund, a rejection; or, for an admin's approval, the settlement's) is
 * the only one; the rest find the key taken and queue nothing.
 */
export const refundEmailKey = (requestId: number) => `refund:${requestId}`

/**
 * What the gateway says about a refund we asked for, applied to its request under the request's
 * row lock; the refund job (after its call) and the refund webhooks both come here, in any order,
 * any number of times. State only moves forward:
 * - taken (`pending`) or done (`processed`): from `approved` (or a `failed` request whose refund
 *   went through after all), the payment becomes refunded, the plan ends and the seats it paid for
 *   are freed — once, guarded by the payment's own status — then `pending` or `refunded`;
 *   `pending` becomes `refunded`. A refunded request never changes.
 * - `failed`: an `approved` or `pending` request becomes `failed` (the payment stays as it is).
 */
export async function settleRefund(req: PayloadRequest, requestId: number, refund: GatewayRefund): Promise<SettleOutcome> {
  return inTransaction(req, async () => {
    const [row] = await txQuery<LockedRequest>(
      req,
      sql`SELECT id, status, payment_id, user_id, gateway_refund_id FROM refund_requests WHERE id = ${requestId} FOR UPDATE`,
      { requireTransaction: true },
    )
    if (!row) return 'unchanged'
    if (refund.status === 'failed') {
      // Another refund of this request's (an earlier, failed one) says nothing about the current one.
      if ((row.status !== 'approved' && row.status !== 'pending') || (row.gateway_refund_id && row.gateway_refund_id !== refund.id)) {
        return 'unchanged'
      }
      await txQuery(
        req,
        sql`UPDATE refund_requests SET status = 'failed', gateway_refund_id = ${refund.id}, next_attempt_at = NULL,
                   last_error = ${GATEWAY_FAILED_NOTE}, updated_at = now()
             WHERE id = ${row.id}`,
      )
      return 'failed'
    }
    const to = refund.status === 'processed' ? 'refunded' : 'pending'
    const moves = row.status === 'approved' || row.status === 'failed' || (row.status === 'pending' && to === 'refunded')
    if (!moves) return 'unchanged'
    if (row.status !== 'pending') await endPlanAndReleaseSeats(req, Number(row.payment_id), Number(row.id))
    await txQuery(
      req,
      sql`UPDATE refund_requests SET status = ${to}, gateway_refund_id = ${refund.id}, next_attempt_at = NULL, last_error = NULL,
                 refunded_at = ${to === 'refunded' ? nowIso() : null}::timestamptz, updated_at = now()
           WHERE id = ${row.id}`,
    )
    return to
  })
}

/**
 * The gateway took the refund: the payment becomes refunded, the seat it paid for (the booking that
 * names it, docs/decisions/069) goes to the next in line, and the student is told exactly what
 * ended. Only a completed payment changes, so a second call (a retry after a failed refund at the
 * gateway) does nothing. The seat's mentor is locked before the payment (one lock order).
 */
async function endPlanAndReleaseSeats(req: PayloadRequest, paymentId: number, requestId: number): Promise<void> {
  const [seat] = await txQuery<{ id: number; mentor_id: number }>(
    req,
    sql`SELECT id, mentor_id FROM bookings WHERE payment_id = ${paymentId} AND status = 'confirmed' ORDER BY id LIMIT 1`,
  )
  if (seat) await lockMentor(req, Number(seat.mentor_id))
  const ended = await txQuery(
    req,
    sql`UPDATE payments SET status = 'refunded', credit_ended_at = COALESCE(credit_ended_at, ${nowIso()}::timestamptz), updated_at = now()
         WHERE id = ${paymentId} AND status = 'completed'
        RETURNING id`,
  )
  if (ended.length === 0) return
  const payment = (await req.payload.findByID({ collection: 'payments', id: paymentId, depth: 1, overrideAccess: true, req })) as Payment
  const student = payment.user as User
  const plan = payment.plan as Plan
  const [ask] = await txQuery<{ keep_next_hold: boolean | null }>(
    req,
    sql`SELECT keep_next_hold FROM refund_requests WHERE id = ${requestId}`,
  )
  const keepNextHold = ask?.keep_next_hold !== false
  const released = plan.product === 'mentorship' ? await releaseSeatOfPayment({ payload: req.payload, paymentId, req, keepNextHold }) : null
  await queueEmail(
    req,
    {
      to: student.email,
      template: 'refund-approved',
      ...renderEmail({
        subject: 'Your refund is on its way',
        greeting: `Hi ${student.name ?? 'there'},`,
        paragraphs: [
          `We approved your refund of ${formatRupees(paiseToRupees(Number(payment.amount)))} for ${planLabel(plan.name)}.`,
          `The money reaches your account within ${REFUND_ARRIVES_WITHIN}.${
            released
              ? ` Your seat in ${released.mentor}'s ${released.label} batch, which this payment paid for, is released today.`
              : plan.product === 'mentorship'
                ? ' It had not paid for a seat, so no seat changes.'
                : ' Your plan ends today.'
          }`,
        ],
      }),
    },
    // An admin's approval sent no e-mail: this is its one. A refund decided without an admin (a
    // credit, the promise, an automatic one) told the student already under the same key: nothing.
    { priority: 'urgent', key: refundEmailKey(requestId) },
  )
}
