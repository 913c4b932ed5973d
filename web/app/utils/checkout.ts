import { useEffect } from 'react'

/**
 * The checkout widget's browser contract (Razorpay's checkout.js; the sandbox script serves the
 * same `window.Razorpay`). Loaded on entering a paying screen and removed on leaving it.
 */
export type CheckoutResult = {
  razorpay_payment_id?: string
  razorpay_order_id?: string
  razorpay_signature?: string
}

type RazorpayOptions = {
  key: string
  amount: number
  currency: string
  order_id: string
  name?: string
  description?: string
  prefill?: { name?: string; email?: string }
  handler: (result: CheckoutResult) => void
  modal?: { ondismiss?: () => void }
}

type RazorpayInstance = {
  open: () => void
  on: (event: 'payment.failed', cb: (response: { error?: { description?: string } }) => void) => void
}

type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance

function razorpay(): RazorpayConstructor | undefined {
  return (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay
}

/** Adds the checkout script while the component is mounted, and takes it away afterwards. */
export function useCheckoutScript(src: string) {
  useEffect(() => {
    const script = document.createElement('script')
    script.src = src
    script.async = true
    script.dataset.checkoutScript = 'true'
    document.body.appendChild(script)
    return () => {
      script.remove()
    }
  }, [src])
}

/** Opens the widget; false when the script has not loaded (SPEC: ask to check the connection). */
export function openCheckout(options: RazorpayOptions & { onFailed?: (description: string | undefined) => void }): boolean {
  const Razorpay = razorpay()
  if (!Razorpay) return false
  const { onFailed, ...rest } = options
  const widget = new Razorpay(rest)
  if (onFailed) widget.on('payment.failed', (response) => onFailed(response?.error?.description))
  widget.open()
  return true
}
