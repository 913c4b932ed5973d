import { formatDate, formatRupees, now, paiseToRupees, planLabel } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { seatInFreedSeat } from '../batches/offers'
import { processWaitlistForUser } from '../booking/processWaitlistForUser'
import { planWindow } from '../plans/activePlan'
import { creditDeadline } from '../plans/credits'
import { nextWindowStart } from '../plans/renewal'
import { refundAutomatically } from './refunds'

export type WaitlistOutcome = { assigned: number; stillWaiting: number; processed: boolean }
export type Completion = { payment: Payment; activated: boolean; waitlist: WaitlistOutcome }

const NOT_PROCESSED: WaitlistOutcome = { assigned: 0, stillWaiting: 0, processed: false }

/**
 * Moves the order's payment to `completed` exactly once and applies it, all in the caller's
 * transaction (`req`), so a paid order is never left half-done: a question-bank plan starts its
 * window (from now, or where the latest one ends); a mentorship plan becomes a credit
 * (docs/decisions/069) and is applied at once: the held seat it was bought for, the continuing
 * seat, the queues the student waits in. If the hold it was bought for passed on meanwhile and
 * no other seat took the credit, it is refunded at once and the student told why.
 *
 * The conditional UPDATE is the idempotency guard: two concurrent completions (browser + webhook,
 * or a double click) both reach it, PostgreSQL's row lock serialises them, and only the first sees a
 * `created`/`failed` row to update; the other gets zero rows and returns the completed payment with
 * `activated: false`.
 */
export async function completePayment(req: PayloadRequest, orderId: string, paymentId: string): Promise<Completion | null> {
  const [order] = await txQuery<{
    id: number
    duration_days: string | number
    user_id: number
    product: Plan['product']
    offer_id: number | null
  }>(
    req,
    sql`SELECT p.id, pl.duration_days, pl.product, p.user_id, p.offer_id FROM payments p JOIN plans pl ON pl.id = p.plan_id
         WHERE p.gateway_order_id = ${orderId}`,
  )
  if (!order) return null
  const at = now()
  const window =
    order.product === 'mentorship'
      ? { startsAt: at, endsAt: creditDeadline(at) }
      : planWindow({ durationDays: Number(order.duration_days) }, await nextWindowStart(req, Number(order.user_id), order.product))
  const rows = await txQuery<{ id: number }>(
    req,
    sql`UPDATE payments
           SET status = 'completed',
               gateway_payment_id = ${paymentId},
               batch_id = NULL,
               subscription_starts = ${window.startsAt.toISOString()},
               subscription_ends = ${window.endsAt.toISOString()},
               updated_at = now()
         WHERE gateway_order_id = ${orderId}
           AND status IN ('created', 'failed')
        RETURNING id`,
  )
  const activated = rows.length > 0
  let waitlist = NOT_PROCESSED
  if (activated && order.product === 'mentorship') {
    const offerId = order.offer_id === null ? null : Number(order.offer_id)
    const applied = await processWaitlistForUser({
      payload: req.payload,
      userId: Number(order.user_id),
      req,
      offerId,
      paymentId: Number(order.id),
    })
    waitlist = { assigned: applied.assigned, stillWaiting: applied.stillWaiting, processed: true }
    // Paid for a held seat that passed on meanwhile: a seat still free in that batch is theirs,
    // otherwise the payment goes back at once (docs/decisions/069, "Holds and checkout").
    if (offerId !== null && !applied.claimedOffer && (await stillCredit(req, Number(order.id)))) {
      if (await seatInFreedSeat(req, offerId, Number(order.id))) waitlist = { ...waitlist, assigned: waitlist.assigned + 1 }
      else if (await stillCredit(req, Number(order.id))) await refundAutomatically(req, Number(order.id), 'late-for-seat')
    }
  }
  const payment = await readPayment(req, orderId)
  if (!payment) return null
  if (activated) await queueReceipt(req, payment)
  return { payment, activated, waitlist }
}

async function stillCredit(req: PayloadRequest, paymentId: number): Promise<boolean> {
  const rows = await txQuery(req, sql`SELECT 1 FROM payments WHERE id = ${paymentId} AND batch_id IS NULL AND status = 'completed'`)
  return rows.length > 0
}

async function readPayment(req: PayloadRequest, orderId: string): Promise<Payment | null> {
  const { docs } = await req.payload.find({
    collection: 'payments',
    where: { gatewayOrderId: { equals: orderId } },
    limit: 1,
    depth: 1,
    overrideAccess: true,
    req,
  })
  return docs[0] ?? null
}

/** What the payment covers, in the student's words (the receipt, the history). */
async function coverageLine(req: PayloadRequest, payment: Payment, plan: Plan): Promise<string> {
  if (plan.product !== 'mentorship') {
    return payment.subscriptionEnds ? `Your plan is active until ${formatDate(payment.subscriptionEnds)}.` : 'Your plan is now active.'
  }
  const batchId = typeof payment.batch === 'object' && payment.batch ? payment.batch.id : payment.batch
  if (batchId) {
    const [b] = await txQuery<{ label: string; mentor: string; starts_on: string | Date; ends_on: string | Date }>(
      req,
      sql`SELECT b.label, m.name AS mentor, b.starts_on, b.ends_on FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = ${batchId}`,
    )
    const sessions = Number(plan.sessionsIncluded ?? 0)
    if (b)
      return `It pays for your seat in ${b.mentor}'s ${b.label} batch (${formatDate(b.starts_on)} to ${formatDate(b.ends_on)}${sessions > 0 ? `, ${sessions} live sessions` : ''}).`
  }
  if (payment.status === 'completed' && payment.subscriptionEnds)
    return `It is a credit for your next seat: the first seat you get uses it. If no seat comes by ${formatDate(payment.subscriptionEnds)}, we refund it automatically.`
  return 'Your plan is now active.'
}

async function queueReceipt(req: PayloadRequest, payment: Payment): Promise<void> {
  const user = typeof payment.user === 'object' ? (payment.user as User) : null
  const plan = typeof payment.plan === 'object' ? (payment.plan as Plan) : null
  if (!user?.email || !plan) return
  await queueEmail(
    req,
    {
      to: user.email,
      template: 'payment-receipt',
      ...renderEmail({
        subject: `Payment received: ${plan.name} (${payment.gatewayPaymentId ?? payment.gatewayOrderId})`,
        greeting: `Hi ${user.name ?? 'there'},`,
        paragraphs: [
          `We received your payment of ${formatRupees(paiseToRupees(Number(payment.amount)))} for ${planLabel(plan.name)}.`,
          await coverageLine(req, payment, plan),
          `Payment reference: ${payment.gatewayPaymentId ?? payment.gatewayOrderId}.`,
        ],
        action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
      }),
    },
    { priority: 'urgent' },
  )
}

/** A failure reported by checkout or a webhook: only a `created` payment may become `failed`. */
export async function markPaymentFailed(req: PayloadRequest, orderId: string): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`UPDATE payments SET status = 'failed', updated_at = now() WHERE gateway_order_id = ${orderId} AND status = 'created' RETURNING id`,
  )
  return rows.length > 0
}
