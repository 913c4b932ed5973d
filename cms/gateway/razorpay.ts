import Razorpay from 'razorpay'
import { verifyCheckoutSignature, verifyWebhookSignature } from './signature'
import {
  type CheckoutResult,
  type CreateOrderInput,
  GatewayError,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayPaymentStatus,
  type GatewayRefund,
  type PaymentGateway,
  type RefundInput,
} from './types'

export type RazorpayConfig = {
  keyId: string
  keySecret: string
  webhookSecret: string
  /** Only for the contract test's local fake; production always talks to api.razorpay.com. */
  baseUrl?: string
  timeoutMs?: number
}

type RazorpayRefundRow = { id: string; status: string; receipt?: string | null; notes?: Record<string, unknown> }

const toRefund = (r: RazorpayRefundRow): GatewayRefund => ({
  id: r.id,
  status: r.status === 'processed' || r.status === 'failed' ? r.status : 'pending',
})

type RazorpayPaymentRow = { id: string; order_id?: string | null; status: string; amount: number | string; currency: string }
const PAYMENT_STATUSES: readonly GatewayPaymentStatus[] = ['created', 'authorized', 'captured', 'refunded', 'failed']

type RazorpaySdkError = { statusCode?: number; error?: { code?: string; description?: string } }

/**
 * The SDK rejects with `{ statusCode, error: { code, description } }` for an HTTP error, and
 * (through its own normalizeError) with a TypeError when there was no response at all.
 */
function toGatewayError(error: unknown, action: string): GatewayError {
  const e = error as RazorpaySdkError
  if (e && typeof e === 'object' && typeof e.statusCode === 'number') {
    const status = e.statusCode
    const description = e.error?.description ?? 'no description'
    const code =
      status === 401 ? 'AUTH' : status === 404 ? 'NOT_FOUND' : status >= 500 ? 'UNAVAILABLE' : status >= 400 ? 'BAD_REQUEST' : 'UNKNOWN'
    return new GatewayError(`Razorpay refused to ${action}: ${description}`, code, status >= 500, status)
  }
  return new GatewayError(`Razorpay could not be reached to ${action}`, 'UNAVAILABLE', true)
}

export function createRazorpayGateway(config: RazorpayConfig): PaymentGateway {
  const sdk = new Razorpay({ key_id: config.keyId, key_secret: config.keySecret })
  // The SDK keeps its axios instance on `api.rq`; the base URL and a timeout are set there.
  const rq = (sdk as unknown as { api: { rq: { defaults: { baseURL?: string; timeout?: number } } } }).api.rq
  if (config.baseUrl) rq.defaults.baseURL = config.baseUrl
  rq.defaults.timeout = config.timeoutMs ?? 15_000

  return {
    name: 'razorpay',
    keyId: config.keyId,

    async createOrder(input: CreateOrderInput): Promise<GatewayOrder> {
      try {
        const order = (await sdk.orders.create({
          amount: input.amount,
          currency: input.currency,
          receipt: input.receipt.slice(0, 40),
          notes: input.notes ?? {},
        })) as { id: string; amount: number | string; currency: string }
        return { id: order.id, amount: Number(order.amount), currency: order.currency }
      } catch (error) {
        throw toGatewayError(error, 'create the order')
      }
    },

    verifyCheckoutSignature(result: CheckoutResult): boolean {
      return verifyCheckoutSignature(result, config.keySecret)
    },

    verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean {
      // Not the SDK's validateWebhookSignature: it compares with ===.
      return verifyWebhookSignature(rawBody, signature, config.webhookSecret)
    },

    /**
     * Razorpay has no idempotency key for refunds, so the key travels as the refund's `receipt`
     * (and in its notes), and a call first looks for a refund of this payment made under the key
     * (a failed one does not count: it returned no money). Our own claim on the request keeps two
     * calls from running at once; Razorpay refusing to refund more than was paid backs it up.
     */
    async refund(input: RefundInput): Promise<GatewayRefund> {
      const key = input.idempotencyKey.slice(0, 40)
      try {
        const made = await sdk.payments.fetchMultipleRefund(input.paymentId, { count: 100 })
        const earlier = (made.items as RazorpayRefundRow[]).find(
          (r) => (r.receipt === key || r.notes?.idempotency_key === key) && r.status !== 'failed',
        )
        if (earlier) return toRefund(earlier)
        const refund = (await sdk.payments.refund(input.paymentId, {
          ...(input.amount !== undefined ? { amount: input.amount } : {}),
          receipt: key,
          notes: { ...(input.notes ?? {}), idempotency_key: key },
        })) as RazorpayRefundRow
        return toRefund(refund)
      } catch (error) {
        throw toGatewayError(error, 'refund the payment')
      }
    },

    async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
      let listed: { items: RazorpayPaymentRow[] }
      try {
        listed = (await sdk.orders.fetchPayments(orderId)) as unknown as { items: RazorpayPaymentRow[] }
      } catch (error) {
        throw toGatewayError(error, 'list the order’s payments')
      }
      // A status this code does not know yet (Razorpay adds some) is read as still in progress.
      return listed.items.map((p) => ({
        id: p.id,
        orderId: p.order_id ?? orderId,
        status: PAYMENT_STATUSES.includes(p.status as GatewayPaymentStatus) ? (p.status as GatewayPaymentStatus) : 'created',
        amount: Number(p.amount),
        currency: p.currency,
      }))
    },
  }
}
