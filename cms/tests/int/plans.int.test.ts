import { addDays, DAY_MS, formatDate, MESSAGES, REFUND_REASON_OTHER } from '@mentorloop/shared'
import { createLocalReq, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError, setGatewayForTests } from '../../gateway'
import { createBooking } from '../../services/booking'
import { createOrderForPlan } from '../../services/payments/createOrderForPlan'
import { getActivePlan, listActivePlans, planWindow } from '../../services/plans/activePlan'
import { purchaseDecision, purchaseDecisionsByCode } from '../../services/plans/purchaseRule'
import { testPayload } from '../helpers/payload'
import { checkoutBody, createOrder, refundGateway, runRefundJobs } from '../helpers/payments'
import { type RestClient, restClient } from '../helpers/rest'
import { createMentor, createUser, findPlan, givePlan, type TestUser } from '../helpers/scenarios'

/** The one definition of "has a plan", the plan window, complimentary grants, and a refused refund. */
let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => {
  payload = await testPayload()
  rest = restClient(payload.config)
  admin = await createUser(payload, { roles: ['admin'] })
  await findPlan(payload, 'BEGINNER_TECHY')
  await findPlan(payload, 'PLACEMENT_FOCUSED')
})

afterEach(() => {
  vi.useRealTimers()
  setGatewayForTests(null)
})

const reqFor = () => createLocalReq({}, payload)

describe('the plan window', () => {
  it('runs the plan’s duration in days from its start', () => {
    const start = new Date('2027-01-31T18:30:00.000Z')
    expect(planWindow({ durationDays: 30 }, start)).toEqual({ startsAt: start, endsAt: new Date('2027-03-02T18:30:00.000Z') })
    expect(() => planWindow({ durationDays: 0 }, start)).toThrow(/positive/)
  })

  it('a paid plan starts when the payment completes and lasts its duration', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const before = Date.now()
    expect((await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })).status).toBe(200)
    const active = await getActivePlan(await reqFor(), student.id, 'mentorship')
    expect(active?.plan.code).toBe('BEGINNER_TECHY')
    const starts = Date.parse(active!.startsAt)
    expect(starts).toBeGreaterThanOrEqual(before - 1_000)
    expect(Date.parse(active!.endsAt) - starts).toBe(30 * DAY_MS)
  })
})

describe('has an active plan: start and end both count', () => {
  it('a window that has not started yet is not an active plan (booking asks for payment)', async () => {
    const student = await createUser(payload)
    const now = new Date()
    await givePlan(payload, student, 'PLACEMENT_FOCUSED', 30, { startsAt: addDays(now, 2), endsAt: addDays(now, 32) })
    expect(await getActivePlan(await reqFor(), student.id, 'mentorship')).toBeNull()
    expect((await rest.get('/payments/has-plan', { token: student.token })).body).toMatchObject({ hasPlan: false })
    expect((await rest.get(`/bookings/user/${student.id}/plan-status`, { token: student.token })).body).toMatchObject({
      hasActivePlan: false,
    })
    const mentor = await createMentor(payload)
    await expect(createBooking(await reqFor(), { userId: student.id, mentorId: mentor.id })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    })
  })

  it('moves with the clock: active inside its window, not after it ends', async () => {
    const student = await createUser(payload)
    await givePlan(payload, student, 'PLACEMENT_FOCUSED', 30)
    expect(await listActivePlans(await reqFor(), student.id, { product: 'mentorship' })).toHaveLength(1)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 29 * DAY_MS)
    expect(await getActivePlan(await reqFor(), student.id, 'mentorship')).not.toBeNull()
    vi.setSystemTime(Date.now() + 2 * DAY_MS)
    expect(await getActivePlan(await reqFor(), student.id, 'mentorship')).toBeNull()
  })
})

