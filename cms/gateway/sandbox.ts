import { createHash, randomBytes } from 'node:crypto'
import { checkoutSignature, hmacSha256Hex, verifyCheckoutSignature, verifyWebhookSignature } from './signature'
import {
  type CheckoutResult,
  type CreateOrderInput,
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
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
 * What the sandbox's "gateway side" remembers: the orders it created and the payments its checkout
 * made on them (`pay`, `fail`), so `fetchOrderPayments` answers as Razorpay would, offline. Kept on
 * the process, not the instance: the CMS's gateway, its checkout endpoint and a test's own sandbox
 * are different instances (and a Next.js build bundles this module more than once) but one gateway.
 * Another process (a separate worker) does not see them: there the sandbox answers "no payments"
 * and reconciliation leaves the order for the browser or the webhook, never failing a paid one.
 * Bounded, oldest forgotten first, so a long benchmark does not grow it without end.
 */
type SandboxOrder = { amount: number; currency: string; payments: GatewayPayment[] }
const RECORDS = Symbol.for('mentorloop.sandboxGatewayOrders')
const MAX_ORDERS = 50_000
const records = globalThis as typeof globalThis & { [RECORDS]?: Map<string, SandboxOrder> }
const orders = (): Map<string, SandboxOrder> => {
  records[RECORDS] ??= new Map()
  return records[RECORDS]
}

function remember(orderId: string, order: SandboxOrder): void {
  const all = orders()
  all.set(orderId, order)
  if (all.size > MAX_ORDERS) all.delete(all.keys().next().value!)
}

/** A payment made on an order this process's sandbox created (else nothing: the gateway would not know it either). */
function recordPayment(orderId: string, paymentId: string, status: GatewayPayment['status']): void {
  const order = orders().get(orderId)
  if (order) order.payments.push({ id: paymentId, orderId, status, amount: order.amount, currency: order.currency })
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
      const order = { id: id('order_sbx'), amount: input.amount, currency: input.currency }
      remember(order.id, { amount: order.amount, currency: order.currency, payments: [] })
      return order
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

    async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
      const order = orders().get(orderId)
      // Razorpay answers 400 "The id provided does not exist" for an order it never created.
      if (!order)
        throw new GatewayError(
          'Razorpay refused to list the order’s payments: The id provided does not exist (sandbox)',
          'BAD_REQUEST',
          false,
          400,
        )
      return order.payments.map((p) => ({ ...p }))
    },

    refundsOf(paymentId) {
      return [...refunds.values()]
        .filter((r) => r.paymentId === paymentId)
        .map(({ id: refundId, status, idempotencyKey, amount }) => ({ id: refundId, status, idempotencyKey, amount }))
    },

    pay(orderId: string): CheckoutResult {
      const paymentId = id('pay_sbx')
      // Paid at the gateway: captured (Razorpay captures automatically), whatever the browser does next.
      recordPayment(orderId, paymentId, 'captured')
      return { orderId, paymentId, signature: checkoutSignature(orderId, paymentId, SANDBOX_KEY_SECRET) }
    },

    fail(orderId: string) {
      const paymentId = id('pay_sbx')
      recordPayment(orderId, paymentId, 'failed')
      return {
        code: 'BAD_REQUEST_ERROR',
        description: 'Your payment could not be completed (sandbox).',
        reason: 'payment_failed',
        metadata: { order_id: orderId, payment_id: paymentId },
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
