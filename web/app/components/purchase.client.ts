import {
  assignedToMentorsMessage,
  type CreateOrderResponse,
  checkoutDescription,
  type ErrorBody,
  MESSAGES,
  paidMessage,
  parseErrorBody,
  stillOnWaitlistMessage,
} from '@mentorloop/shared'
import type { PendingBooking, VerifiedPurchase } from '~/components/booking/types'
import { toast } from '~/components/Toaster'
import { loadCheckoutScript, openCheckout } from '~/utils/checkout.client'

/**
 * The purchase flow behind BuyPlanButton, in its own chunk (decision 118): the button is on the
 * landing page, the flow is needed only once someone clicks it (the button fetches it when the
 * browser is idle, with the checkout script, so a click does not wait).
 */
export type Step = 'order' | 'checkout' | 'verify' | null
export type Notice = { kind: 'login' | 'owned' | 'success'; title: string; message: string; booking?: PendingBooking | null } | null

type Answer<T> = { ok: true; status: number; body: T } | { ok: false; status: number; error: ErrorBody | null }

async function post<T>(body: Record<string, string>): Promise<Answer<T>> {
  try {
    const res = await fetch('/resources/payments', {
      method: 'POST',
      body: new URLSearchParams(body),
      headers: { Accept: 'application/json' },
      credentials: 'same-origin',
    })
    const json: unknown = await res.json().catch(() => null)
    return res.ok ? { ok: true, status: res.status, body: json as T } : { ok: false, status: res.status, error: parseErrorBody(json) }
  } catch {
    return { ok: false, status: 0, error: null }
  }
}

export const prepareCheckout = () => loadCheckoutScript()

/**
 * Create the order on the server (sign-in and owned-plan checks happen there, the amount comes
 * from the plan), open the checkout widget, verify the result on the server. Returns what the
 * dialog should say, or null when there is nothing to say (dismissed, or a toast said it).
 */
export async function purchase(
  {
    planCode,
    offerId,
    discountCode,
    successMessage,
  }: { planCode: string; offerId?: number; discountCode?: string; successMessage?: string },
  setStep: (step: Step) => void,
): Promise<Notice> {
  setStep('order')
  const order = await post<CreateOrderResponse>({
    intent: 'create-order',
    planCode,
    ...(offerId ? { offerId: String(offerId) } : {}),
    ...(discountCode ? { discountCode } : {}),
  })
  if (!order.ok) {
    if (order.status === 401) return { kind: 'login', title: MESSAGES.PLEASE_LOGIN, message: 'Sign in to buy a plan.' }
    if (order.error?.code === 'ALREADY_PURCHASED') return { kind: 'owned', title: order.error.title, message: order.error.message }
    // A code refused at the order (the last use went to another checkout, or it ended): said before paying.
    if (order.error?.code.startsWith('DISCOUNT_CODE_'))
      return { kind: 'owned', title: 'Your discount code was not applied', message: order.error.message }
    toast.error(order.error?.message ?? MESSAGES.FAILED_CREATE_ORDER)
    return null
  }
  if (!(await loadCheckoutScript())) {
    window.alert(MESSAGES.CHECKOUT_NOT_LOADED)
    return null
  }
  setStep('checkout')
  const o = order.body
  const outcome = await openCheckout(
    o,
    // What the payment buys, before paying (docs/decisions/183): the held seat, or a credit and its deadline.
    { description: checkoutDescription(o.planName, o.buys ?? null), prefill: o.prefill },
    { onFailed: (error) => toast.error(error.description ?? 'Your payment could not be completed.') },
  )
  if (outcome.status === 'unavailable') {
    window.alert(MESSAGES.CHECKOUT_NOT_LOADED)
    return null
  }
  if (outcome.status === 'dismissed') {
    // Closed unpaid: the order leaves the admin's Payments list now, not in an hour. Nothing waits for it.
    void post({ intent: 'checkout-closed', orderId: o.orderId })
    return null
  }
  if (outcome.status !== 'paid') return null
  setStep('verify')
  // A claim seats the student through its offer; a plain purchase may finish a kept booking.
  const verified = await post<VerifiedPurchase>({ intent: 'verify', ...outcome.response, ...(offerId ? {} : { resume: '1' }) })
  if (!verified.ok) {
    toast.error(verified.error?.message ?? MESSAGES.VERIFICATION_FAILED)
    return null
  }
  toast.success(MESSAGES.PAYMENT_VERIFIED)
  if (verified.body.assigned > 0) toast.success(assignedToMentorsMessage(verified.body.assigned))
  if (verified.body.stillWaiting > 0) toast.info(stillOnWaitlistMessage(verified.body.stillWaiting))
  // The page reloads its data when the dialog closes: an owned plan may replace this button.
  return {
    kind: 'success',
    title: MESSAGES.PAYMENT_SUCCESSFUL_TITLE,
    message: successMessage ?? paidMessage(verified.body.payment.covers ?? null) ?? MESSAGES.PAYMENT_SUCCESSFUL,
    booking: verified.body.pendingBooking ?? null,
  }
}
