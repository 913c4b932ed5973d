import type {
  ActivePlanView,
  CreateOrderResponse,
  DiscountQuote,
  PaymentHistoryItem,
  RefusedPurchase,
  VerifyPaymentResponse,
} from '@mentorloop/shared'
import { cms } from './cms.server'

/** The payment calls of the site, made server to server with the signed-in user's token. */
/** An order for a plan; with `offerId` the purchase claims a seat held for the student. */
export function createOrder(token: string, planCode: string, offerId?: number, discountCode?: string) {
  return cms<CreateOrderResponse>('/payments/create-order', { method: 'POST', token, body: { planCode, offerId, discountCode } })
}

/** The prices a discount code gives the student now, as the CMS computes them (nothing is reserved). */
export function quoteDiscount(token: string, code: string) {
  return cms<DiscountQuote>('/discount-codes/quote', { method: 'POST', token, body: { code } })
}

export function verifyPayment(token: string, body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) {
  return cms<VerifyPaymentResponse>('/payments/verify-payment', { method: 'POST', token, body, timeoutMs: 20_000 })
}

/** The checkout of this order was closed without paying (the order stays payable). */
export function closeCheckout(token: string, orderId: string) {
  return cms<{ closed: boolean }>('/payments/checkout-closed', { method: 'POST', token, body: { orderId } })
}

export function sandboxCheckout(token: string, body: { orderId: string; outcome: 'success' | 'failure' }) {
  return cms<unknown>('/payments/sandbox-checkout', { method: 'POST', token, body })
}

export function getPaymentHistory(token: string) {
  return cms<PaymentHistoryItem[]>('/payments/history', { token })
}

export function hasPlan(token: string, planType?: string) {
  return cms<{ hasPlan: boolean; planCode: string | null; endsAt: string | null }>('/payments/has-plan', {
    token,
    query: planType ? { planType } : undefined,
  })
}

export function requestRefund(token: string, body: { paymentId: number; reason: string; feedback: string; keepNextSeat?: boolean }) {
  return cms<{ success: true; id: number; status: string; decideBy: string | null }>('/refund-requests/request', {
    method: 'POST',
    token,
    body,
  })
}

/** Takes back one's own refund request while our team has not decided it. */
export function withdrawRefund(token: string, requestId: number) {
  return cms<{ success: true; paymentId: number }>(`/refund-requests/${requestId}/withdraw`, { method: 'POST', token })
}

export function getActivePlans(token: string) {
  return getPlanStates(token).then((r) => r.plans)
}

/** The plans running now and the plans the student may not buy now (the CMS's one rule decides). */
export async function getPlanStates(token: string): Promise<PlanStates> {
  const r = await cms<{ plans: ActivePlanView[]; refused?: Record<string, RefusedPurchase> }>('/payments/active-plans', { token })
  const owned: Record<string, ActivePlanView> = {}
  for (const p of r.plans) owned[p.planCode] ??= p
  return { plans: r.plans, owned, refused: r.refused ?? {} }
}

export type PlanStates = { plans: ActivePlanView[]; owned: Record<string, ActivePlanView>; refused: Record<string, RefusedPurchase> }
