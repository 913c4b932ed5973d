import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createRazorpayGateway } from './razorpay'
import { checkoutSignature, hmacSha256Hex } from './signature'
import { GatewayError } from './types'

/**
 * Contract test of the Razorpay adapter against a local HTTP server playing Razorpay's API
 * (`POST /v1/orders`, `GET /v1/orders/:id/payments`, `POST /v1/payments/:id/refund`), with its
 * error shapes: the SDK's own
 * axios instance is pointed at it, so the real SDK code runs.
 */
type Seen = { method: string; url: string; auth: string | undefined; body: any }
let server: Server
let baseUrl: string
let seen: Seen[] = []
let next: { status: number; body: unknown } | 'hang' | null = null
/** The refunds the fake has made, by payment id (GET /v1/payments/:id/refunds lists them). */
let refunds: Record<string, { id: string; entity: 'refund'; receipt: string | null; notes: unknown; status: string }[]> = {}
/** The payments made on each order (GET /v1/orders/:id/payments lists them). */
let orderPayments: Record<string, Record<string, unknown>[]> = {}

const KEY_ID = 'rzp_test_contract'
const KEY_SECRET = 'contract_secret'

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' })
  res.end(JSON.stringify(body))
}

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    for await (const chunk of req) raw += chunk
    const body = raw ? JSON.parse(raw) : null
    seen.push({ method: req.method!, url: req.url!, auth: req.headers.authorization, body })
    if (next === 'hang') return // never answers: the adapter's timeout must fire
    if (next) return reply(res, next.status, next.body)
    if (req.method === 'POST' && req.url === '/v1/orders') {
      return reply(res, 200, {
        id: 'order_Fake123',
        entity: 'order',
        amount: body.amount,
        currency: body.currency,
        receipt: body.receipt,
        status: 'created',
      })
    }
    const ofOrder = req.url?.match(/^\/v1\/orders\/([^/?]+)\/payments$/)
    if (req.method === 'GET' && ofOrder) {
      const items = orderPayments[ofOrder[1]!]
      // Razorpay's answer for an order id it does not have.
      if (!items) return reply(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } })
      return reply(res, 200, { entity: 'collection', count: items.length, items })
    }
    const listed = req.url?.match(/^\/v1\/payments\/([^/?]+)\/refunds(\?.*)?$/)
    if (req.method === 'GET' && listed) {
      const items = refunds[listed[1]!] ?? []
      return reply(res, 200, { entity: 'collection', count: items.length, items })
    }
    const refund = req.url?.match(/^\/v1\/payments\/([^/]+)\/refund$/)
    if (req.method === 'POST' && refund) {
      const made = {
        id: `rfnd_Fake${Object.values(refunds).flat().length + 1}`,
        entity: 'refund' as const,
        receipt: body.receipt ?? null,
        notes: body.notes ?? [],
        status: 'processed',
      }
      refunds[refund[1]!] = [...(refunds[refund[1]!] ?? []), made]
      return reply(res, 200, { ...made, payment_id: refund[1], amount: body.amount })
    }
    reply(res, 404, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((r) => server.close(() => r())))
beforeEach(() => {
  seen = []
  next = null
  refunds = {}
  orderPayments = {}
})

const gateway = () => createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: 'wh', baseUrl, timeoutMs: 500 })
const basic = `Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`

