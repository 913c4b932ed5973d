import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError, setGatewayForTests } from '../../gateway'
import { attemptRefund, claimRefund, retryDueRefunds } from '../../services/payments/refundAttempts'
import { MAX_REFUND_ATTEMPTS, REFUND_LEASE_MS } from '../../services/payments/refundRetry'
import {
  askRefund,
  later,
  mentorWithBatch,
  paidStudent,
  type RestClient,
  resetClock,
  seat,
  setUpWorld,
  type TestUser,
  waitingFor,
} from '../fixtures'
import { batchStarted, postWebhook, queuedEmails, refundGateway, runRefundJobs, sandbox, sweepRefunds } from '../helpers/payments'

// It runs the refunds queue with a gateway that fails on purpose and moves the clock: a database of its own,
// so no other file's refund job is picked up by this file's runner (or the other way round).
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

/**
 * The refund state machine (docs/decisions/056-refunds-after-commit.md): approved -> pending ->
 * refunded | failed, the gateway called after the decision commits, by a job that retries, with
 * the webhooks reconciling. Real PostgreSQL and the real jobs queue; only the gateway's refund call
 * is scripted (timeouts, refusals, slowness), over the sandbox, which honours the idempotency key.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(() => {
  setGatewayForTests(null)
  resetClock()
})

const unavailable = () => new GatewayError('Razorpay could not be reached to refund the payment', 'UNAVAILABLE', true)

/**
 * A student who paid through the real flow, is seated with a mentor of one seat, with a second
 * student (with a plan) waiting for that seat, and has asked for a refund.
 */
async function refundScenario() {
  const { student, paymentId } = await paidStudent()
  const payment = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
  const { mentor } = await mentorWithBatch({ capacity: 1 })
  await seat(student, mentor)
  await waitingFor(mentor)
  // Started, so the request waits for an admin (before the batch starts it is approved at once).
  await batchStarted(payload, paymentId)
  const asked = await askRefund(student, paymentId)
  expect(asked.status).toBe(201)
  const requestId = asked.body.id as number

  const approve = async () => {
    const res = await rest.patch(`/refund-requests/${requestId}`, { token: admin.token, body: { status: 'approved' } })
    expect(res.status).toBe(200)
    return res.body.doc as { status: string; idempotencyKey: string }
  }
  const request = () => payload.findByID({ collection: 'refund-requests', id: requestId, depth: 0, overrideAccess: true })
  const seats = async () => {
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentor.id } },
      depth: 0,
      overrideAccess: true,
    })
    return Object.fromEntries(docs.map((b) => [Number(b.user) === student.id ? 'student' : 'next', b.status]))
  }
  const paymentNow = () => payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
  const approvedMails = async () => (await queuedEmails(payload, student.email, 'refund-approved')).length

  /** Nothing happened to the money side: payment completed with its plan window, the seat kept. */
  const expectUntouched = async () => {
    expect(await paymentNow()).toMatchObject({ status: 'completed', subscriptionEnds: payment.subscriptionEnds })
    expect(await seats()).toEqual({ student: 'confirmed' })
    expect(await approvedMails()).toBe(0)
  }
  /** Refunded once: the payment refunded, the seat passed on to the waiting student, one e-mail. */
  const expectRefundedOnce = async () => {
    expect((await request()).status).toBe('refunded')
    expect((await paymentNow()).status).toBe('refunded')
    expect(await seats()).toEqual({ student: 'cancelled', next: 'confirmed' })
    expect(await approvedMails()).toBe(1)
  }
  return {
    student,
    paymentId,
    gatewayPaymentId: payment.gatewayPaymentId!,
    requestId,
    approve,
    request,
    expectUntouched,
    expectRefundedOnce,
  }
}

