import { MESSAGES } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { testPayload } from '../helpers/payload'
import { restClient, type RestClient } from '../helpers/rest'
import { createUser, findPlan, givePlan, type TestUser } from '../helpers/scenarios'

/**
 * The question-bank subscription calls (SPEC sections 5, 7, 8): status, order, verification,
 * through the real REST handlers against real PostgreSQL.
 */
let payload: Payload
let rest: RestClient


beforeAll(async () => {
  payload = await testPayload()
  rest = restClient(payload.config)
  await findPlan(payload, 'QB_FREE')
  await findPlan(payload, 'PLAN1')
})

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
        expect(res.body).toEqual({ error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE, code: 'INVALID_PAYMENT_RESPONSE' })
      }
    }
    expect(await paymentsOf(student)).toHaveLength(0)
  })
})

