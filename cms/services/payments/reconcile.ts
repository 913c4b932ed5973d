import { now } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { GatewayError, type GatewayPayment, getGateway, type PaymentGateway } from '../../gateway'
import { metrics } from '../../lib/observability/metrics'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { completePayment, markPaymentFailed } from './completePayment'
import {
  MAX_RECONCILE_CHECKS,
  nextReconcileCheck,
  RECONCILE_AFTER_MS,
  RECONCILE_ERROR_RETRY_MS,
  RECONCILE_LEASE_MS,
  RECONCILE_WINDOW_MS,
  reconcileDecision,
} from './reconcileDecision'

export type ReconcileOutcome = 'completed' | 'failed' | 'waiting' | 'unchanged' | 'error'
export type ReconcileSummary = { checked: number } & Record<ReconcileOutcome, number>

type Claimed = { id: number; orderId: string; checks: number }

/**
 * Takes up to `limit` unpaid orders (`created`, or `failed`: a retry in the same checkout may have
 * succeeded) that are due for a check, for this sweep alone: one statement, `FOR UPDATE SKIP
 * LOCKED`, counting the check and holding the order for a lease. A second sweep running at the
 * same moment gets other orders, or none; a sweep that dies leaves its orders to the next one
 * after the lease. Due: 15 minutes old and never checked (within the window), or its next check
 * has come (set by the last check, or by an operator).
 */
async function claimDueOrders(payload: Payload, gateway: PaymentGateway, limit: number): Promise<Claimed[]> {
  const at = now()
  const rows = await txQuery<{ id: number; gateway_order_id: string; reconcile_checks: string | number }>(
    await newRequest(payload),
    sql`UPDATE payments
           SET reconcile_checks = COALESCE(reconcile_checks, 0) + 1,
               reconcile_at = ${new Date(at.getTime() + RECONCILE_LEASE_MS).toISOString()}::timestamptz
         WHERE id IN (
           SELECT id FROM payments
            WHERE status IN ('created', 'failed') AND gateway = ${gateway.name}
              AND COALESCE(reconcile_checks, 0) < ${MAX_RECONCILE_CHECKS}
              AND created_at <= ${new Date(at.getTime() - RECONCILE_AFTER_MS).toISOString()}::timestamptz
              AND ((reconcile_at IS NULL AND created_at > ${new Date(at.getTime() - RECONCILE_WINDOW_MS).toISOString()}::timestamptz)
                   OR reconcile_at <= ${at.toISOString()}::timestamptz)
            ORDER BY created_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
     RETURNING id, gateway_order_id, reconcile_checks`,
  )
  return rows.map((r) => ({ id: Number(r.id), orderId: r.gateway_order_id, checks: Number(r.reconcile_checks) }))
}

/** The next check of a claimed order (or none), only while the claim is still this sweep's. */
async function scheduleNext(payload: Payload, order: Claimed, next: Date | null, checks = order.checks): Promise<void> {
  await txQuery(
    await newRequest(payload),
    sql`UPDATE payments SET reconcile_at = ${next ? next.toISOString() : null}::timestamptz, reconcile_checks = ${checks}
         WHERE id = ${order.id} AND reconcile_checks = ${order.checks}`,
  )
}

/**
 * Asks the gateway about one claimed order, with no transaction open meanwhile, and settles it
 * through the same path as the browser's verification and the webhook: `completePayment` (its
 * conditional UPDATE completes an order once, whoever comes first; the receipt goes with it) or
 * `markPaymentFailed` (only a `created` order becomes `failed`).
 */
async function reconcileOrder(payload: Payload, gateway: PaymentGateway, order: Claimed): Promise<ReconcileOutcome> {
  let payments: GatewayPayment[]
  try {
    payments = await gateway.fetchOrderPayments(order.orderId)
  } catch (error) {
    const code = error instanceof GatewayError ? error.code : 'UNKNOWN'
    payload.logger.warn({ msg: 'Reconciliation could not ask the gateway about an order; will try again', orderId: order.orderId, code })
    // Not counted: a gateway outage must not use up an order's checks.
    await scheduleNext(payload, order, new Date(now().getTime() + RECONCILE_ERROR_RETRY_MS), order.checks - 1)
    return 'error'
  }
  const decision = reconcileDecision(payments)
  if (decision.action === 'complete') {
    const req = await newRequest(payload)
    const completion = await inTransaction(req, () => completePayment(req, order.orderId, decision.paymentId))
    if (completion?.activated) {
      // Paid, and neither the browser nor the webhook told us: worth an operator's look if it recurs.
      payload.logger.warn({
        msg: 'Reconciliation completed an order paid at the gateway (no verification or webhook reached us)',
        orderId: order.orderId,
        paymentId: decision.paymentId,
      })
      return 'completed'
    }
    return 'unchanged'
  }
  let outcome: ReconcileOutcome = 'waiting'
  if (decision.action === 'fail') {
    const req = await newRequest(payload)
    outcome = (await inTransaction(req, () => markPaymentFailed(req, order.orderId))) ? 'failed' : 'unchanged'
  }
  await scheduleNext(payload, order, nextReconcileCheck(order.checks, now()))
  return outcome
}

/**
 * The reconciliation sweep (docs/decisions/160; the scheduled `reconcilePayments` task): the
 * orders due for a check, one after the other. Safe to run twice or on two workers at once: each
 * order is claimed by one sweep, and completing it is once-only anyway.
 */
export async function reconcileDueOrders(payload: Payload, opts: { limit?: number } = {}): Promise<ReconcileSummary> {
  const gateway = getGateway()
  const summary: ReconcileSummary = { checked: 0, completed: 0, failed: 0, waiting: 0, unchanged: 0, error: 0 }
  const claimed = await claimDueOrders(payload, gateway, opts.limit ?? 25)
  for (const order of claimed) {
    const outcome = await reconcileOrder(payload, gateway, order)
    summary[outcome]++
    summary.checked++
    const counted = COUNTED[outcome]
    if (counted) metrics().paymentVerifications.inc({ source: 'reconciliation', outcome: counted })
  }
  return summary
}

/** The sweep's outcomes in the verification metric's words (an order still waiting is no verification). */
const COUNTED: Partial<Record<ReconcileOutcome, string>> = {
  completed: 'completed',
  unchanged: 'repeat',
  failed: 'failed_payment',
  error: 'failed',
}
