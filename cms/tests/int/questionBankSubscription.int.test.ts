import { MESSAGES } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { getGateway, getSandbox } from '../../gateway'
import { type RestClient, setUpWorld } from '../fixtures'
import { createUser, findPlan, givePlan, type TestUser } from '../helpers/scenarios'

/**
 * The question-bank subscription calls (docs/spec.md §5, §7, §8): status, order, verification,
 * through the real REST handlers against real PostgreSQL.
 */
let payload: Payload
let rest: RestClient

beforeAll(async () => ({ payload, rest } = await setUpWorld({ plans: ['QB_FREE', 'PLAN1'] })))

async function paymentsOf(user: TestUser) {
  return (await payload.find({ collection: 'payments', where: { user: { equals: user.id } }, overrideAccess: true, depth: 0 })).docs
}

describe('GET /api/payment/subscription-status', () => {
  it('needs sign-in', async () => {
    const res = await rest.get('/payment/subscription-status')
    expect(res.status).toBe(401)
    expect(res.body.error).toBe(MESSAGES.PLEASE_LOGIN)
  })

  it('is Free and inactive for a new student', async () => {
    const student = await createUser(payload)
    const res = await rest.get('/payment/subscription-status', { token: student.token })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toContain('no-store')
    expect(res.body).toEqual({ currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null })
    // docs/spec.md §7: the call carries a bearer token.
    const bearer = await rest.get('/payment/subscription-status', { headers: { Authorization: `Bearer ${student.token}` } })
    expect(bearer.status).toBe(200)
    expect(bearer.body.currentPlan).toBe('Free')
  })

  it('shows Plus with its expiry while a Plus payment is in force', async () => {
    const student = await createUser(payload)
    const payment = await givePlan(payload, student, 'PLAN1', 30)
    const res = await rest.get('/payment/subscription-status', { token: student.token })
    expect(res.body).toMatchObject({ currentPlan: 'Plus', planCode: 'PLAN1', isActive: true })
    expect(new Date(res.body.expiryDate).getTime()).toBe(new Date(payment.subscriptionEnds!).getTime())
  })

  it('returns to Free once the plan has expired', async () => {
    const student = await createUser(payload)
    const payment = await givePlan(payload, student, 'PLAN1')
    await payload.update({
      collection: 'payments',
      id: payment.id,
      overrideAccess: true,
      data: { subscriptionEnds: new Date(Date.now() - 1000).toISOString() },
    })
    const res = await rest.get('/payment/subscription-status', { token: student.token })
    expect(res.body).toEqual({ currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null })
  })

  it('ignores a mentorship plan: the question bank is a separate product', async () => {
    const student = await createUser(payload)
    await givePlan(payload, student, 'PLACEMENT_FOCUSED')
    const res = await rest.get('/payment/subscription-status', { token: student.token })
    expect(res.body).toMatchObject({ currentPlan: 'Free', isActive: false })
  })

  it('answers only about the caller, whatever is put in the URL', async () => {
    const plus = await createUser(payload)
    await givePlan(payload, plus, 'PLAN1')
    const other = await createUser(payload)
    const res = await rest.get('/payment/subscription-status', { token: other.token, query: { email: plus.email, userId: plus.id } })
    expect(res.body).toMatchObject({ currentPlan: 'Free', isActive: false })
  })
})

describe('POST /api/payment/create-order', () => {
  it('needs sign-in', async () => {
    expect((await rest.post('/payment/create-order', { body: { planType: 'PLAN1' } })).status).toBe(401)
  })

  it('refuses anything but a paid question-bank plan, with a clear 400 and no order', async () => {
    const student = await createUser(payload)
    for (const body of [{}, { planType: 'QB_FREE' }, { planType: 'PLACEMENT_FOCUSED' }, { planType: 'PLAN1; DROP' }]) {
      const res = await rest.post('/payment/create-order', { token: student.token, body })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('INVALID_INPUT')
      expect(res.body.error).toMatch(/plan/i)
    }
    const notJson = await rest.post('/payment/create-order', { token: student.token, rawBody: 'planType=PLAN1' })
    expect(notJson.status).toBe(400)
    expect(await paymentsOf(student)).toHaveLength(0)
  })

  it('refuses a second purchase while Plus is active', async () => {
    const student = await createUser(payload)
    await givePlan(payload, student, 'PLAN1')
    const res = await rest.post('/payment/create-order', { token: student.token, body: { planType: 'PLAN1' } })
    expect(res.status).toBe(409)
    expect(res.body.error).toBe('You have already purchased the Plus plan. You cannot purchase the same plan twice.')
    expect(await paymentsOf(student)).toHaveLength(1)
  })
})

