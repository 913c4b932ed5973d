/**
 * The payment gateway: the four things our flows need from a payment provider. Two adapters
 * implement it — Razorpay (production) and the offline sandbox (development and tests) — so the
 * services, the endpoints and the browser code are the same everywhere.
 */
export type GatewayName = 'razorpay' | 'sandbox'

export type GatewayOrder = {
  id: string
  /** In paise. */
  amount: number
  currency: string
}

export type CreateOrderInput = {
  /** In paise; always computed on the server from the plan. */
  amount: number
  currency: string
  /** Our own reference (max 40 characters at Razorpay). */
  receipt: string
  notes?: Record<string, string>
}

export type CheckoutResult = { orderId: string; paymentId: string; signature: string }

/**
 * `idempotencyKey` is ours, one per refund request (at most 40 characters): a call repeated with
 * the same key (a retry after a timeout, a second worker) answers the refund made the first time
 * instead of refunding again.
 */
export type RefundInput = { paymentId: string; amount?: number; idempotencyKey: string; notes?: Record<string, string> }
export type GatewayRefund = { id: string; status: 'pending' | 'processed' | 'failed' }

/**
 * One payment attempt on an order, as the gateway records it (Razorpay's payment entity, its
 * `status`: `created` -> `authorized` -> `captured` (paid; later perhaps `refunded`), or `failed`).
 */
export type GatewayPaymentStatus = 'created' | 'authorized' | 'captured' | 'refunded' | 'failed'
export type GatewayPayment = { id: string; orderId: string; status: GatewayPaymentStatus; amount: number; currency: string }

export interface PaymentGateway {
  readonly name: GatewayName
  /** The public key id the checkout widget needs (never the secret). */
  readonly keyId: string
  createOrder(input: CreateOrderInput): Promise<GatewayOrder>
  /** HMAC-SHA256 of `order_id|payment_id` with the key secret, compared in constant time. */
  verifyCheckoutSignature(result: CheckoutResult): boolean
  /** HMAC-SHA256 of the raw request body with the webhook secret, compared in constant time. */
  verifyWebhookSignature(rawBody: string, signature: string | null | undefined): boolean
  /** Idempotent by `input.idempotencyKey`. */
  refund(input: RefundInput): Promise<GatewayRefund>
  /**
   * The payment attempts made on an order (Razorpay's `orders.fetchPayments`), so the
   * reconciliation sweep can settle an order whose webhook and browser never came back.
   */
  fetchOrderPayments(orderId: string): Promise<GatewayPayment[]>
}

/** The provider refused or could not be reached. `retryable` says whether trying again may help. */
export class GatewayError extends Error {
  constructor(
    message: string,
    readonly code: 'BAD_REQUEST' | 'AUTH' | 'NOT_FOUND' | 'UNAVAILABLE' | 'UNKNOWN',
    readonly retryable: boolean,
    readonly providerStatus?: number,
  ) {
    super(message)
    this.name = 'GatewayError'
  }
}
