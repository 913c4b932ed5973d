import { DAY_MS, MESSAGES, REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { paidStudent, type RestClient, reqAs, seat, seatsOf, setUpWorld, studentWithPlan } from '../fixtures'
import { batchStarted, checkoutBody, createOrder, postWebhook, queuedEmails, runRefundJobs, sandbox } from '../helpers/payments'
import { createMentor, createUser, givePlan, type TestUser } from '../helpers/scenarios'

// It runs the refunds queue and checks what its own jobs did: a database of its own, so another
// file's runner (with its own test gateway) never takes one of these jobs.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let admin: TestUser
const REASON = "Timing didn't work for me"

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] })))

/**
 * A student who bought a plan through the real flow; returns their payment id. With `seat` (the
 * default) the plan pays for a seat with a mentor of its own in a batch that has started, so a
 * refund request waits for an admin; without, it is an unused credit (docs/decisions/069), returned at once when asked.
 */
async function buyer(
  planCode = 'BEGINNER_TECHY',
  opts: { seat?: boolean } = { seat: true },
): Promise<{ student: TestUser; paymentId: number }> {
  const { student, paymentId } = await paidStudent(planCode)
  if (opts.seat) {
    await seat(student, await createMentor(payload, { capacity: 5 }))
    await batchStarted(payload, paymentId)
  }
  return { student, paymentId }
}

const ask = (student: TestUser, body: Record<string, unknown>) => rest.post('/refund-requests/request', { token: student.token, body })