describe('POST /api/payment/verify-payment', () => {
  it('needs sign-in', async () => {
    const res = await rest.post('/payment/verify-payment', {
      body: { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_x', razorpay_signature: 'sig' },
    })
    expect(res.status).toBe(401)
  })

  it('a missing or empty field is "Invalid payment response" and nothing is verified or written', async () => {
    const student = await createUser(payload)
    const full = { razorpay_payment_id: 'pay_x', razorpay_order_id: 'order_x', razorpay_signature: 'sig' }
    for (const field of Object.keys(full) as (keyof typeof full)[]) {
      for (const value of [undefined, '', '   ']) {
        const body = { ...full, [field]: value }
        const res = await rest.post('/payment/verify-payment', { token: student.token, body })
        expect(res.status).toBe(400)
        expect(res.body).toMatchObject({ error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE, code: 'INVALID_PAYMENT_RESPONSE' })
      }
    }
    expect(await paymentsOf(student)).toHaveLength(0)
  })
})

describe('buying Plus through the sandbox gateway', () => {
  async function order(student: TestUser) {
    const res = await rest.post('/payment/create-order', { token: student.token, body: { planType: 'PLAN1', amount: 1 } })
    expect(res.status).toBe(201)
    return res.body as { orderId: string; amount: number; currency: string; key: string; planName: string; customerEmail: string }
  }

  function checkoutResult(orderId: string) {
    const paid = getSandbox()!.pay(orderId)
    return { razorpay_order_id: paid.orderId, razorpay_payment_id: paid.paymentId, razorpay_signature: paid.signature }
  }

  it('create-order takes the amount from the plan (99 rupees = 9900 paise), whatever the body says', async () => {
    const student = await createUser(payload, { name: 'Neha Gupta' })
    const o = await order(student)
    expect(o).toMatchObject({
      amount: 9900,
      currency: 'INR',
      key: getGateway().keyId,
      planName: 'Plus',
      customerName: 'Neha Gupta',
      customerEmail: student.email,
    })
    expect(o.orderId).toMatch(/^order_/)
    const [payment] = await paymentsOf(student)
    expect(payment).toMatchObject({ amount: 9900, status: 'created', gatewayOrderId: o.orderId })
    // An order alone activates nothing.
    expect((await rest.get('/payment/subscription-status', { token: student.token })).body.isActive).toBe(false)
  })

  it("a verified payment activates Plus for the plan's duration, and the questions open up", async () => {
    const student = await createUser(payload)
    const plan = await findPlan(payload, 'PLAN1')
    const o = await order(student)
    const before = Date.now()
    const res = await rest.post('/payment/verify-payment', { token: student.token, body: checkoutResult(o.orderId) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({
      success: true,
      message: MESSAGES.QB_SUCCESS,
      status: { currentPlan: 'Plus', planCode: 'PLAN1', isActive: true },
    })
    const expiry = new Date(res.body.status.expiryDate).getTime()
    const expected = before + plan.durationDays * 86_400_000
    expect(Math.abs(expiry - expected)).toBeLessThan(60_000)

    const status = await rest.get('/payment/subscription-status', { token: student.token })
    expect(status.body).toEqual(res.body.status)
    const practice = await rest.get('/questions/practice', { token: student.token })
    expect(practice.body.access).toMatchObject({
      isActive: true,
      questionLimit: 50,
      topicWise: true,
      videoSolutions: true,
      toppersSolutions: true,
    })

    // A second purchase while it runs is refused.
    const again = await rest.post('/payment/create-order', { token: student.token, body: { planType: 'PLAN1' } })
    expect(again.status).toBe(409)
  })

  it('verifying the same result twice activates once and writes one payment', async () => {
    const student = await createUser(payload)
    const o = await order(student)
    const result = checkoutResult(o.orderId)
    const first = await rest.post('/payment/verify-payment', { token: student.token, body: result })
    const second = await rest.post('/payment/verify-payment', { token: student.token, body: result })
    expect(first.status).toBe(200)
    expect(second.status).toBe(200)
    expect(second.body.status.expiryDate).toBe(first.body.status.expiryDate)
    const payments = await paymentsOf(student)
    expect(payments).toHaveLength(1)
    expect(payments[0]).toMatchObject({ status: 'completed', gatewayPaymentId: result.razorpay_payment_id })
  })

  it('a forged signature is "Payment verification failed" and activates nothing', async () => {
    const student = await createUser(payload)
    const o = await order(student)
    const result = { ...checkoutResult(o.orderId), razorpay_signature: 'f'.repeat(64) }
    const res = await rest.post('/payment/verify-payment', { token: student.token, body: result })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe(MESSAGES.QB_VERIFICATION_FAILED)
    expect((await paymentsOf(student))[0]).toMatchObject({ status: 'created' })
    expect((await rest.get('/payment/subscription-status', { token: student.token })).body.currentPlan).toBe('Free')
  })

  it("nobody can complete another student's order", async () => {
    const owner = await createUser(payload)
    const thief = await createUser(payload)
    const o = await order(owner)
    const res = await rest.post('/payment/verify-payment', { token: thief.token, body: checkoutResult(o.orderId) })
    expect(res.status).toBe(404)
    expect(res.body.error).toBe(MESSAGES.QB_VERIFICATION_FAILED)
    expect((await rest.get('/payment/subscription-status', { token: thief.token })).body.isActive).toBe(false)
    expect((await paymentsOf(owner))[0]).toMatchObject({ status: 'created' })
  })

  it('missing payment fields never reach the signature check', async () => {
    const student = await createUser(payload)
    const o = await order(student)
    const full = checkoutResult(o.orderId)
    const verify = vi.spyOn(getGateway(), 'verifyCheckoutSignature')
    try {
      for (const field of Object.keys(full) as (keyof typeof full)[]) {
        const res = await rest.post('/payment/verify-payment', { token: student.token, body: { ...full, [field]: undefined } })
        expect(res.status).toBe(400)
        expect(res.body.error).toBe(MESSAGES.QB_INVALID_PAYMENT_RESPONSE)
      }
      expect(verify).not.toHaveBeenCalled()
      expect((await paymentsOf(student))[0]).toMatchObject({ status: 'created' })
      // The same spy sees a complete result being checked.
      expect((await rest.post('/payment/verify-payment', { token: student.token, body: full })).status).toBe(200)
      expect(verify).toHaveBeenCalledTimes(1)
    } finally {
      verify.mockRestore()
    }
  })

  it('a bought Plus plan returns to Free when it expires', async () => {
    const student = await createUser(payload)
    const o = await order(student)
    await rest.post('/payment/verify-payment', { token: student.token, body: checkoutResult(o.orderId) })
    const [payment] = await paymentsOf(student)
    await payload.update({
      collection: 'payments',
      id: payment!.id,
      overrideAccess: true,
      data: { subscriptionEnds: new Date(Date.now() - 1000).toISOString() },
    })
    const res = await rest.get('/payment/subscription-status', { token: student.token })
    expect(res.body).toEqual({ currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null })
    const practice = await rest.get('/questions/practice', { token: student.token })
    expect(practice.body.access).toMatchObject({ isActive: false, questionLimit: 5 })
    // And Plus can be bought again.
    expect((await rest.post('/payment/create-order', { token: student.token, body: { planType: 'PLAN1' } })).status).toBe(201)
  })
})
