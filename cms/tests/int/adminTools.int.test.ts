import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { createBooking, joinWaitlist } from '../../services/booking'
import { refundRequestSummary } from '../../services/payments/refundDecision'
import { askRefund, paidStudent, type RestClient, reqAs, seat, setUpWorld } from '../fixtures'
import { batchStarted, checkoutBody, createOrder, queuedEmails, runRefundJobs } from '../helpers/payments'
import { createMentor, createUser, findPlan, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

// It runs the refunds queue: a database of its own (another file's runner must not take its jobs).
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

/**
 * The admin's tools in /admin: the Grant plan action on a user (preview, then grant) and the
 * Approve / Reject buttons of a refund request, through their admin-only endpoints over the real
 * REST routes. Money and state come from the server; the decision is the request's own update path.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser
let staff: TestUser
let mentorUser: TestUser

beforeAll(async () => {
  ;({ payload, rest, admin, staff } = await setUpWorld({ plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'], staff: true }))
  mentorUser = await createUser(payload, { roles: ['mentor'] })
})

/** A student who bought a plan through the real flow and holds a seat with it in a batch that has started, so a refund waits for an admin. */
async function seatedBuyer(planCode = 'BEGINNER_TECHY') {
  const { student, paymentId } = await paidStudent(planCode, { name: 'Refund Student' })
  await seat(student, await createMentor(payload, { capacity: 5 }))
  await batchStarted(payload, paymentId)
  const asked = await askRefund(student, paymentId, 'The pace was too fast for me.')
  expect(asked.status).toBe(201)
  return { student, paymentId, requestId: asked.body.id as number }
}

const decide = (token: string | null, id: number, body: unknown) => rest.post(`/refund-requests/${id}/decide`, { token, body })

describe('refund decisions from the Approve and Reject buttons', () => {
  it('only admins decide: 401 signed out, 403 for the student, a mentor and staff; nothing changes', async () => {
    const { student, requestId } = await seatedBuyer()
    expect((await decide(null, requestId, { decision: 'approve' })).status).toBe(401)
    for (const who of [student, mentorUser, staff]) {
      const res = await decide(who.token, requestId, { decision: 'approve' })
      expect(res.status).toBe(403)
    }
    expect((await payload.findByID({ collection: 'refund-requests', id: requestId, overrideAccess: true })).status).toBe('requested')
  })

  it('bad input is a 400 with a clear message: no decision, an unknown one, a rejection without a note, a bad id', async () => {
    const { requestId } = await seatedBuyer()
    const none = await decide(admin.token, requestId, {})
    expect(none.status).toBe(400)
    expect(none.body.error).toBe('Choose Approve or Reject.')
    expect((await decide(admin.token, requestId, { decision: 'refunded' })).status).toBe(400)
    const noNote = await decide(admin.token, requestId, { decision: 'reject', note: '  ' })
    expect(noNote.status).toBe(400)
    expect(noNote.body.error).toBe('Write the student a note: why the refund is rejected.')
    expect((await decide(admin.token, requestId, { decision: 'reject', note: 'x'.repeat(501) })).status).toBe(400)
    expect((await rest.post('/refund-requests/abc/decide', { token: admin.token, body: { decision: 'approve' } })).status).toBe(400)
    expect((await decide(admin.token, 2_000_000_000, { decision: 'approve' })).status).toBe(404)
    expect((await payload.findByID({ collection: 'refund-requests', id: requestId, overrideAccess: true })).status).toBe('requested')
  })

  it('approve: the amount comes from the payment, the refund job refunds it; a decided request cannot be decided again', async () => {
    const { paymentId, requestId } = await seatedBuyer('PLACEMENT_FOCUSED')
    const plan = await findPlan(payload, 'PLACEMENT_FOCUSED')
    const paid = await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })
    expect(paid.amount).toBe(plan.price * 100)
    // A browser's amount is not even read: the schema has no such field and the service reads the payment row.
    const res = await decide(admin.token, requestId, { decision: 'approve', amount: 1 })
    expect(res.status).toBe(200)
    expect(res.body.request).toMatchObject({
      status: 'approved',
      canApprove: false,
      canReject: false,
      payment: { id: paymentId, amount: paid.amount },
      plan: { name: plan.name },
      reason: REFUND_REASON_OTHER,
      feedback: 'The pace was too fast for me.',
    })
    expect(res.body.request.batch).toMatchObject({ sessionsHeld: expect.any(Number), sessionsScheduled: expect.any(Number) })
    const saved = await payload.findByID({ collection: 'refund-requests', id: requestId, depth: 0, overrideAccess: true })
    expect(saved.decidedBy).toBe(admin.id)
    expect(saved.idempotencyKey).toMatch(new RegExp(`^rfq_${requestId}_`))

    const again = await decide(admin.token, requestId, { decision: 'reject', note: 'Changed my mind.' })
    expect(again.status).toBe(409)
    expect(again.body.error).toBe('This refund request has already been decided.')
    expect((await decide(admin.token, requestId, { decision: 'approve' })).status).toBe(409)

    await runRefundJobs(payload)
    const done = await payload.findByID({ collection: 'refund-requests', id: requestId, overrideAccess: true })
    expect(done.status).toBe('refunded')
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
    expect((await decide(admin.token, requestId, { decision: 'approve' })).status).toBe(409)
  })

  it('reject: the note is stored and e-mailed to the student; no refund job, the payment stays', async () => {
    const { student, paymentId, requestId } = await seatedBuyer()
    const res = await decide(admin.token, requestId, { decision: 'reject', note: 'Sessions were already attended.' })
    expect(res.status).toBe(200)
    expect(res.body.request).toMatchObject({ status: 'rejected', adminNote: 'Sessions were already attended.', canApprove: false })
    const mails = await queuedEmails(payload, student.email, 'refund-rejected')
    expect(mails.at(-1)!.text).toContain('Sessions were already attended.')
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('completed')
    expect((await decide(admin.token, requestId, { decision: 'approve' })).status).toBe(409)
  })

  it('a failed refund can be approved again (a retry), but not rejected', async () => {
    const { requestId } = await seatedBuyer()
    expect((await decide(admin.token, requestId, { decision: 'approve' })).status).toBe(200)
    // The gateway gave up on it (what the job records after its retries).
    await payload.update({
      collection: 'refund-requests',
      id: requestId,
      data: { status: 'failed', lastError: 'gateway refused' },
      overrideAccess: true,
      context: { refundOutcome: true },
    })
    const reject = await decide(admin.token, requestId, { decision: 'reject', note: 'Not possible.' })
    expect(reject.status).toBe(409)
    expect(reject.body.error).toBe('A failed refund can only be approved again (to retry it).')
    const retry = await decide(admin.token, requestId, { decision: 'approve' })
    expect(retry.status).toBe(200)
    expect(retry.body.request.status).toBe('approved')
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'refund-requests', id: requestId, overrideAccess: true })).status).toBe('refunded')
  })

  it('“Sessions held so far” leaves cancelled sessions out of both figures (issue 32)', async () => {
    const { paymentId, requestId } = await seatedBuyer()
    const local = await reqAs()
    const [pay] = await txQuery<{ batch_id: number; mentor_id: number }>(
      local,
      sql`SELECT p.batch_id, b.mentor_id FROM payments p JOIN batches b ON b.id = p.batch_id WHERE p.id = ${paymentId}`,
    )
    const session = (status: string, hoursFromNow: number, n: number) =>
      sql`INSERT INTO sessions (title, batch_id, mentor_id, starts_at, duration_minutes, status, sequence, created_at, updated_at)
          VALUES (${`Session ${n}`}, ${pay!.batch_id}, ${pay!.mentor_id}, now() + make_interval(hours => ${hoursFromNow}), 60, ${status}, 0, now(), now())`
    // Held: one; cancelled before it happened: one; still to come: one.
    await txQuery(local, session('scheduled', -30, 1))
    await txQuery(local, session('cancelled', -20, 2))
    await txQuery(local, session('scheduled', 48, 3))
    const summary = await refundRequestSummary(local, requestId)
    expect(summary!.batch).toMatchObject({ sessionsHeld: 1, sessionsScheduled: 2 })
  })
})

