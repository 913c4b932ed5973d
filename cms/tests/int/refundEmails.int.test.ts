import { HOUR_MS } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { refundAutomatically } from '../../services/payments/approveRefund'
import { expireCredits } from '../../services/plans/expireCredits'
import {
  askRefund,
  mentorWithBatch,
  paidStudent,
  type RestClient,
  reqAs,
  resetClock,
  seat,
  session1,
  setNow,
  setUpWorld,
  type TestUser,
} from '../fixtures'
import { batchStarted, queuedEmails, runRefundJobs } from '../helpers/payments'

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

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(resetClock)

/** A student who paid (a credit until a seat uses it); `seat` seats them in a new mentor's open batch. */
async function buyer(opts: { seat: boolean }) {
  const { student, paymentId } = await paidStudent()
  if (!opts.seat) return { student, paymentId, session1End: null }
  const { mentor, batch } = await mentorWithBatch({ capacity: 2 })
  await seat(student, mentor)
  const { endsAt } = await session1(batch, 'local')
  return { student, paymentId, session1End: endsAt }
}

/** What the outbox holds for the student beyond what it held at `before` (their receipt and the like). */
async function newMails(student: TestUser, before: number) {
  const all = await queuedEmails(payload, student.email)
  return all.slice(before).map((m) => m.template)
}

const ask = (student: TestUser, paymentId: number) => askRefund(student, paymentId)

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
    setNow(session1End! + 2 * HOUR_MS)
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
    setNow(deadline + 60_000)
    expect(await expireCredits(await reqAs())).toBeGreaterThanOrEqual(1)
    resetClock()
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['credit-refunded'])
  })

  it('a payment too late for its seat, refunded automatically: its own notice only, even told twice', async () => {
    const { student, paymentId } = await buyer({ seat: false })
    const before = (await queuedEmails(payload, student.email)).length
    const req = await reqAs()
    expect(await refundAutomatically(req, paymentId, 'late-for-seat')).toBe(true)
    expect(await refundAutomatically(req, paymentId, 'late-for-seat')).toBe(false)
    await settle(paymentId)
    expect(await newMails(student, before)).toEqual(['refund-late-payment'])
    // Keyed by the request: the outbox cannot hold a second message about it.
    const rows = await queuedEmails(payload, student.email, 'refund-late-payment')
    expect(rows[0]).toMatchObject({ dedupeKey: expect.stringMatching(/^refund:\d+$/) })
  })
})
