/**
 * The browser side of checkout, the same for Razorpay and the sandbox: both put a
 * `window.Razorpay` constructor on the page (checkout.js's contract: options `key, amount,
 * currency, order_id, handler, prefill, modal.ondismiss`, and the `payment.failed` event).
 * `/resources/checkout.js` is Razorpay's script (a redirect to its host) or our sandbox.
 */
export const CHECKOUT_SCRIPT_SRC = '/resources/checkout.js'

export type CheckoutSuccess = {
  razorpay_payment_id: string
  razorpay_order_id: string
  razorpay_signature: string
}

export type CheckoutFailure = { code?: string; description?: string; reason?: string; metadata?: Record<string, string> }

export type CheckoutOutcome =
  | { status: 'paid'; response: CheckoutSuccess }
  /** Closed without paying; `lastError` when an attempt failed first. */
  | { status: 'dismissed'; lastError: CheckoutFailure | null }
  | { status: 'unavailable' }

/** The order the server created (both products' create-order answers carry these). */
export type CheckoutOrder = { key: string; amount: number; currency: string; orderId: string }
export type CheckoutDetails = { description?: string; prefill?: { name?: string | null; email?: string | null } }

type RazorpayInstance = { open: () => void; on: (event: 'payment.failed', cb: (r: { error: CheckoutFailure }) => void) => void }
type RazorpayConstructor = new (options: Record<string, unknown>) => RazorpayInstance

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor
  }
}

let loading: Promise<boolean> | null = null

/** Adds the checkout script once; resolves true when `window.Razorpay` is there. */
export function loadCheckoutScript(src: string = CHECKOUT_SCRIPT_SRC): Promise<boolean> {
  if (typeof window === 'undefined') return Promise.resolve(false)
  if (window.Razorpay) return Promise.resolve(true)
  if (loading) return loading
  loading = new Promise<boolean>((resolve) => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.dataset.checkout = 'true'
    script.onload = () => resolve(Boolean(window.Razorpay))
    script.onerror = () => {
      script.remove()
      loading = null
      resolve(false)
    }
    document.head.appendChild(script)
  })
  return loading
}

/**
 * Opens the checkout dialog and resolves when it is done: paid, or closed. Like checkout.js, a
 * failed attempt keeps the dialog open for another try, so failures are reported through
 * `onFailed` as they happen, not as the end of the checkout.
 */
export function openCheckout(
  order: CheckoutOrder,
  details: CheckoutDetails,
  events: { onFailed?: (error: CheckoutFailure) => void } = {},
): Promise<CheckoutOutcome> {
  const options = { ...order, ...details, name: 'MentorLoop' }
  const Razorpay = typeof window === 'undefined' ? undefined : window.Razorpay
  if (!Razorpay) return Promise.resolve({ status: 'unavailable' })
  return new Promise<CheckoutOutcome>((resolve) => {
    let settled = false
    let lastError: CheckoutFailure | null = null
    const settle = (outcome: CheckoutOutcome) => {
      if (settled) return
      settled = true
      resolve(outcome)
    }
    const instance = new Razorpay({
      key: options.key,
      amount: options.amount,
      currency: options.currency,
      order_id: options.orderId,
      name: options.name,
      description: options.description,
      prefill: { name: options.prefill?.name ?? undefined, email: options.prefill?.email ?? undefined },
      theme: { color: '#1d4ed8' },
      handler: (response: CheckoutSuccess) => settle({ status: 'paid', response }),
      modal: { ondismiss: () => settle({ status: 'dismissed', lastError }) },
    })
    instance.on('payment.failed', (r) => {
      lastError = r?.error ?? {}
      events.onFailed?.(lastError)
    })
    instance.open()
  })
}