describe('refund requests', () => {
  it('validates the reason and the 50-word feedback with the spec’s texts', async () => {
    const { student, paymentId } = await buyer()
    const noReason = await ask(student, { paymentId })
    expect(noReason.status).toBe(400)
    expect(noReason.body.error).toBe(MESSAGES.SELECT_REASON)
    const long = await ask(student, { paymentId, reason: REFUND_REASON_OTHER, feedback: Array(51).fill('word').join(' ') })
    expect(long.status).toBe(400)
    expect(long.body.error).toBe(MESSAGES.FEEDBACK_TOO_LONG)
    expect((await rest.post('/refund-requests/request', { body: { paymentId, reason: REASON } })).status).toBe(401)
  })

  it('only a completed payment qualifies, and only one open request per payment (even racing)', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const { docs } = await payload.find({
      collection: 'payments',
      where: { gatewayOrderId: { equals: order.orderId } },
      overrideAccess: true,
    })
    expect((await ask(student, { paymentId: docs[0]!.id, reason: REASON })).status).toBe(400)

    const { student: s2, paymentId } = await buyer()
    const results = await Promise.all(Array.from({ length: 5 }, () => ask(s2, { paymentId, reason: REASON })))
    expect(results.filter((r) => r.status === 201)).toHaveLength(1)
    expect(results.filter((r) => r.status === 409)).toHaveLength(4)
    const history = await rest.get('/payments/history', { token: s2.token })
    expect(history.body[0].refund).toMatchObject({ status: 'requested' })
    expect(await queuedEmails(payload, s2.email, 'refund-requested')).toHaveLength(1)
  })

  it('a student cannot decide their own request', async () => {
    const { student, paymentId } = await buyer()
    const created = await ask(student, { paymentId, reason: REASON })
    const res = await rest.patch(`/refund-requests/${created.body.id}`, { token: student.token, body: { status: 'approved' } })
    expect(res.status).toBe(403)
    const row = await payload.findByID({ collection: 'refund-requests', id: created.body.id, overrideAccess: true })
    expect(row.status).toBe('requested')
  })

  it('an unused plan (a credit) is refunded at once when the student asks: no admin, nothing else changes', async () => {
    const { student, paymentId } = await buyer('BEGINNER_TECHY', { seat: false })
    const created = await ask(student, { paymentId, reason: REASON })
    expect(created.status).toBe(201)
    expect(created.body).toMatchObject({ status: 'approved' })
    // It pays for no seat from the moment it was asked back.
    const mentor = await createMentor(payload, { capacity: 3 })
    const booking = await rest.post('/bookings', { token: student.token, body: { mentorId: mentor.id } })
    expect(booking).toMatchObject({ status: 402, body: { requiresPayment: true } })
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
    // One refund, one e-mail (issue 37): the decision's, which says it had paid for no seat; the settlement adds none.
    expect((await queuedEmails(payload, student.email, 'refund-approved')).map((m) => m.subject)).toEqual([
      'Your unused plan is being refunded',
    ])
    expect((await queuedEmails(payload, student.email, 'refund-approved'))[0]!.text).toContain('had not paid for a seat yet')
  })

  it('approval refunds, ends the plan, cancels the booking and gives the seat to the next waiting student', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const { student, paymentId } = await buyer('BEGINNER_TECHY', { seat: false })
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    expect(booked.kind).toBe('booked')
    const next = await studentWithPlan()
    const waiting = await joinWaitlist(await reqAs(), { userId: next.id, mentorId: mentor.id })
    expect(waiting.assigned).toBe(false)
    // An admin decides only once the batch has started (before it, a refund is approved at once, decision 181).
    await batchStarted(payload, paymentId)

    const created = await ask(student, { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Too fast for me.' })
    expect(created.status).toBe(201)
    const decided = await rest.patch(`/refund-requests/${created.body.id}`, { token: admin.token, body: { status: 'approved' } })
    expect(decided.status).toBe(200)
    // The decision commits first; the refund job calls the gateway after.
    expect(decided.body.doc).toMatchObject({ status: 'approved', attempts: 0 })
    expect(decided.body.doc.idempotencyKey).toMatch(new RegExp(`^rfq_${created.body.id}_[0-9a-f]{16}$`))
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('completed')
    expect((await rest.get('/payments/history', { token: student.token })).body[0].refund).toMatchObject({ status: 'approved' })
    await runRefundJobs(payload)
    const done = await payload.findByID({ collection: 'refund-requests', id: created.body.id, overrideAccess: true })
    expect(done).toMatchObject({ status: 'refunded', attempts: 1 })
    expect(done.gatewayRefundId).toMatch(/^rfnd_sbx_/)
    expect(Date.parse(done.refundedAt!)).toBeLessThanOrEqual(Date.now())

    const payment = await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })
    expect(payment.status).toBe('refunded')
    // Its dates stay: the history says what it had paid for.
    expect(payment.batch).toBeTruthy()
    const byUser = await seatsOf(mentor.id)
    expect(byUser[student.id]).toBe('cancelled')
    expect(byUser[next.id]).toBe('confirmed')
    const approvedMail = await queuedEmails(payload, student.email, 'refund-approved')
    expect(approvedMail).toHaveLength(1)
    expect(approvedMail[0]!.text).toContain(`Your seat in ${mentor.name}'s`)

    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0]).toMatchObject({ status: 'refunded', refund: { status: 'refunded', refundedAt: done.refundedAt } })
    // Staff-only bookkeeping never reaches the student.
    const own = await rest.get(`/refund-requests/${created.body.id}`, { token: student.token })
    expect(own.body).not.toHaveProperty('idempotencyKey')
    expect(own.body).not.toHaveProperty('lastError')
    const plan = await rest.get('/payments/has-plan', { token: student.token, query: { planType: 'BEGINNER_TECHY' } })
    expect(plan.body.hasPlan).toBe(false)

    // Decided once: changing it again is refused.
    const again = await rest.patch(`/refund-requests/${created.body.id}`, { token: admin.token, body: { status: 'rejected' } })
    expect(again.status).toBe(400)
  })

  it('two admins approving at once refund once', async () => {
    const { student, paymentId } = await buyer()
    const created = await ask(student, { paymentId, reason: REASON })
    const results = await Promise.all(
      [0, 1, 2].map(() => rest.patch(`/refund-requests/${created.body.id}`, { token: admin.token, body: { status: 'approved' } })),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status !== 200).every((r) => r.status === 409 || r.status === 400)).toBe(true)
    const { docs: jobs } = await payload.find({ collection: 'payload-jobs', where: { taskSlug: { equals: 'processRefund' } }, limit: 1000 })
    expect(jobs.filter((j) => (j.input as { refundRequestId?: number }).refundRequestId === created.body.id)).toHaveLength(1)
    await runRefundJobs(payload)
    expect(await queuedEmails(payload, student.email, 'refund-approved')).toHaveLength(1)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
  })

  it('rejection e-mails the reason, keeps the payment, and the student sees it', async () => {
    const { student, paymentId } = await buyer()
    const created = await ask(student, { paymentId, reason: REASON })
    const res = await rest.patch(`/refund-requests/${created.body.id}`, {
      token: admin.token,
      body: { status: 'rejected', adminNote: 'Sessions were already attended.' },
    })
    expect(res.status).toBe(200)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('completed')
    const mail = await queuedEmails(payload, student.email, 'refund-rejected')
    expect(mail).toHaveLength(1)
    expect(mail[0]!.text).toContain('Sessions were already attended.')
    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0].refund).toMatchObject({ status: 'rejected', adminNote: 'Sessions were already attended.' })
  })

  it('refund.processed webhook completes a pending refund; refund.failed marks one failed for staff', async () => {
    const pending = async (gatewayRefundId: string) => {
      const { student, paymentId } = await buyer()
      const created = await ask(student, { paymentId, reason: REASON })
      // As if Razorpay had taken the refund and answered "pending".
      await payload.update({
        collection: 'refund-requests',
        id: created.body.id,
        data: { status: 'pending', gatewayRefundId },
        overrideAccess: true,
        context: { refundOutcome: true },
      })
      const payment = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
      return { id: created.body.id as number, gatewayPaymentId: payment.gatewayPaymentId! }
    }
    const processed = await pending('rfnd_pending_1')
    const ok = await postWebhook(
      rest,
      sandbox.webhook('refund.processed', {
        refund: { id: 'rfnd_pending_1', payment_id: processed.gatewayPaymentId, status: 'processed' },
      }),
    )
    expect(ok.body).toMatchObject({ action: 'refund.processed' })
    const row = await payload.findByID({ collection: 'refund-requests', id: processed.id, overrideAccess: true })
    expect(row).toMatchObject({ status: 'refunded', refundedAt: expect.any(String) })

    const failing = await pending('rfnd_pending_2')
    const failed = await postWebhook(rest, sandbox.webhook('refund.failed', { refund: { id: 'rfnd_pending_2', status: 'failed' } }))
    expect(failed.body).toMatchObject({ action: 'refund.failed' })
    const note = await payload.findByID({ collection: 'refund-requests', id: failing.id, overrideAccess: true })
    expect(note.status).toBe('failed')
    expect(note.lastError).toMatch(/failed/)

    // A refund we never asked for (made in the Razorpay dashboard) changes nothing.
    const stranger = await postWebhook(rest, sandbox.webhook('refund.processed', { refund: { id: 'rfnd_elsewhere', status: 'processed' } }))
    expect(stranger.body).toMatchObject({ action: 'unknown' })
  })

  it('refunding a renewal frees only what it paid for: the seat the first payment paid for stays', async () => {
    const mentor = await createMentor(payload, { capacity: 2 })
    const { student, paymentId: first } = await buyer('BEGINNER_TECHY', { seat: false })
    expect((await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })).kind).toBe('booked')
    const firstPayment = await payload.findByID({ collection: 'payments', id: first, overrideAccess: true })
    const startsAt = new Date(firstPayment.subscriptionEnds!)
    const renewal = await givePlan(payload, student, 'BEGINNER_TECHY', 30, { startsAt, endsAt: new Date(startsAt.getTime() + 30 * DAY_MS) })
    const seat = () =>
      payload
        .find({ collection: 'bookings', where: { user: { equals: student.id } }, depth: 0, overrideAccess: true })
        .then((r) => r.docs.map((b) => b.status))

    const approve = async (paymentId: number) => {
      const created = await ask(student, { paymentId, reason: REASON })
      expect(created.status).toBe(201)
      expect((await rest.patch(`/refund-requests/${created.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(
        200,
      )
      await runRefundJobs(payload)
    }
    await approve(renewal.id)
    expect((await payload.findByID({ collection: 'payments', id: renewal.id, overrideAccess: true })).status).toBe('refunded')
    expect(await seat()).toEqual(['confirmed'])
    await approve(first)
    expect(await seat()).toEqual(['cancelled'])
  })
})

describe('payment processes the waitlist', () => {
  it('a student waiting for a mentor with a free seat gets it when their payment completes', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const holder = await studentWithPlan()
    await createBooking(await reqAs(), { userId: holder.id, mentorId: mentor.id })
    const student = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const holderBooking = await payload.find({ collection: 'bookings', where: { user: { equals: holder.id } }, overrideAccess: true })
    // The seat frees while the student has no plan yet: it stays open for them.
    await cancelBooking({ payload, bookingId: holderBooking.docs[0]!.id, byUser: 'system' })

    const order = await createOrder(rest, student, 'PLACEMENT_FOCUSED')
    const res = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ waitlistProcessed: true, assigned: 1, stillWaiting: 0, waitlistResults: [{ action: 'assigned' }] })
    const mine = await payload.find({
      collection: 'bookings',
      where: { user: { equals: student.id }, status: { equals: 'confirmed' } },
      overrideAccess: true,
    })
    expect(mine.totalDocs).toBe(1)
  })
})
