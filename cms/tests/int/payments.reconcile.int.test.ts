import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError, type GatewayPayment, setGatewayForTests } from '../../gateway'
import { createSandboxGateway } from '../../gateway/sandbox'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { REFUNDS_QUEUE } from '../../services/payments/approveRefund'
import { reconcileDueOrders } from '../../services/payments/reconcile'
import { MAX_RECONCILE_CHECKS } from '../../services/payments/reconcileDecision'
import { later, type RestClient, reqAs, resetClock, setUpWorld, studentWithPlan } from '../fixtures'
import { createOrder, paymentByOrder, postWebhook, queuedEmails, sandbox } from '../helpers/payments'
import { runbookSql } from '../helpers/runbook'
import { createMentor, createUser, type TestUser } from '../helpers/scenarios'

// The sweep looks at every unpaid order in the database with a moved clock: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

/**
 * Payment reconciliation (docs/decisions/160, docs/operations.md "Payment reconciliation"): an
 * order paid at the gateway whose browser closed and whose webhook was lost is completed by the
 * scheduled sweep, once, through the same completion path as verification and webhooks.
 */
let payload: Payload
let rest: RestClient
let warnSpy: ReturnType<typeof vi.spyOn> | null = null
/** payload.logger.warn, recorded for this test (not vi.restoreAllMocks: the suite's console.error guard is a spy too). */
const spyOnWarn = () => {
  warnSpy = vi.spyOn(payload.logger, 'warn')
  return warnSpy
}

const MINUTE = 60_000

beforeAll(async () => ({ payload, rest } = await setUpWorld({ plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] })))

afterEach(() => {
  setGatewayForTests(null)
  resetClock()
  warnSpy?.mockRestore()
  warnSpy = null
})

/** The sandbox as the gateway, every "list the order's payments" call recorded (or answered by `answer`). */
function countingGateway(answer?: (orderId: string) => Promise<GatewayPayment[]>) {
  const inner = createSandboxGateway()
  const asked: string[] = []
  setGatewayForTests({
    ...inner,
    fetchOrderPayments: async (orderId) => {
      asked.push(orderId)
      return answer ? answer(orderId) : inner.fetchOrderPayments(orderId)
    },
  })
  return { askedAbout: (orderId: string) => asked.filter((o) => o === orderId).length }
}

/** The student pays in the checkout (the sandbox's checkout endpoint, as the widget does), then closes the browser. */
async function payAndCloseTheBrowser(student: TestUser, planCode = 'BEGINNER_TECHY') {
  const order = await createOrder(rest, student, planCode)
  const paid = await rest.post('/payments/sandbox-checkout', { token: student.token, body: { orderId: order.orderId, outcome: 'success' } })
  expect(paid.status).toBe(200)
  return {
    orderId: order.orderId,
    checkout: paid.body as { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string },
  }
}

/** One run of the scheduled task, as the worker's `refunds` loop runs it. */
async function sweepAsTheWorkerDoes() {
  await payload.jobs.queue({ task: 'reconcilePayments', queue: REFUNDS_QUEUE, input: {} })
  await payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 10, sequential: true })
}

const row = async (orderId: string) => (await paymentByOrder(payload, orderId))[0]!
const receipts = async (student: TestUser) => (await queuedEmails(payload, student.email, 'payment-receipt')).length

