import { DAY_MS, formatDate, MESSAGES, REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError, setGatewayForTests } from '../../gateway'
import { tick } from '../../jobs/time'
import { createBooking, joinWaitlist } from '../../services/booking'
import { createOrderForPlan } from '../../services/payments/createOrderForPlan'
import { getActivePlan, listActivePlans, planWindow } from '../../services/plans/activePlan'
import { creditDeadline } from '../../services/plans/credits'
import { expireCredits } from '../../services/plans/expireCredits'
import { purchaseDecision } from '../../services/plans/purchaseRule'
import { type RestClient, reqAs, resetClock, seat, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { batchStarted, checkoutBody, createOrder, queuedEmails, refundGateway, runRefundJobs } from '../helpers/payments'
import { createMentor, createUser, findPlan, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

/** The one definition of "has a plan" (a plan pays for one batch, docs/decisions/069), buying, credits, complimentary grants, and a refused refund. */
// Its ticks and credit sweeps move the clock over every row: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] })))

afterEach(() => {
  resetClock()
  setGatewayForTests(null)
})

describe('the plan window', () => {
  it('runs the plan’s duration in days from its start', () => {
    const start = new Date('2027-01-31T18:30:00.000Z')
    expect(planWindow({ durationDays: 30 }, start)).toEqual({ startsAt: start, endsAt: new Date('2027-03-02T18:30:00.000Z') })
    expect(() => planWindow({ durationDays: 0 }, start)).toThrow(/positive/)
  })

  it('a question-bank plan keeps its window of days; a mentorship plan bought without a seat is a credit until the end of next month', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    expect((await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })).status).toBe(200)
    const active = await getActivePlan(await reqAs(), student.id, 'mentorship')
    expect(active?.plan.code).toBe('BEGINNER_TECHY')
    expect(
      (await payload.findByID({ collection: 'payments', id: active!.payment.id, depth: 0, overrideAccess: true })).batch ?? null,
    ).toBeNull()
    expect(active!.endsAt).toBe(creditDeadline(new Date(active!.startsAt)).toISOString())
    const status = (await rest.get(`/bookings/user/${student.id}/plan-status`, { token: student.token })).body
    expect(status).toMatchObject({ hasActivePlan: true, coverage: [{ kind: 'credit', creditUntil: active!.endsAt }] })
  })

  it('the credit deadline is the end of the next calendar month in India time', () => {
    // 26 Nov (any hour, India) -> the end of 31 Dec; 1 Dec 00:30 IST (30 Nov in UTC) -> the end of 31 Jan.
    expect(creditDeadline(new Date('2026-11-26T18:00:00.000Z')).toISOString()).toBe('2026-12-31T18:30:00.000Z')
    expect(creditDeadline(new Date('2026-11-30T19:00:00.000Z')).toISOString()).toBe('2027-01-31T18:30:00.000Z')
  })
})

describe('a plan pays for one batch (docs/decisions/069)', () => {
  it('booking with a credit makes it pay for the whole batch booked: its dates are the batch’s, whenever it was bought', async () => {
    const student = await createUser(payload)
    const payment = await givePlan(payload, student)
    const mentor = await createMentor(payload)
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    expect(booked.kind).toBe('booked')
    const batch = await openBatchOf(payload, mentor)
    const paid = await payload.findByID({ collection: 'payments', id: payment.id, depth: 0, overrideAccess: true })
    expect(paid).toMatchObject({ batch: batch.id, subscriptionStarts: batch.startsOn })
    expect(Date.parse(paid.subscriptionEnds!)).toBe(Date.parse(batch.endsOn) + DAY_MS)
    expect(booked.kind === 'booked' && booked.booking.payment).toBe(payment.id)
    // The plan now pays for that seat: a second booking (another mentor) asks for a new plan? No: one seat per period.
    const other = await createMentor(payload)
    await expect(createBooking(await reqAs(), { userId: student.id, mentorId: other.id })).rejects.toMatchObject({
      code: 'MENTOR_ALREADY_BOOKED',
    })
  })

  it('without a credit there is no seat: Payment Required; but the waitlist of a full mentor is free', async () => {
    const student = await createUser(payload)
    const mentor = await createMentor(payload, { capacity: 1 })
    await expect(createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })).rejects.toMatchObject({
      code: 'PAYMENT_REQUIRED',
    })
    const holder = await studentWithPlan()
    await seat(holder, mentor)
    const queued = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    expect(queued).toMatchObject({ kind: 'waitlisted', position: 1 })
  })

  it('a credit nobody used is refunded automatically at its deadline, once, and the student is told', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    const paymentId = verified.body.payment.id as number
    const deadline = Date.parse(verified.body.payment.subscriptionEnds)
    setNow(deadline - 60_000)
    expect(await expireCredits(await reqAs())).toBe(0)
    setNow(deadline + 60_000)
    expect(await expireCredits(await reqAs())).toBeGreaterThanOrEqual(1)
    // Run again (or by a second worker): nothing more happens.
    expect(await expireCredits(await reqAs())).toBe(0)
    resetClock()
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })).status).toBe('refunded')
    const { docs: requests } = await payload.find({
      collection: 'refund-requests',
      where: { payment: { equals: paymentId } },
      overrideAccess: true,
    })
    expect(requests).toEqual([expect.objectContaining({ source: 'automatic', status: 'refunded' })])
    expect((await queuedEmails(payload, student.email, 'credit-refunded')).map((m) => m.subject)).toEqual([
      'No seat came for your plan: we are refunding it',
    ])
    const notices = await rest.get('/notices/mine', { token: student.token })
    expect(notices.body.notices).toEqual([expect.objectContaining({ kind: 'credit-refunded' })])
  })

  it('cancelling a seat before its batch starts gives the plan back as a credit; the seat goes on; the student is not seated there again', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const student = await createUser(payload)
    const payment = await givePlan(payload, student)
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const waiting = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: waiting.id, mentorId: mentor.id })
    const res = await rest.post(`/bookings/${booked.kind === 'booked' ? booked.booking.id : 0}/cancel`, { token: student.token })
    expect(res.status).toBe(200)
    const back = await payload.findByID({ collection: 'payments', id: payment.id, depth: 0, overrideAccess: true })
    expect(back.batch ?? null).toBeNull()
    expect((await listActivePlans(await reqAs(), student.id, { product: 'mentorship' })).map((a) => a.payment.id)).toEqual([payment.id])
    // The seat was held for the next in line (no plan): not for the student who gave it up.
    const { docs: offers } = await payload.find({
      collection: 'seat-offers',
      where: { mentor: { equals: mentor.id } },
      overrideAccess: true,
    })
    expect(offers.map((o) => (typeof o.user === 'object' ? o.user.id : o.user))).toEqual([waiting.id])
  })
})

