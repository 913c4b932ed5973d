import { createHmac, timingSafeEqual } from 'node:crypto'

/** Razorpay's signatures: lowercase hex HMAC-SHA256. */
export function hmacSha256Hex(message: string, secret: string): string {
  return createHmac('sha256', secret).update(message, 'utf8').digest('hex')
}

/**
 * Constant-time comparison of two hex signatures. A wrong length (or non-hex input) is simply
 * "not equal"; timingSafeEqual itself would throw on different lengths.
 */
export function signaturesMatch(expectedHex: string, given: unknown): boolean {
  if (typeof given !== 'string' || !/^[0-9a-f]+$/i.test(given)) return false
  const a = Buffer.from(expectedHex, 'hex')
  const b = Buffer.from(given.toLowerCase(), 'hex')
  if (a.length === 0 || a.length !== b.length) return false
  return timingSafeEqual(a, b)
}

/** What checkout.js hands back as `razorpay_signature`. */
export function checkoutSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(`${orderId}|${paymentId}`, keySecret)
}

export function verifyCheckoutSignature(input: { orderId: string; paymentId: string; signature: string }, keySecret: string): boolean {
  if (!input.orderId || !input.paymentId || !keySecret) return false
  return signaturesMatch(checkoutSignature(input.orderId, input.paymentId, keySecret), input.signature)
}

/** `X-Razorpay-Signature`: HMAC of the raw body, exactly as received. */
export function verifyWebhookSignature(rawBody: string, signature: string | null | undefined, webhookSecret: string): boolean {
  if (!webhookSecret || !signature) return false
  return signaturesMatch(hmacSha256Hex(rawBody, webhookSecret), signature)
}
