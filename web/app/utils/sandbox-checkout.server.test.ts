import vm from 'node:vm'
import { describe, expect, it } from 'vitest'
import { SANDBOX_CHECKOUT_JS } from './sandbox-checkout.server'

type Instance = { on: (event: string, cb: () => void) => Instance }
type Razorpay = { new (options: object): Instance; (options: object): Instance }

/** Runs the served script as a browser would, in a context with nothing but `window`. */
function serve(window: { Razorpay?: unknown }) {
  vm.runInNewContext(SANDBOX_CHECKOUT_JS, { window })
  return window.Razorpay as Razorpay
}

describe('the served sandbox checkout script', () => {
  it('is self-contained: it puts the checkout.js contract on window with nothing else in scope', () => {
    const Razorpay = serve({})
    expect(typeof Razorpay).toBe('function')
    expect(() => new Razorpay({ key: 'rzp_test' })).toThrow('Razorpay: key and order_id are required')
    const options = { key: 'rzp_test', order_id: 'order_1', amount: 19900, currency: 'INR' }
    const withNew = new Razorpay(options)
    const withoutNew = Razorpay(options)
    expect(withNew).toBeInstanceOf(Razorpay)
    expect(withoutNew).toBeInstanceOf(Razorpay)
    expect(withNew.on('payment.failed', () => {})).toBe(withNew)
  })

  it('leaves a Razorpay already on the page alone', () => {
    const existing = () => {}
    expect(serve({ Razorpay: existing })).toBe(existing)
  })

  it('calls the sandbox endpoint', () => {
    expect(SANDBOX_CHECKOUT_JS).toContain('("/resources/sandbox-checkout")')
  })
})
