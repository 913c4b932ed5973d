import { useEffect } from 'react'
import { CHECKOUT_SCRIPT_SRC } from './checkout.client'

/**
 * The question-bank screen's checkout script lifecycle (docs/spec.md §4): the script tag is added
 * on entering the screen and removed on leaving it. The script is the payments work's
 * `/resources/checkout.js` (Razorpay's checkout.js, or the sandbox with the same contract).
 */
export function useCheckoutScript() {
  useEffect(() => {
    const script = document.createElement('script')
    script.src = CHECKOUT_SCRIPT_SRC
    script.async = true
    script.dataset.checkoutScript = 'question-bank'
    document.body.appendChild(script)
    return () => {
      script.remove()
    }
  }, [])
}

/** Resolves true once `window.Razorpay` is there (the script loads asynchronously), false after `ms`. */
export function waitForCheckout(ms = 8_000): Promise<boolean> {
  const started = Date.now()
  return new Promise((resolve) => {
    const check = () => {
      if (window.Razorpay) return resolve(true)
      if (Date.now() - started >= ms) return resolve(false)
      setTimeout(check, 100)
    }
    check()
  })
}
