import { DAY_MS, HOUR_MS, REFUND_REASON_OTHER } from '@mentorloop/shared'
import { createLocalReq, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { createBooking } from '../../services/booking'
import { refundAutomatically } from '../../services/payments/approveRefund'
import { expireCredits } from '../../services/plans/expireCredits'
import { testPayload } from '../helpers/payload'
import { batchStarted, checkoutBody, createOrder, queuedEmails, runRefundJobs } from '../helpers/payments'
import { type RestClient, restClient } from '../helpers/rest'
import { createMentor, createUser, findPlan, openBatchOf, type TestUser, tokenNow } from '../helpers/scenarios'

/**
 * One event the student sees is one e-mail (issue 37, docs/decisions/178): for every path a refund
 * takes, the outbox rows queued for the student from the moment they (or we) start it until it has
 * settled. Each refund's outcome e-mails share the key `refund:{requestId}`: queued twice, kept once.
 */
// Moves the clock to a credit's deadline and sweeps every due credit: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => {
  payload = await testPayload()
  rest = restClient(payload.config)
  await findPlan(payload, 'BEGINNER_TECHY')
  admin = await createUser(payload, { roles: ['admin'] })
})

afterEach(() => vi.useRealTimers())

const reqFor = () => createLocalReq({}, payload)

/** A student who paid (a credit until a seat uses it); `seat` seats them in a new mentor's open batch. */
async function buyer(opts: { seat: boolean }) {
  const student = await createUser(payload)
  const order = await createOrder(rest, student, 'BEGINNER_TECHY')
  const paid = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
  expect(paid.status).toBe(200)
  const paymentId = paid.body.payment.id as number
  if (!opts.seat) return { student, paymentId, session1End: null }
  const mentor = await createMentor(payload, { capacity: 2 })
  expect((await createBooking(await reqFor(), { userId: student.id, mentorId: mentor.id })).kind).toBe('booked')
  const batch = await openBatchOf(payload, mentor)
  const startsAt = Date.parse(batch.startsOn) + 2 * DAY_MS + 4.5 * HOUR_MS
  await payload.create({
    collection: 'sessions',
    data: { title: 'Session 1', batch: batch.id, startsAt: new Date(startsAt).toISOString(), durationMinutes: 60 },
    overrideAccess: true,
  })
  return { student, paymentId, session1End: startsAt + HOUR_MS }
}

/** What the outbox holds for the student beyond what it held at `before` (their receipt and the like). */
async function newMails(student: TestUser, before: number) {
  const all = await queuedEmails(payload, student.email)
  return all.slice(before).map((m) => m.template)
}

const ask = async (student: TestUser, paymentId: number) =>
  rest.post('/refund-requests/request', {
    token: await tokenNow(payload, student),
    body: { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
  })

async function settle(paymentId: number) {
  await runRefundJobs(payload)
  expect((await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })).status).toBe('refunded')
}

describe('one refund, one e-mail', () => {
  it('an unused credit asked back: approved at once and settled, one message', async () => {
    const { student, paymentId } = await buyer({ seat: false })
    const before = (await queuedEmails(payload, student.email)).length
    expect((await ask(student, paymentId)).body.status).toBe('approved')
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-approved'])
  })

  it('the Session 1 promise: approved at once and settled, one message', async () => {
    const { student, paymentId, session1End } = await buyer({ seat: true })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(session1End! + 2 * HOUR_MS)
    const before = (await queuedEmails(payload, student.email)).length
    expect((await ask(student, paymentId)).body.status).toBe('approved')
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-promise-approved'])
  })

  it('before the batch starts: approved at once, one message', async () => {
    const { student, paymentId } = await buyer({ seat: true })
    const before = (await queuedEmails(payload, student.email)).length
    expect((await ask(student, paymentId)).body.status).toBe('approved')
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-before-batch-approved'])
  })

  it('an admin’s approval: the request acknowledged, then one message when it settles', async () => {
    const { student, paymentId } = await buyer({ seat: true })
    // An admin decides only once the batch has started (decision 181).
    await batchStarted(payload, paymentId)
    const before = (await queuedEmails(payload, student.email)).length
    const asked = await ask(student, paymentId)
    expect(asked.body.status).toBe('requested')
    const decided = await rest.post(`/refund-requests/${asked.body.id}/decide`, { token: admin.token, body: { decision: 'approve' } })
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-requested', 'refund-approved'])
  })

  it('an admin’s rejection: the request acknowledged, then one message', async () => {
    const { student, paymentId } = await buyer({ seat: true })
    await batchStarted(payload, paymentId)
    const before = (await queuedEmails(payload, student.email)).length
    const asked = await ask(student, paymentId)
    const decided = await rest.post(`/refund-requests/${asked.body.id}/decide`, {
      token: admin.token,
      body: { decision: 'reject', note: 'Outside the promise.' },
    })
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    await runRefundJobs(payload)
    expect(await newMails(student, before)).toEqual(['refund-requested', 'refund-rejected'])
  })

  it('a credit refunded automatically at its deadline: its own notice only', async () => {
    const { student, paymentId } = await buyer({ seat: false })
    const deadline = Date.parse((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).subscriptionEnds!)
    const before = (await queuedEmails(payload, student.email)).length
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(deadline + 60_000)
    expect(await expireCredits(await reqFor())).toBeGreaterThanOrEqual(1)
    vi.useRealTimers()
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['credit-refunded'])
  })

  it('a payment too late for its seat, refunded automatically: its own notice only, even told twice', async () => {
    const { student, paymentId } = await buyer({ seat: false })
    const before = (await queuedEmails(payload, student.email)).length
    const req = await reqFor()
    expect(await refundAutomatically(req, paymentId, 'late-for-seat')).toBe(true)
    expect(await refundAutomatically(req, paymentId, 'late-for-seat')).toBe(false)
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-late-payment'])
    // Keyed by the request: the outbox cannot hold a second message about it.
    const rows = await queuedEmails(payload, student.email, 'refund-late-payment')
    expect(rows[0]).toMatchObject({ dedupeKey: expect.stringMatching(/^refund:\d+$/) })
  })
})