const preview = (token: string | null, userId: number | string, plan: string) =>
  rest.get(`/users/${userId}/grant-plan`, { token, query: { plan } })
const grant = (token: string | null, userId: number | string, body: unknown) => rest.post(`/users/${userId}/grant-plan`, { token, body })

describe('Grant plan on a user', () => {
  it('only admins see the preview and grant: 401 signed out, 403 for the student, a mentor and staff', async () => {
    const student = await createUser(payload)
    expect((await preview(null, student.id, 'BEGINNER_TECHY')).status).toBe(401)
    expect((await grant(null, student.id, { plan: 'BEGINNER_TECHY', reason: 'Support case' })).status).toBe(401)
    for (const who of [student, mentorUser, staff]) {
      expect((await preview(who.token, student.id, 'BEGINNER_TECHY')).status).toBe(403)
      expect((await grant(who.token, student.id, { plan: 'BEGINNER_TECHY', reason: 'Support case' })).status).toBe(403)
    }
    const { totalDocs } = await payload.count({ collection: 'payments', where: { user: { equals: student.id } }, overrideAccess: true })
    expect(totalDocs).toBe(0)
  })

  it('bad input is a 400 (no reason, no plan, a bad id, not a plan code); an unknown plan id or user is a 404', async () => {
    const student = await createUser(payload)
    const noReason = await grant(admin.token, student.id, { plan: 'BEGINNER_TECHY' })
    expect(noReason.status).toBe(400)
    expect(noReason.body.error).toBe('Say why this plan is granted.')
    expect((await grant(admin.token, student.id, { plan: '', reason: 'Support case' })).status).toBe(400)
    expect((await grant(admin.token, 'abc', { plan: 'BEGINNER_TECHY', reason: 'Support case' })).status).toBe(400)
    expect((await preview(admin.token, student.id, '')).status).toBe(400)
    // A code that is no plan code at all is bad input; a plan id that names nothing is not found.
    expect((await grant(admin.token, student.id, { plan: 'NO_SUCH_PLAN', reason: 'Support case' })).status).toBe(400)
    expect((await grant(admin.token, student.id, { plan: 1_999_999_999, reason: 'Support case' })).status).toBe(404)
    expect((await grant(admin.token, 2_000_000_000, { plan: 'BEGINNER_TECHY', reason: 'Support case' })).status).toBe(404)
  })

  it('the preview says what the grant covers after what the student has, and the grant gives exactly that', async () => {
    // A student with a seat paid for: the grant is a credit for their next seat, after it.
    const { student } = await (async () => {
      const s = await createUser(payload, { name: 'Granted Student' })
      const order = await createOrder(rest, s, 'BEGINNER_TECHY')
      expect((await rest.post('/payments/verify-payment', { token: s.token, body: checkoutBody(order.orderId) })).status).toBe(200)
      const m = await createMentor(payload, { capacity: 5 })
      await seat(s, m)
      return { student: s }
    })()
    const seen = await preview(admin.token, student.id, 'PLACEMENT_FOCUSED')
    expect(seen.status).toBe(200)
    expect(seen.body.preview).toMatchObject({
      user: { id: student.id, email: student.email },
      plan: { code: 'PLACEMENT_FOCUSED', product: 'mentorship' },
      kind: 'credit',
      current: [expect.objectContaining({ kind: 'seat' })],
      waitingFor: 0,
    })
    // Nothing written by the preview.
    expect((await payload.count({ collection: 'payments', where: { user: { equals: student.id } }, overrideAccess: true })).totalDocs).toBe(
      1,
    )

    const done = await grant(admin.token, student.id, { plan: 'PLACEMENT_FOCUSED', reason: 'Support case #12: double charge' })
    expect(done.status).toBe(200)
    expect(done.body.payment).toMatchObject({ plan: 'PLACEMENT_FOCUSED', batch: null, subscriptionEnds: seen.body.preview.endsAt })
    const payment = await payload.findByID({ collection: 'payments', id: done.body.payment.id, depth: 0, overrideAccess: true })
    expect(payment).toMatchObject({ amount: 0, gateway: 'complimentary', status: 'completed', grantedBy: admin.id })
    expect(payment.note).toBe('Support case #12: double charge')
    // Now the preview counts it: seat first, then the credit.
    const after = await preview(admin.token, student.id, 'PLACEMENT_FOCUSED')
    expect(after.body.preview.current.map((c: { kind: string }) => c.kind)).toEqual(['seat', 'credit'])
  })

  it('a student waiting for a mentor with a free seat is seated by the grant at once', async () => {
    const student = await createUser(payload)
    const mentor = await createMentor(payload, { capacity: 3 })
    const waiting = await joinWaitlist(await reqAs(), { userId: student.id, mentorId: mentor.id })
    expect(waiting.assigned).toBe(false)
    const seen = await preview(admin.token, student.id, 'BEGINNER_TECHY')
    expect(seen.body.preview).toMatchObject({ kind: 'credit', current: [], waitingFor: 1 })
    const done = await grant(admin.token, student.id, { plan: 'BEGINNER_TECHY', reason: 'Scholarship' })
    expect(done.status).toBe(200)
    expect(done.body.waitlist.assigned).toBe(1)
    expect(done.body.payment.batch).toEqual(expect.any(Number))
  })
})

