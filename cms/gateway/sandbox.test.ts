import { describe, expect, it } from 'vitest'
import { createSandboxGateway, sandboxRefundId } from './sandbox'
import { GatewayError } from './types'

describe('the sandbox refund', () => {
  it('honours the idempotency key: the same key answers the same refund, even from another sandbox (process)', async () => {
    const gateway = createSandboxGateway()
    const first = await gateway.refund({ paymentId: 'pay_1', amount: 59900, idempotencyKey: 'rfq_1_a' })
    const again = await gateway.refund({ paymentId: 'pay_1', amount: 59900, idempotencyKey: 'rfq_1_a' })
    expect(again).toEqual(first)
    expect(first).toEqual({ id: sandboxRefundId('rfq_1_a'), status: 'processed' })
    expect(gateway.refundsOf('pay_1')).toHaveLength(1)
    expect(await createSandboxGateway().refund({ paymentId: 'pay_1', idempotencyKey: 'rfq_1_a' })).toEqual(first)
  })

  it('refuses a second refund of the same payment under another key, as Razorpay does', async () => {
    const gateway = createSandboxGateway()
    await gateway.refund({ paymentId: 'pay_2', idempotencyKey: 'rfq_2_a' })
    const error = await gateway.refund({ paymentId: 'pay_2', idempotencyKey: 'rfq_2_b' }).catch((e) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false })
    expect(gateway.refundsOf('pay_2')).toHaveLength(1)
  })

  it('refuses a key reused for another payment', async () => {
    const gateway = createSandboxGateway()
    await gateway.refund({ paymentId: 'pay_3', idempotencyKey: 'rfq_3_a' })
    await expect(gateway.refund({ paymentId: 'pay_4', idempotencyKey: 'rfq_3_a' })).rejects.toMatchObject({ code: 'BAD_REQUEST' })
  })
})

describe('the sandbox’s record of an order’s payments (orders.fetchPayments)', () => {
  it('answers the payments its checkout made on an order, captured or failed, whichever sandbox instance asks', async () => {
    const order = await createSandboxGateway().createOrder({ amount: 59900, currency: 'INR', receipt: 'r1' })
    const checkout = createSandboxGateway()
    expect(await checkout.fetchOrderPayments(order.id)).toEqual([])
    const failed = checkout.fail(order.id)
    const paid = checkout.pay(order.id)
    expect(await createSandboxGateway().fetchOrderPayments(order.id)).toEqual([
      { id: failed.metadata.payment_id, orderId: order.id, status: 'failed', amount: 59900, currency: 'INR' },
      { id: paid.paymentId, orderId: order.id, status: 'captured', amount: 59900, currency: 'INR' },
    ])
  })

  it('an order it never created is refused as Razorpay refuses it', async () => {
    const error = await createSandboxGateway()
      .fetchOrderPayments('order_sbx_unknown')
      .catch((e) => e)
    expect(error).toBeInstanceOf(GatewayError)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', retryable: false })
  })
})