describe('buying (cms/services/plans/purchaseRule.ts)', () => {
  it('refused while a credit waits for a seat, and while a seat is paid for in a batch not yet started; the plan cards read the same rule', async () => {
    const student = await createUser(payload)
    const placement = await findPlan(payload, 'PLACEMENT_FOCUSED')
    await givePlan(payload, student, 'PLACEMENT_FOCUSED')
    const other = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'BEGINNER_TECHY' } })
    expect(other.status).toBe(409)
    expect(other.body).toMatchObject({ code: 'ALREADY_PURCHASED', title: MESSAGES.CANNOT_PURCHASE_TITLE })
    expect(other.body.error).toContain(`You already have the ${placement.name}, waiting for your next seat`)
    const same = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'PLACEMENT_FOCUSED' } })
    expect(same.status).toBe(409)
    expect(same.body.error).toContain('You cannot purchase the same plan twice.')
    expect(same.body.error).not.toMatch(/Plan plan/i)
    const states = await rest.get('/payments/active-plans', { token: student.token })
    expect(Object.keys(states.body.refused).sort()).toEqual(['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'])
    expect(states.body.refused.BEGINNER_TECHY.message).toBe(other.body.error)

    const mentor = await createMentor(payload, { name: `Seat Mentor ${student.id}` })
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const batch = await openBatchOf(payload, mentor)
    const again = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'BEGINNER_TECHY' } })
    expect(again.status).toBe(409)
    expect(again.body.error).toContain(`already pays for your seat in ${mentor.name}'s ${batch.label} batch`)
  })

  it('in a running batch, renewal (for the next batch) opens 7 days before it ends; either plan may be chosen then', async () => {
    const student = await createUser(payload)
    const beginner = await findPlan(payload, 'BEGINNER_TECHY')
    const placement = await findPlan(payload, 'PLACEMENT_FOCUSED')
    await givePlan(payload, student, 'PLACEMENT_FOCUSED')
    const mentor = await createMentor(payload)
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const batch = await openBatchOf(payload, mentor)
    const end = Date.parse(batch.endsOn) + DAY_MS
    // The batch runs (the first tick of its month starts it).
    setNow(Date.parse(batch.startsOn) + 60_000)
    await tick(payload)
    setNow(end - 8 * DAY_MS)
    const early = await purchaseDecision(await reqAs(), student.id, beginner)
    expect(early).toMatchObject({ allowed: false })
    expect(early.allowed === false && early.message).toContain(`from ${formatDate(new Date(end - 7 * DAY_MS))}`)
    setNow(end - 6 * DAY_MS)
    expect(await purchaseDecision(await reqAs(), student.id, beginner)).toEqual({ allowed: true, renewal: true })
    expect(await purchaseDecision(await reqAs(), student.id, placement)).toEqual({ allowed: true, renewal: true })
    const renewal = await createOrderForPlan({ payload, user: student, planCode: 'BEGINNER_TECHY', req: await reqAs() })
    expect(renewal.payment).toMatchObject({ status: 'created', amount: Math.round(beginner.price * 100) })
  })

  it('a student without a plan may buy either', async () => {
    const student = await createUser(payload)
    const beginner = await findPlan(payload, 'BEGINNER_TECHY')
    expect(await purchaseDecision(await reqAs(), student.id, beginner)).toEqual({ allowed: true, renewal: false })
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
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    expect(booked.kind).toBe('booked')
    await batchStarted(payload, paymentId)
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    expect(asked.status).toBe(201)
    const before = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })

    const { callsFor } = refundGateway(async () => {
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
    expect(callsFor(before.gatewayPaymentId!)).toHaveLength(1)

    const request = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, depth: 0, overrideAccess: true })
    expect(request).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: null })
    expect(request.lastError).toMatch(/fully refunded already/)
    expect(request.gatewayRefundId ?? null).toBeNull()
    const after = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
    expect(after).toMatchObject({ status: 'completed', subscriptionEnds: before.subscriptionEnds })
    expect(await getActivePlan(await reqAs(), student.id, 'mentorship')).not.toBeNull()
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
