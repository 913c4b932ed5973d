import type { GatewayPayment } from '../../gateway'

/**
 * When the reconciliation sweep asks the gateway about an unpaid order (docs/decisions/160): first
 * once it is RECONCILE_AFTER_MS old (the browser and the webhook had their chance), then after each
 * inconclusive answer a while later, at most MAX_RECONCILE_CHECKS times (about 31 hours in all).
 * Orders older than RECONCILE_WINDOW_MS that were never checked (those from before the sweep) are
 * left alone unless an operator asks for them (docs/operations.md, "Payment reconciliation").
 */
export const RECONCILE_AFTER_MS = 15 * 60_000
export const RECONCILE_WINDOW_MS = 3 * 86_400_000
/** A claimed order is the claimer's for this long (longer than the gateway's 15 s timeout). */
export const RECONCILE_LEASE_MS = 2 * 60_000
/** After a gateway error: soon again, and the check is not counted. */
export const RECONCILE_ERROR_RETRY_MS = 5 * 60_000
const NEXT_CHECK_MS = [15 * 60_000, 60 * 60_000, 6 * 60 * 60_000, 24 * 60 * 60_000]
export const MAX_RECONCILE_CHECKS = NEXT_CHECK_MS.length + 1

/** After check number `checks` (1-based) answered nothing final: when to ask again, or null to stop. */
export function nextReconcileCheck(checks: number, at: Date): Date | null {
  if (checks >= MAX_RECONCILE_CHECKS) return null
  return new Date(at.getTime() + NEXT_CHECK_MS[Math.max(checks, 1) - 1]!)
}

export type ReconcileDecision = { action: 'complete'; paymentId: string } | { action: 'fail' } | { action: 'wait' }

/**
 * What the gateway's payments of an order mean for our payment: a captured one paid it (complete it
 * with that payment, through the one completion path); only failed attempts mean it failed (a later
 * attempt may still succeed: the order is asked about again); anything else (no attempt yet, one
 * authorised but not captured, or money already returned at the gateway) is nothing to act on yet.
 */
export function reconcileDecision(payments: readonly GatewayPayment[]): ReconcileDecision {
  const captured = payments.find((p) => p.status === 'captured')
  if (captured) return { action: 'complete', paymentId: captured.id }
  if (payments.length > 0 && payments.every((p) => p.status === 'failed')) return { action: 'fail' }
  return { action: 'wait' }
}