describe('Razorpay adapter (contract)', () => {
  it('creates an order with basic auth, amount in paise and our receipt', async () => {
    const order = await gateway().createOrder({ amount: 59900, currency: 'INR', receipt: 'u1-BEGINNER_TECHY-abc', notes: { userId: '1' } })
    expect(order).toEqual({ id: 'order_Fake123', amount: 59900, currency: 'INR' })
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/v1/orders', auth: basic })
    expect(seen[0]!.body).toMatchObject({ amount: 59900, currency: 'INR', receipt: 'u1-BEGINNER_TECHY-abc', notes: { userId: '1' } })
  })

  it('refunds a payment, with our idempotency key as its receipt', async () => {
    const refund = await gateway().refund({
      paymentId: 'pay_X1',
      amount: 59900,
      idempotencyKey: 'rfq_1_abc',
      notes: { refundRequestId: '1' },
    })
    expect(refund).toEqual({ id: 'rfnd_Fake1', status: 'processed' })
    expect(seen.map((s) => `${s.method} ${s.url.split('?')[0]}`)).toEqual([
      'GET /v1/payments/pay_X1/refunds',
      'POST /v1/payments/pay_X1/refund',
    ])
    expect(seen[1]).toMatchObject({
      auth: basic,
      body: { amount: 59900, receipt: 'rfq_1_abc', notes: { refundRequestId: '1', idempotency_key: 'rfq_1_abc' } },
    })
  })

  it('a call repeated with the same key answers the first refund and refunds nothing more', async () => {
    const first = await gateway().refund({ paymentId: 'pay_X2', amount: 100, idempotencyKey: 'rfq_2_abc' })
    const again = await gateway().refund({ paymentId: 'pay_X2', amount: 100, idempotencyKey: 'rfq_2_abc' })
    expect(again).toEqual(first)
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1)
    expect(refunds.pay_X2).toHaveLength(1)
  })

  it('a failed refund under the key does not count: the next call refunds', async () => {
    refunds.pay_X3 = [{ id: 'rfnd_Failed', entity: 'refund', receipt: 'rfq_3_abc', notes: [], status: 'failed' }]
    const refund = await gateway().refund({ paymentId: 'pay_X3', amount: 100, idempotencyKey: 'rfq_3_abc' })
    expect(refund.id).not.toBe('rfnd_Failed')
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1)
  })

  it('lists an order’s payments (orders.fetchPayments) with their status, amount and order', async () => {
    const payment = (id: string, status: string) => ({
      id,
      entity: 'payment',
      amount: 59900,
      currency: 'INR',
      status,
      order_id: 'order_R1',
      method: 'upi',
      captured: status === 'captured',
      email: 'student@example.com',
      contact: '+919999999999',
    })
    orderPayments.order_R1 = [payment('pay_F1', 'failed'), payment('pay_C1', 'captured'), payment('pay_N1', 'some_new_status')]
    const payments = await gateway().fetchOrderPayments('order_R1')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/v1/orders/order_R1/payments', auth: basic })
    // Only what reconciliation needs: no contact details are carried on.
    expect(payments).toEqual([
      { id: 'pay_F1', orderId: 'order_R1', status: 'failed', amount: 59900, currency: 'INR' },
      { id: 'pay_C1', orderId: 'order_R1', status: 'captured', amount: 59900, currency: 'INR' },
      { id: 'pay_N1', orderId: 'order_R1', status: 'created', amount: 59900, currency: 'INR' },
    ])
    orderPayments.order_R2 = []
    expect(await gateway().fetchOrderPayments('order_R2')).toEqual([])
  })

  it('an order Razorpay does not have, and a 5xx while listing, are GatewayErrors', async () => {
    expect(
      await gateway()
        .fetchOrderPayments('order_Nope')
        .catch((e) => e),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      retryable: false,
      providerStatus: 400,
    })
    next = { status: 503, body: { error: { code: 'SERVER_ERROR', description: 'Service unavailable' } } }
    expect(
      await gateway()
        .fetchOrderPayments('order_R1')
        .catch((e) => e),
    ).toMatchObject({ code: 'UNAVAILABLE', retryable: true })
  })

  it('maps Razorpay’s 400 error shape to a non-retryable GatewayError with its description', async () => {
    next = {
      status: 400,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: 'The amount must be atleast INR 1.00', field: 'amount' } },
    }
    const error = await gateway()
      .createOrder({ amount: 1, currency: 'INR', receipt: 'r' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false, providerStatus: 400 })
    expect(error.message).toContain('The amount must be atleast INR 1.00')
  })

  it('maps 401 (wrong keys) and 5xx', async () => {
    next = { status: 401, body: { error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' } } }
    expect(
      await gateway()
        .refund({ paymentId: 'pay_1', idempotencyKey: 'k' })
        .catch((e) => e),
    ).toMatchObject({ code: 'AUTH', retryable: false })
    next = { status: 502, body: { error: { code: 'SERVER_ERROR', description: 'Bad gateway' } } }
    expect(
      await gateway()
        .refund({ paymentId: 'pay_1', idempotencyKey: 'k' })
        .catch((e) => e),
    ).toMatchObject({ code: 'UNAVAILABLE', retryable: true })
  })

  it('a network failure (nothing listening) is a retryable GatewayError, not a crash', async () => {
    const closed = createRazorpayGateway({ keyId: KEY_ID, keySecret: KEY_SECRET, webhookSecret: 'wh', baseUrl: 'http://127.0.0.1:1' })
    const error = await closed.createOrder({ amount: 100, currency: 'INR', receipt: 'r' }).catch((e) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true })
  })

  it('a hanging server times out as UNAVAILABLE', async () => {
    next = 'hang'
    const error = await gateway()
      .createOrder({ amount: 100, currency: 'INR', receipt: 'r' })
      .catch((e) => e)
    expect(error).toMatchObject({ code: 'UNAVAILABLE', retryable: true })
  })

  it('verifies checkout and webhook signatures with its own secrets', () => {
    const g = gateway()
    const signature = checkoutSignature('order_1', 'pay_1', KEY_SECRET)
    expect(g.verifyCheckoutSignature({ orderId: 'order_1', paymentId: 'pay_1', signature })).toBe(true)
    expect(g.verifyCheckoutSignature({ orderId: 'order_1', paymentId: 'pay_2', signature })).toBe(false)
    expect(g.verifyWebhookSignature('{"a":1}', hmacSha256Hex('{"a":1}', 'wh'))).toBe(true)
    expect(g.verifyWebhookSignature('{"a":1}', hmacSha256Hex('{"a":1}', KEY_SECRET))).toBe(false)
  })
})