describe('the batches list', () => {
  it('“Seats taken” is right for every row of a page read together, and for a batch read alone', async () => {
    const busy = await createMentor(payload, { capacity: 3 })
    const empty = await createMentor(payload, { capacity: 4 })
    const ownCapacity = await createMentor(payload, { capacity: 2 })
    for (const student of await Promise.all([createUser(payload), createUser(payload)])) {
      await givePlan(payload, student)
      await createBooking(await reqAs(), { userId: student.id, mentorId: busy.id })
    }
    const [busyBatch, emptyBatch, ownBatch] = await Promise.all([busy, empty, ownCapacity].map((m) => openBatchOf(payload, m)))
    await payload.update({ collection: 'batches', id: ownBatch!.id, data: { capacity: 5 }, overrideAccess: true })
    const ids = [busyBatch!.id, emptyBatch!.id, ownBatch!.id]
    const page = await rest.get(`/batches?where[id][in]=${ids.join(',')}&limit=10&depth=0`, { token: admin.token })
    expect(page.status).toBe(200)
    const fills = Object.fromEntries(page.body.docs.map((d: { id: number; fill: string }) => [d.id, d.fill]))
    expect(fills).toEqual({ [busyBatch!.id]: '2 / 3 (67%)', [emptyBatch!.id]: '0 / 4 (0%)', [ownBatch!.id]: '0 / 5 (0%)' })
    const alone = await payload.findByID({ collection: 'batches', id: busyBatch!.id, depth: 0, overrideAccess: true })
    expect(alone.fill).toBe('2 / 3 (67%)')
  })
})