describe('a second mentorship plan while one runs (cms/services/plans/purchaseRule.ts)', () => {
  it('is refused at order creation and marked for the plan cards; renewal opens 7 days before the end', async () => {
    const student = await createUser(payload)
    const placement = await findPlan(payload, 'PLACEMENT_FOCUSED')
    const beginner = await findPlan(payload, 'BEGINNER_TECHY')
    const start = new Date()
    const end = addDays(start, 30)
    await givePlan(payload, student, 'PLACEMENT_FOCUSED', 30, { startsAt: addDays(start, -1), endsAt: end })

    const other = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'BEGINNER_TECHY' } })
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ code: 'ALREADY_PURCHASED', title: MESSAGES.CANNOT_PURCHASE_TITLE })
    expect(other.body.error).toContain(`You already have the ${placement.name} until ${formatDate(end)}`)
    expect(other.body.error).toContain(`from ${formatDate(addDays(end, -7))}`)
    const same = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'PLACEMENT_FOCUSED' } })
    expect(same.status).toBe(409)
    expect(same.body.error).toContain('You cannot purchase the same plan twice.')
    expect(same.body.error).not.toMatch(/Plan plan/i)
    const { docs: created } = await payload.find({ collection: 'payments', where: { user: { equals: student.id } }, overrideAccess: true })
    expect(created).toHaveLength(1)

    // The plan cards read the same rule: own plan until its end, the other refused with the reason.
    const states = await rest.get('/payments/active-plans', { token: student.token })
    expect(states.status).toBe(200)
    expect(states.body.plans).toEqual([expect.objectContaining({ planCode: 'PLACEMENT_FOCUSED', endsAt: end.toISOString() })])
    expect(Object.keys(states.body.refused).sort()).toEqual(['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'])
    expect(states.body.refused.BEGINNER_TECHY.message).toBe(other.body.error)

    // Renewal (decision 045): from 7 days before the end, either plan may be bought again.
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(addDays(end, -8))
    expect(await purchaseDecision(await reqFor(), student.id, beginner)).toMatchObject({ allowed: false })
    vi.setSystemTime(addDays(end, -6))
    expect(await purchaseDecision(await reqFor(), student.id, beginner)).toEqual({ allowed: true, renewal: true })
    expect(await purchaseDecision(await reqFor(), student.id, placement)).toEqual({ allowed: true, renewal: true })
    const renewal = await createOrderForPlan({ payload, user: student, planCode: 'BEGINNER_TECHY', req: await reqFor() })
    expect(renewal.payment).toMatchObject({ status: 'created', amount: Math.round(beginner.price * 100) })
    expect(Object.values(await purchaseDecisionsByCode(await reqFor(), student.id)).every((d) => d.allowed)).toBe(true)
  })

  it('a student without a plan may buy either', async () => {
    const student = await createUser(payload)
    const beginner = await findPlan(payload, 'BEGINNER_TECHY')
    expect(await purchaseDecision(await reqFor(), student.id, beginner)).toEqual({ allowed: true, renewal: false })
  })
})

describe('complimentary plans (POST /users/subscribe)', () => {
  it('are recorded as complimentary, not as a gateway payment, count as a plan and cannot be refunded', async () => {
    const student = await createUser(payload)
    const res = await rest.post('/users/subscribe', { token: admin.token, body: { email: student.email, planId: 'BEGINNER_TECHY' } })
    expect(res.status).toBe(200)
    expect(res.body.payment).toMatchObject({ gateway: 'complimentary', plan: 'BEGINNER_TECHY' })
    const payment = await payload.findByID({ collection: 'payments', id: res.body.payment.id, depth: 0, overrideAccess: true })
    expect(payment).toMatchObject({ gateway: 'complimentary', amount: 0, status: 'completed', grantedBy: admin.id })
    expect(payment.gatewayPaymentId ?? null).toBeNull()
    expect((await rest.get('/payments/has-plan', { token: student.token })).body).toMatchObject({ hasPlan: true })
    const active = await rest.get('/payments/active-plans', { token: student.token })
    expect(active.body.plans).toEqual([expect.objectContaining({ planCode: 'BEGINNER_TECHY', product: 'mentorship' })])
    const other = await createUser(payload)
    expect((await rest.get('/payments/active-plans', { token: other.token, query: { email: student.email } })).status).toBe(403)
    expect((await rest.get('/payments/active-plans', { token: other.token })).body.plans).toEqual([])

    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0]).toMatchObject({ status: 'completed', complimentary: true, amount: 0 })

    const refund = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId: payment.id, reason: REFUND_REASON_OTHER, feedback: 'Free anyway.' },
    })
    expect(refund.status).toBe(400)
    expect(refund.body).toMatchObject({ code: 'REFUND_NOT_ALLOWED' })
    const requests = await payload.count({
      collection: 'refund-requests',
      where: { payment: { equals: payment.id } },
      overrideAccess: true,
    })
    expect(requests.totalDocs).toBe(0)
  })
})

describe('a gateway that refuses the refund', () => {
  it('leaves the payment, the plan and the seat as they were; the request is failed for staff to see', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    const paymentId = verified.body.payment.id as number
    const mentor = await createMentor(payload, { capacity: 1 })
    const booked = await createBooking(await reqFor(), { userId: student.id, mentorId: mentor.id })
    expect(booked.kind).toBe('booked')
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    expect(asked.status).toBe(201)
    const before = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })

    const { calls } = refundGateway(async () => {
      throw new GatewayError(
        'Razorpay refused to refund the payment: The payment has been fully refunded already',
        'BAD_REQUEST',
        false,
        400,
      )
    })
    const decided = await rest.patch(`/refund-requests/${asked.body.id}`, { token: admin.token, body: { status: 'approved' } })
    expect(decided.status).toBe(200)
    await runRefundJobs(payload)
    // A refusal the gateway would repeat is not retried.
    expect(calls).toHaveLength(1)

    const request = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, depth: 0, overrideAccess: true })
    expect(request).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(request.lastError).toMatch(/fully refunded already/)
    expect(request.gatewayRefundId ?? null).toBeNull()
    const after = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
    expect(after).toMatchObject({ status: 'completed', subscriptionEnds: before.subscriptionEnds })
    expect(await getActivePlan(await reqFor(), student.id, 'mentorship')).not.toBeNull()
    const seat = await payload.find({
      collection: 'bookings',
      where: { user: { equals: student.id }, mentor: { equals: mentor.id } },
      depth: 0,
      overrideAccess: true,
    })
    expect(seat.docs.map((b) => b.status)).toEqual(['confirmed'])
    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0]).toMatchObject({ status: 'completed', refund: { status: 'failed' } })
  })
})