describe('the reconciliation sweep', () => {
  it('paid at the gateway, webhook lost, browser closed: completed once after 15 minutes, the credit exists, one receipt', async () => {
    const gateway = countingGateway()
    const student = await createUser(payload)
    const { orderId, checkout } = await payAndCloseTheBrowser(student)

    // Within 15 minutes the browser and the webhook have their chance: the sweep leaves it.
    later(14 * MINUTE)
    await sweepAsTheWorkerDoes()
    expect(gateway.askedAbout(orderId)).toBe(0)
    expect(await row(orderId)).toMatchObject({ status: 'created', gatewayPaymentId: null })

    later(16 * MINUTE)
    await sweepAsTheWorkerDoes()
    const paid = await row(orderId)
    expect(paid).toMatchObject({ status: 'completed', gatewayPaymentId: checkout.razorpay_payment_id, batch: null })
    // Bought without a seat: a credit for the next seat, with its deadline.
    expect(paid.subscriptionEnds).toBeTruthy()
    // It is theirs: buying it again is refused as for any paid plan.
    const again = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'BEGINNER_TECHY' } })
    expect(again.status).toBe(409)
    expect(await receipts(student)).toBe(1)

    // Again, and later again: nothing more (a completed order is not asked about again).
    await sweepAsTheWorkerDoes()
    later(3 * 60 * MINUTE)
    await sweepAsTheWorkerDoes()
    expect(gateway.askedAbout(orderId)).toBe(1)
    expect(await row(orderId)).toMatchObject({ status: 'completed', subscriptionEnds: paid.subscriptionEnds })
    expect(await receipts(student)).toBe(1)

    // The browser and the webhook turn up after all: both find it done.
    const late = await rest.post('/payments/verify-payment', { token: student.token, body: checkout })
    expect(late.status).toBe(200)
    expect(late.body.activated).toBe(false)
    const hook = await postWebhook(
      rest,
      sandbox.webhook('payment.captured', { payment: { id: checkout.razorpay_payment_id, order_id: orderId, status: 'captured' } }),
    )
    expect(hook.body).toMatchObject({ action: 'already-completed' })
    expect(await paymentByOrder(payload, orderId)).toHaveLength(1)
    expect(await receipts(student)).toBe(1)
  })

  it('a student waiting for a free seat gets it when the sweep completes their payment', async () => {
    countingGateway()
    const mentor = await createMentor(payload, { capacity: 1 })
    const holder = await studentWithPlan()
    await createBooking(await reqAs(), { userId: holder.id, mentorId: mentor.id })
    const student = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const held = await payload.find({ collection: 'bookings', where: { user: { equals: holder.id } }, overrideAccess: true })
    await cancelBooking({ payload, bookingId: held.docs[0]!.id, byUser: 'system' })

    const { orderId } = await payAndCloseTheBrowser(student, 'PLACEMENT_FOCUSED')
    later(16 * MINUTE)
    await sweepAsTheWorkerDoes()

    expect((await row(orderId)).status).toBe('completed')
    const seats = await payload.find({
      collection: 'bookings',
      where: { user: { equals: student.id }, status: { equals: 'confirmed' } },
      depth: 0,
      overrideAccess: true,
    })
    expect(seats.totalDocs).toBe(1)
    expect(await receipts(student)).toBe(1)
  })

  it('two sweeps at once (two workers): each order asked about once, completed once, one receipt each', async () => {
    const gateway = countingGateway()
    const students = [await createUser(payload), await createUser(payload), await createUser(payload)]
    const orders = []
    for (const s of students) orders.push((await payAndCloseTheBrowser(s)).orderId)
    later(16 * MINUTE)

    // Two runners picking up two queued sweeps at the same moment, and two direct calls racing too.
    await payload.jobs.queue({ task: 'reconcilePayments', queue: REFUNDS_QUEUE, input: {} })
    await payload.jobs.queue({ task: 'reconcilePayments', queue: REFUNDS_QUEUE, input: {} })
    await Promise.all([
      payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 1, sequential: true }),
      payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 1, sequential: true }),
      reconcileDueOrders(payload),
      reconcileDueOrders(payload),
    ])
    for (const [i, orderId] of orders.entries()) {
      expect(gateway.askedAbout(orderId)).toBe(1)
      expect(await row(orderId)).toMatchObject({ status: 'completed', reconcileChecks: 1 })
      expect(await receipts(students[i]!)).toBe(1)
    }
  })

  it('only failed attempts: the order fails; a later successful attempt in the same checkout is completed at the next check', async () => {
    const gateway = countingGateway()
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    // Failed at the gateway; its payment.failed webhook was lost too.
    sandbox.fail(order.orderId)
    later(16 * MINUTE)
    await reconcileDueOrders(payload)
    expect(await row(order.orderId)).toMatchObject({ status: 'failed', reconcileChecks: 1 })
    expect(await receipts(student)).toBe(0)

    // The student tried again in the open checkout and paid; that webhook was lost as well.
    const paid = sandbox.pay(order.orderId)
    later(16 * MINUTE + 14 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(order.orderId)).toBe(1)
    later(16 * MINUTE + 16 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(order.orderId)).toBe(2)
    expect(await row(order.orderId)).toMatchObject({ status: 'completed', gatewayPaymentId: paid.paymentId })
    expect(await receipts(student)).toBe(1)
  })

  it(`never paid: asked about ${MAX_RECONCILE_CHECKS} times over a day and a half, left \`created\` (abandoned), then never again`, async () => {
    const gateway = countingGateway()
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    let offset = 16 * MINUTE
    for (let check = 1; check <= MAX_RECONCILE_CHECKS; check++) {
      later(offset)
      await reconcileDueOrders(payload)
      expect(gateway.askedAbout(order.orderId)).toBe(check)
      const now = await row(order.orderId)
      expect(now).toMatchObject({ status: 'created', reconcileChecks: check })
      if (check < MAX_RECONCILE_CHECKS) offset = Date.parse(now.reconcileAt!) - Date.now() + 1_000
      else expect(now.reconcileAt).toBeNull()
    }
    later(offset + 7 * 24 * 60 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(order.orderId)).toBe(MAX_RECONCILE_CHECKS)
  })

  it('the gateway down: nothing changes, the check is not counted, and it is asked again 5 minutes later', async () => {
    let down = true
    const inner = createSandboxGateway()
    const gateway = countingGateway(async (orderId) => {
      if (down) throw new GatewayError('Razorpay could not be reached to list the order’s payments', 'UNAVAILABLE', true)
      return inner.fetchOrderPayments(orderId)
    })
    const warn = spyOnWarn()
    const student = await createUser(payload)
    const { orderId } = await payAndCloseTheBrowser(student)
    later(16 * MINUTE)
    await reconcileDueOrders(payload)
    expect(await row(orderId)).toMatchObject({ status: 'created', reconcileChecks: 0 })
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ orderId, code: 'UNAVAILABLE' }))
    later(19 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(orderId)).toBe(1)
    down = false
    later(22 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(orderId)).toBe(2)
    expect(await row(orderId)).toMatchObject({ status: 'completed', reconcileChecks: 1 })
    expect(await receipts(student)).toBe(1)
  })

  it('an operator asks about an old order now, as the runbook says: the next sweep checks it, whatever its age', async () => {
    const gateway = countingGateway()
    const student = await createUser(payload)
    const { orderId } = await payAndCloseTheBrowser(student)
    // Four days later: outside the sweep's window, never checked (as an order from before the sweep).
    later(4 * 24 * 60 * MINUTE)
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(orderId)).toBe(0)

    await runbookSql('reconcile-one-order', { order_id: orderId })
    await reconcileDueOrders(payload)
    expect(gateway.askedAbout(orderId)).toBe(1)
    expect((await row(orderId)).status).toBe('completed')
    const stuck = await runbookSql('unpaid-orders')
    expect(stuck.map((r) => r.gateway_order_id)).not.toContain(orderId)
  })
})

