import { formatDate, formatRupees, paiseToRupees, planLabel } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { planWindow } from '../plans/activePlan'
import { nextWindowStart } from '../plans/renewal'

export type Completion = { payment: Payment; activated: boolean }

/**
 * Moves the order's payment to `completed` exactly once and starts the plan for its duration, from
 * now or, for a renewal, from the end of the student's latest window of that product.
 * Must run inside a transaction (`req`). The conditional UPDATE is the idempotency guard: two
 * concurrent completions (browser + webhook, or a double click) both reach it, PostgreSQL's row
 * lock serialises them, and only the first sees a `created`/`failed` row to update; the other
 * gets zero rows and returns the completed payment with `activated: false`.
 */
export async function completePayment(req: PayloadRequest, orderId: string, paymentId: string): Promise<Completion | null> {
  const [order] = await txQuery<{ duration_days: string | number; user_id: number; product: Plan['product'] }>(
    req,
    sql`SELECT pl.duration_days, pl.product, p.user_id FROM payments p JOIN plans pl ON pl.id = p.plan_id WHERE p.gateway_order_id = ${orderId}`,
  )
  if (!order) return null
  // A renewal starts where the student's latest window of this product ends: no day is lost.
  const window = planWindow({ durationDays: Number(order.duration_days) }, await nextWindowStart(req, Number(order.user_id), order.product))
  const rows = await txQuery<{ id: number }>(
    req,
    sql`UPDATE payments
           SET status = 'completed',
               gateway_payment_id = ${paymentId},
               subscription_starts = ${window.startsAt.toISOString()},
               subscription_ends = ${window.endsAt.toISOString()},
               updated_at = now()
         WHERE gateway_order_id = ${orderId}
           AND status IN ('created', 'failed')
        RETURNING id`,
  )
  const updatedId = rows[0]?.id
  const { docs } = await req.payload.find({
    collection: 'payments',
    where: { gatewayOrderId: { equals: orderId } },
    limit: 1,
    depth: 1,
    overrideAccess: true,
    req,
  })
  const payment = docs[0]
  if (!payment) return null
  const activated = updatedId !== undefined && Number(updatedId) === payment.id
  if (activated) await queueReceipt(req, payment)
  return { payment, activated }
}

async function queueReceipt(req: PayloadRequest, payment: Payment): Promise<void> {
  const user = typeof payment.user === 'object' ? (payment.user as User) : null
  const plan = typeof payment.plan === 'object' ? (payment.plan as Plan) : null
  if (!user?.email || !plan) return
  const ends = payment.subscriptionEnds ? formatDate(payment.subscriptionEnds) : null
  await queueEmail(req, {
    to: user.email,
    template: 'payment-receipt',
    ...renderEmail({
      subject: `Payment received: ${plan.name}${ends ? ` (until ${ends})` : ''}`,
      greeting: `Hi ${user.name ?? 'there'},`,
      paragraphs: [
        `We received your payment of ${formatRupees(paiseToRupees(Number(payment.amount)))} for ${planLabel(plan.name)}.`,
        ends ? `Your plan is active until ${ends}.` : 'Your plan is now active.',
        `Payment reference: ${payment.gatewayPaymentId ?? payment.gatewayOrderId}.`,
      ],
      action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
    }),
  })
}

/** A failure reported by checkout or a webhook: only a `created` payment may become `failed`. */
export async function markPaymentFailed(req: PayloadRequest, orderId: string): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`UPDATE payments SET status = 'failed', updated_at = now() WHERE gateway_order_id = ${orderId} AND status = 'created' RETURNING id`,
  )
  return rows.length > 0
}
