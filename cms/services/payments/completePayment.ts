import { coverPhrase, discountLine, formatDate, formatRupees, now, type PaymentCover, paiseToRupees, planLabel } from '@mentorloop/shared'
import type { Payment, Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { isoOf } from '../../lib/db/isoOf'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { seatInFreedSeat } from '../batches/offers'
import { processWaitlistForUser } from '../booking/processWaitlistForUser'
import { countDiscountUse, releaseDiscountUseOfOrder } from '../offers'
import { planWindow } from '../plans/activePlan'
import { creditDeadline } from '../plans/credits'
import { nextWindowStart } from '../plans/renewal'
import { refundAutomatically } from './approveRefund'

export type WaitlistOutcome = { assigned: number; stillWaiting: number; processed: boolean }
/** A completed (or refunded) payment: what its verification answers and its receipt says. */
export type CompletedPayment = {
  id: number
  status: Payment['status']
  amount: number
  gatewayOrderId: string
  gatewayPaymentId: string | null
  subscriptionEnds: string | null
  plan: { code: string; name: string; product: Plan['product']; sessionsIncluded: number | null }
  user: { id: number; email: string; name: string | null }
  /** The seat it pays for, if it has one yet (else it is a credit). */
  batch: { id: number; label: string; mentor: string; startsOn: string; endsOn: string } | null
  /** The discount code it was paid with (services/offers), or null. */
  discount: { code: string; amount: number } | null
}
export type Completion = { payment: CompletedPayment; activated: boolean; waitlist: WaitlistOutcome }

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
  // A discount code's use counts here, once: only the call that completed the payment gets here.
  if (activated) await countDiscountUse(req, Number(order.id))
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

/**
 * The completed payment as the verification's answer and the receipt need it, in one statement: the
 * plan, the student's address and the seat it paid for (if any), not a whole document populated at
 * depth 1 (six queries and a walk over every field of four collections).
 */
async function readPayment(req: PayloadRequest, orderId: string): Promise<CompletedPayment | null> {
  const [row] = await txQuery<CompletedPayment>(
    req,
    sql`SELECT p.id, p.status, p.amount::float8 AS amount, p.gateway_order_id AS "gatewayOrderId",
               p.gateway_payment_id AS "gatewayPaymentId", ${isoOf(sql`p.subscription_ends`)} AS "subscriptionEnds",
               json_build_object('code', pl.code, 'name', pl.name, 'product', pl.product,
                                 'sessionsIncluded', pl.sessions_included) AS plan,
               json_build_object('id', u.id, 'email', u.email, 'name', u.name) AS "user",
               CASE WHEN bt.id IS NULL THEN NULL ELSE json_build_object(
                 'id', bt.id, 'label', bt.label, 'mentor', m.name,
                 'startsOn', ${isoOf(sql`bt.starts_on`)}, 'endsOn', ${isoOf(sql`bt.ends_on`)}) END AS batch,
               CASE WHEN p.discount_code IS NULL THEN NULL ELSE json_build_object(
                 'code', p.discount_code, 'amount', p.discount_amount::float8) END AS discount
          FROM payments p
          JOIN plans pl ON pl.id = p.plan_id
          JOIN users u ON u.id = p.user_id
          LEFT JOIN batches bt ON bt.id = p.batch_id
          LEFT JOIN mentors m ON m.id = bt.mentor_id
         WHERE p.gateway_order_id = ${orderId}`,
  )
  return row ? { ...row, id: Number(row.id) } : null
}

/** What a completed mentorship payment pays for now: its seat, or a credit with its deadline; null otherwise. */
export function paymentCover(payment: CompletedPayment): PaymentCover | null {
  const { plan, batch } = payment
  if (plan.product !== 'mentorship' || payment.status !== 'completed') return null
  if (batch)
    return {
      kind: 'seat',
      mentor: batch.mentor,
      batch: { label: batch.label, startsOn: batch.startsOn, endsOn: batch.endsOn },
      sessions: Number(plan.sessionsIncluded ?? 0),
    }
  return payment.subscriptionEnds ? { kind: 'credit', until: payment.subscriptionEnds } : null
}

/** What the payment covers, in the student's words (the receipt e-mail), as the checkout and the confirmation say it. */
function coverageLine(payment: CompletedPayment): string {
  if (payment.plan.product !== 'mentorship') {
    return payment.subscriptionEnds ? `Your plan is active until ${formatDate(payment.subscriptionEnds)}.` : 'Your plan is now active.'
  }
  const cover = paymentCover(payment)
  if (!cover) return 'Your plan is paid.'
  const phrase = coverPhrase(cover)
  return cover.kind === 'seat'
    ? `It pays for ${phrase}.`
    : `It is ${phrase}. The first seat you get (a booking, or a seat from a waitlist) uses it.`
}

async function queueReceipt(req: PayloadRequest, payment: CompletedPayment): Promise<void> {
  const { user, plan } = payment
  if (!user.email) return
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
          ...(payment.discount ? [`${discountLine(payment.discount)}.`] : []),
          coverageLine(payment),
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
  if (rows.length > 0) await releaseDiscountUseOfOrder(req, orderId)
  return rows.length > 0
}