describe('a webhook with a bad signature', () => {
  it('is refused with 400 and logged at warn with its order id, and nothing personal or secret', async () => {
    const warn = spyOnWarn()
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const delivery = sandbox.webhook(
      'payment.captured',
      { payment: { id: 'pay_BadSig1', order_id: order.orderId, status: 'captured', email: student.email, contact: '+919876543210' } },
      'evt_BadSig1',
    )
    const forged = 'ab'.repeat(32)
    const res = await postWebhook(rest, { rawBody: delivery.rawBody, headers: { ...delivery.headers, 'X-Razorpay-Signature': forged } })
    expect(res.status).toBe(400)
    expect(warn).toHaveBeenCalledWith({
      msg: 'Webhook refused: invalid signature',
      orderId: order.orderId,
      event: 'payment.captured',
      eventId: 'evt_BadSig1',
    })
    const { 'X-Razorpay-Signature': _signature, ...unsigned } = delivery.headers
    expect((await postWebhook(rest, { rawBody: delivery.rawBody, headers: unsigned })).status).toBe(400)
    expect(warn).toHaveBeenCalledWith(expect.objectContaining({ msg: 'Webhook refused: missing signature', orderId: order.orderId }))
    const logged = JSON.stringify(warn.mock.calls)
    for (const secret of [student.email, '+919876543210', forged, delivery.headers['X-Razorpay-Signature']!]) {
      expect(logged).not.toContain(secret)
    }
    expect((await row(order.orderId)).status).toBe('created')
  })
})
