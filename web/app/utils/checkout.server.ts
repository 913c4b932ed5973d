import { env } from './env.server'

/** Razorpay's own checkout.js with real keys; otherwise the site's sandbox copy of it. */
export function checkoutScriptSrc(): string {
  return env.RAZORPAY_KEY_ID ? 'https://checkout.razorpay.com/v1/checkout.js' : '/sandbox/checkout.js'
}
