import { createHash, randomBytes } from 'node:crypto'
import { checkoutSignature, hmacSha256Hex, verifyCheckoutSignature, verifyWebhookSignature } from './signature'
import {
  type CheckoutResult,
  type CreateOrderInput,
  GatewayError,
  type GatewayOrder,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
} from './types'

/**
 * The offline gateway (development, tests, benchmarks). It creates orders locally and signs
 * checkout results and webhooks exactly as Razorpay does, with fixed development secrets, so the
 * real verification code runs. getGateway() refuses it in production.
 */
export const SANDBOX_KEY_ID = 'rzp_test_sandbox'
export const SANDBOX_KEY_SECRET = 'sandbox_key_secret_not_for_production'
export const SANDBOX_WEBHOOK_SECRET = 'sandbox_webhook_secret_not_for_production'

const id = (prefix: string) => `${prefix}_${randomBytes(9).toString('base64url').replace(/[-_]/g, 'x')}`

export type SandboxGateway = PaymentGateway & {
  /** What checkout.js would hand the page after a successful payment of this order. */
  pay(orderId: string): CheckoutResult
  /** What checkout.js reports in `payment.failed`. */
  fail(orderId: string): { code: string; description: string; reason: string; metadata: { order_id: string; payment_id: string } }
  /** A webhook delivery signed as Razorpay signs it: the raw body and its headers. */
  webhook(event: string, entities: Record<string, unknown>, eventId?: string): { rawBody: string; headers: Record<string, string> }
  /** The refunds this sandbox made for a payment (one per idempotency key). */
  refundsOf(paymentId: string): (GatewayRefund & { idempotencyKey: string; amount?: number })[]
}

/**
 * A sandbox refund's id comes from its idempotency key, so the same key gives the same refund even
 * from another process (the CMS and the worker each hold a sandbox).
 */
export const sandboxRefundId = (idempotencyKey: string) =>
  `rfnd_sbx_${createHash('sha256').update(idempotencyKey).digest('hex').slice(0, 14)}`

export function createSandboxGateway(): SandboxGateway {
  const refunds = new Map<string, GatewayRefund & { idempotencyKey: string; paymentId: string; amount?: number }>()
  return {
    name: 'sandbox',
    keyId: SANDBOX_KEY_ID,

    async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
      return { id: id('order_sbx'), amount: input.amount, currency: input.currency }
    },

    verifyCheckoutSignature(result: CheckoutResult): boolean {
      return verifyCheckoutSignature(result, SANDBOX_KEY_SECRET)
    },

    verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean {
      return verifyWebhookSignature(rawBody, signature, SANDBOX_WEBHOOK_SECRET)
    },

    async refund(input: RefundInput): Promise<GatewayRefund> {
      if (!input.idempotencyKey) throw new GatewayError('A refund needs an idempotency key (sandbox)', 'BAD_REQUEST', false, 400)
      const made = refunds.get(input.idempotencyKey)
      if (made) {
        if (made.paymentId !== input.paymentId) {
          throw new GatewayError('This idempotency key was used for another payment (sandbox)', 'BAD_REQUEST', false, 400)
        }
        return { id: made.id, status: made.status }
      }
      // Like Razorpay: a payment is refunded in full at most once.
      if ([...refunds.values()].some((r) => r.paymentId === input.paymentId)) {
        throw new GatewayError(
          'Razorpay refused to refund the payment: The payment has been fully refunded already',
          'BAD_REQUEST',
          false,
          400,
        )
      }
      const refund = { id: sandboxRefundId(input.idempotencyKey), status: 'processed' as const }
      refunds.set(input.idempotencyKey, {
        ...refund,
        idempotencyKey: input.idempotencyKey,
        paymentId: input.paymentId,
        amount: input.amount,
      })
      return refund
    },

    refundsOf(paymentId) {
      return [...refunds.values()]
        .filter((r) => r.paymentId === paymentId)
        .map(({ id: refundId, status, idempotencyKey, amount }) => ({ id: refundId, status, idempotencyKey, amount }))
    },

    pay(orderId: string): CheckoutResult {
      const paymentId = id('pay_sbx')
      return { orderId, paymentId, signature: checkoutSignature(orderId, paymentId, SANDBOX_KEY_SECRET) }
    },

    fail(orderId: string) {
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment could not be completed (sandbox).',
        reason: 'payment_failed',
        metadata: { order_id: orderId, payment_id: id('pay_sbx') },
      }
    },

    webhook(event, entities, eventId = id('evt_sbx')) {
      const rawBody = JSON.stringify({
        entity: 'event',
        account_id: 'acc_sandbox',
        event,
        contains: Object.keys(entities),
        payload: Object.fromEntries(Object.entries(entities).map(([k, v]) => [k, { entity: v }])),
        created_at: Math.floor(Date.now() / 1000),
      })
      return {
        rawBody,
        headers: {
          'Content-Type': 'application/json',
          'X-Razorpay-Signature': hmacSha256Hex(rawBody, SANDBOX_WEBHOOK_SECRET),
          'X-Razorpay-Event-Id': eventId,
        },
      }
    },
  }
}