describe('the refund job', () => {
  it('crash after the decision committed, before any gateway call: the job completes the refund once', async () => {
    const gw = refundGateway()
    const s = await refundScenario()
    const decided = await s.approve()
    // The process "dies" here: the decision and its job are committed, nothing else ran.
    expect(decided.status).toBe('approved')
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(0)
    await s.expectUntouched()

    await runRefundJobs(payload) // the worker, after the restart
    expect(gw.callsFor(s.gatewayPaymentId)).toEqual([expect.objectContaining({ idempotencyKey: decided.idempotencyKey })])
    await s.expectRefundedOnce()

    // Running everything again, later, changes nothing more.
    later(REFUND_LEASE_MS * 10)
    await runRefundJobs(payload)
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(1)
    expect(gw.inner.refundsOf(s.gatewayPaymentId)).toHaveLength(1)
    await s.expectRefundedOnce()
  })

  it('crash after the gateway refunded, before we recorded it: the next attempt gets the same refund, once', async () => {
    const gw = refundGateway()
    const s = await refundScenario()
    const { idempotencyKey } = await s.approve()
    // A worker claimed it and the gateway made the refund; then the worker died.
    const claim = await claimRefund(payload, s.requestId)
    expect(claim).toMatchObject({ attempt: 1, idempotencyKey })
    const made = await gw.inner.refund({ paymentId: s.gatewayPaymentId, idempotencyKey })
    await s.expectUntouched()

    // The queued job finds the claim still held and leaves it.
    await runRefundJobs(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(0)
    expect((await s.request()).status).toBe('approved')

    // Once the claim has run out, the sweep repeats the call with the same key.
    later(REFUND_LEASE_MS + 1_000)
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(1)
    expect(gw.inner.refundsOf(s.gatewayPaymentId)).toHaveLength(1)
    expect(await s.request()).toMatchObject({ gatewayRefundId: made.id, attempts: 2 })
    await s.expectRefundedOnce()
  })

  it('a gateway timeout (the refund made, the answer lost), then success: one refund', async () => {
    const gw = refundGateway(async (input, call, inner) => {
      const refund = await inner.refund(input)
      if (call === 1) throw unavailable()
      return refund
    })
    const s = await refundScenario()
    await s.approve()
    await runRefundJobs(payload)
    const waiting = await s.request()
    expect(waiting).toMatchObject({ status: 'approved', attempts: 1 })
    expect(waiting.lastError).toMatch(/UNAVAILABLE/)
    expect(Date.parse(waiting.nextAttemptAt!)).toBeGreaterThan(Date.now())
    await s.expectUntouched()

    // Not due yet: the sweep leaves it.
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(1)

    later(61_000)
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(2)
    const refunds = gw.inner.refundsOf(s.gatewayPaymentId)
    expect(refunds).toHaveLength(1)
    expect(await s.request()).toMatchObject({ status: 'refunded', attempts: 2, gatewayRefundId: refunds[0]!.id, lastError: null })
    await s.expectRefundedOnce()
  })

  it('a webhook before the job: reconciled from the webhook, and the job then does nothing', async () => {
    const gw = refundGateway()
    const s = await refundScenario()
    const { idempotencyKey } = await s.approve()
    // Razorpay tells us about the refund (made under our key) before our job has run.
    const made = await gw.inner.refund({ paymentId: s.gatewayPaymentId, idempotencyKey })
    const res = await postWebhook(
      rest,
      sandbox.webhook('refund.processed', {
        refund: {
          id: made.id,
          entity: 'refund',
          payment_id: s.gatewayPaymentId,
          status: 'processed',
          receipt: idempotencyKey,
          notes: { refundRequestId: String(s.requestId), idempotency_key: idempotencyKey },
        },
      }),
    )
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ action: 'refund.processed' })
    await s.expectRefundedOnce()
    expect(await s.request()).toMatchObject({ gatewayRefundId: made.id, attempts: 0 })

    await runRefundJobs(payload)
    later(REFUND_LEASE_MS * 10)
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(0)
    await s.expectRefundedOnce()
  })

  it('two workers at once: one gateway call', async () => {
    const gw = refundGateway(async (input, _call, inner) => {
      await new Promise((r) => setTimeout(r, 300))
      return inner.refund(input)
    })
    const s = await refundScenario()
    await s.approve()
    // A duplicate job beside the queued one (the runner runs the two in parallel), two more workers
    // and the sweep, all at once.
    await payload.jobs.queue({ task: 'processRefund', queue: 'refunds', input: { refundRequestId: s.requestId } })
    await Promise.all([
      payload.jobs.run({ queue: 'refunds', limit: 10 }),
      attemptRefund(payload, s.requestId),
      attemptRefund(payload, s.requestId),
      retryDueRefunds(payload),
    ])
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(1)
    expect(gw.inner.refundsOf(s.gatewayPaymentId)).toHaveLength(1)
    await s.expectRefundedOnce()
    expect((await s.request()).attempts).toBe(1)
  })

  it('duplicate and out-of-order webhooks are harmless; a pending refund completes from its webhook', async () => {
    // Razorpay answers "pending": the payment, plan and seat end now; the money follows.
    refundGateway(async (input, _call, inner) => ({ ...(await inner.refund(input)), status: 'pending' }))
    const s = await refundScenario()
    const { idempotencyKey } = await s.approve()
    await runRefundJobs(payload)
    const pending = await s.request()
    expect(pending).toMatchObject({ status: 'pending', refundedAt: null })
    expect((await rest.get('/payments/history', { token: s.student.token })).body[0].refund).toMatchObject({ status: 'pending' })
    const refund = { id: pending.gatewayRefundId!, payment_id: s.gatewayPaymentId, receipt: idempotencyKey }

    const processed = sandbox.webhook('refund.processed', { refund: { ...refund, status: 'processed' } }, 'evt_refund_dup_1')
    expect((await postWebhook(rest, processed)).body).toMatchObject({ action: 'refund.processed', duplicate: false })
    const refunded = await s.request()
    expect(refunded.status).toBe('refunded')
    // The same delivery again, the same event under another id, and older news: nothing moves.
    expect((await postWebhook(rest, processed)).body).toMatchObject({ duplicate: true })
    const again = sandbox.webhook('refund.processed', { refund: { ...refund, status: 'processed' } })
    expect((await postWebhook(rest, again)).body).toMatchObject({ action: 'unchanged' })
    const created = sandbox.webhook('refund.created', { refund: { ...refund, status: 'pending' } })
    expect((await postWebhook(rest, created)).body).toMatchObject({ action: 'unchanged' })
    const failed = sandbox.webhook('refund.failed', { refund: { ...refund, status: 'failed' } })
    expect((await postWebhook(rest, failed)).body).toMatchObject({ action: 'unchanged' })
    // A refund of another payment under this key is not ours.
    const forged = sandbox.webhook('refund.failed', { refund: { ...refund, id: 'rfnd_other', payment_id: 'pay_other', status: 'failed' } })
    expect((await postWebhook(rest, forged)).body).toMatchObject({ action: 'unknown' })

    expect(await s.request()).toMatchObject({ status: 'refunded', refundedAt: refunded.refundedAt })
    await s.expectRefundedOnce()
  })

  it(`a gateway that keeps failing: retried with backoff, then failed after ${MAX_REFUND_ATTEMPTS} tries, payment untouched; an admin's retry refunds`, async () => {
    const gw = refundGateway(async () => {
      throw unavailable()
    })
    const s = await refundScenario()
    await s.approve()
    await runRefundJobs(payload)
    let offset = 0
    for (let attempt = 2; attempt <= MAX_REFUND_ATTEMPTS; attempt++) {
      const before = await s.request()
      expect(before).toMatchObject({ status: 'approved', attempts: attempt - 1 })
      offset = Date.parse(before.nextAttemptAt!) - Date.now() + 1_000
      later(offset)
      await sweepRefunds(payload)
    }
    const failed = await s.request()
    expect(failed).toMatchObject({ status: 'failed', attempts: MAX_REFUND_ATTEMPTS, nextAttemptAt: null })
    expect(failed.lastError).toMatch(/UNAVAILABLE/)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(MAX_REFUND_ATTEMPTS)
    later(offset + 24 * 3_600_000)
    await sweepRefunds(payload)
    expect(gw.callsFor(s.gatewayPaymentId)).toHaveLength(MAX_REFUND_ATTEMPTS)
    await s.expectUntouched()
    const history = await rest.get('/payments/history', { token: s.student.token })
    expect(history.body[0]).toMatchObject({ status: 'completed', refund: { status: 'failed' } })
    // The request stays open: the student cannot ask again while staff handle it.
    const twice = await rest.post('/refund-requests/request', {
      token: s.student.token,
      body: { paymentId: s.paymentId, reason: REFUND_REASON_OTHER, feedback: 'Again.' },
    })
    expect(twice.status).toBe(409)

    // The gateway is back; an admin approves the failed request again, with the same key.
    refundGateway()
    const retried = await s.approve()
    expect(retried).toMatchObject({ status: 'approved', attempts: 0, idempotencyKey: failed.idempotencyKey })
    await runRefundJobs(payload)
    await s.expectRefundedOnce()
  })

  it('only the allowed moves: a refunded request cannot be set back, nor a requested one straight to refunded', async () => {
    refundGateway()
    const s = await refundScenario()
    const skip = await rest.patch(`/refund-requests/${s.requestId}`, { token: admin.token, body: { status: 'refunded' } })
    expect(skip.status).toBe(400)
    // Bookkeeping fields are the job's: an update through the API leaves them.
    const { idempotencyKey } = await s.approve()
    const tamper = await rest.patch(`/refund-requests/${s.requestId}`, {
      token: admin.token,
      body: { idempotencyKey: 'mine', attempts: 99, adminNote: 'Checked.' },
    })
    expect(tamper.status).toBe(200)
    expect(await s.request()).toMatchObject({ idempotencyKey, attempts: 0, adminNote: 'Checked.' })
    await runRefundJobs(payload)
    await s.expectRefundedOnce()
    for (const status of ['approved', 'requested', 'rejected', 'failed']) {
      const back = await rest.patch(`/refund-requests/${s.requestId}`, { token: admin.token, body: { status } })
      expect(back.status).toBe(400)
    }
  })
})
