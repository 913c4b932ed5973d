import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { checkoutSignature, signaturesMatch, verifyCheckoutSignature, verifyWebhookSignature } from './signature'

// A vector computed independently of our helper: HMAC-SHA256("order_X|pay_Y", secret), hex.
const secret = 'test_secret_0123456789'
const orderId = 'order_Nc7y1x2Yz'
const paymentId = 'pay_Nc7y9AbCdE'
const expected = createHmac('sha256', secret).update(`${orderId}|${paymentId}`).digest('hex')

describe('checkout signature', () => {
  it('matches Razorpay’s construction', () => {
    expect(checkoutSignature(orderId, paymentId, secret)).toBe(expected)
  })
  it('accepts the valid signature', () => {
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: expected }, secret)).toBe(true)
  })
  it('rejects a tampered order id', () => {
    expect(verifyCheckoutSignature({ orderId: `${orderId}x`, paymentId, signature: expected }, secret)).toBe(false)
  })
  it('rejects a tampered payment id', () => {
    expect(verifyCheckoutSignature({ orderId, paymentId: 'pay_other', signature: expected }, secret)).toBe(false)
  })
  it('rejects the wrong secret', () => {
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: expected }, 'another_secret')).toBe(false)
  })
  it('rejects a signature of the wrong length or not hex, without throwing', () => {
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: expected.slice(0, 62) }, secret)).toBe(false)
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: `${expected}00` }, secret)).toBe(false)
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: '' }, secret)).toBe(false)
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: 'zz'.repeat(32) }, secret)).toBe(false)
    expect(signaturesMatch(expected, undefined)).toBe(false)
  })
  it('rejects everything when the secret is empty', () => {
    expect(verifyCheckoutSignature({ orderId, paymentId, signature: checkoutSignature(orderId, paymentId, '') }, '')).toBe(false)
  })
})

describe('webhook signature', () => {
  const body = '{"event":"payment.captured","payload":{}}'
  const sig = createHmac('sha256', 'whsec').update(body).digest('hex')
  it('accepts the raw body’s signature', () => expect(verifyWebhookSignature(body, sig, 'whsec')).toBe(true))
  it('rejects a changed body (even whitespace)', () =>
    expect(verifyWebhookSignature(body.replace(':{}', ': {}'), sig, 'whsec')).toBe(false))
  it('rejects a missing signature', () => expect(verifyWebhookSignature(body, null, 'whsec')).toBe(false))
  it('rejects the wrong secret', () => expect(verifyWebhookSignature(body, sig, 'other')).toBe(false))
})
