import { HOUR_MS } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { GatewayError, setGatewayForTests } from '../../gateway'
import { joinWaitlist } from '../../services/booking'
import {
  askRefund,
  historyOf,
  reqAs,
  resetClock,
  seatedWithSession1,
  seatsOf,
  setNow,
  setUpWorld,
  studentWithPlan,
  type TestUser,
  waitingFor,
} from '../fixtures'
import { queuedEmails, refundGateway, runRefundJobs, sweepRefunds } from '../helpers/payments'

// It changes the business rules' refund window: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(resetClock)

const scene = seatedWithSession1

const ask = (student: TestUser, paymentId: number) => askRefund(student, paymentId)

const caseOf = async (student: TestUser, paymentId: number) => (await historyOf(student, paymentId)).refundCase

describe('the refund promise', () => {
  it('inside the window after Session 1 ends: approved at once, refunded, seat released to the queue, the student told', async () => {
    const { mentor, seated, session1End } = await scene(1)
    const { student, paymentId } = seated[0]!
    const next = await waitingFor(mentor)

    // Before the batch starts, a refund would be approved at once too (docs/decisions/181).
    expect(await caseOf(student, paymentId)).toMatchObject({ kind: 'before-batch', windowHours: 72 })
    setNow(session1End + 2 * HOUR_MS)
    expect(await caseOf(student, paymentId)).toMatchObject({
      kind: 'promise',
      windowHours: 72,
      until: new Date(session1End + 72 * HOUR_MS).toISOString(),
    })
    const asked = await ask(student, paymentId)
    expect(asked.status).toBe(201)
    expect(asked.body.status).toBe('approved')
    // Asked again: one request per payment.
    expect((await ask(student, paymentId)).status).toBe(409)
    await runRefundJobs(payload)
    const done = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, overrideAccess: true })
    expect(done).toMatchObject({ status: 'refunded', source: 'student' })
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
    const byUser = await seatsOf(mentor.id)
    expect(byUser[student.id]).toBe('cancelled')
    expect(byUser[next.id]).toBe('confirmed')
    const told = await queuedEmails(payload, student.email, 'refund-promise-approved')
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain('within 72 hours of the end of Session 1')
    // No admin was asked.
    expect(await queuedEmails(payload, student.email, 'refund-requested')).toHaveLength(0)
  })

  it('inside the window with the gateway failing once: approved, nothing half-done until the retry refunds it once', async () => {
    const gw = refundGateway(async (input, call, inner) => {
      if (call === 1) throw new GatewayError('Razorpay could not be reached to refund the payment', 'UNAVAILABLE', true)
      return inner.refund(input)
    })
    try {
      const { mentor, seated, session1End } = await scene(1)
      const { student, paymentId } = seated[0]!
      const next = await studentWithPlan()
      await joinWaitlist(await reqAs(), { userId: next.id, mentorId: mentor.id })
      setNow(session1End + HOUR_MS)
      const asked = await ask(student, paymentId)
      expect(asked.status).toBe(201)
      expect(asked.body.status).toBe('approved')

      await runRefundJobs(payload)
      const waiting = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, overrideAccess: true })
      expect(waiting).toMatchObject({ status: 'approved', attempts: 1 })
      expect(waiting.lastError).toMatch(/UNAVAILABLE/)
      // Nothing half-done: the payment stands, the seat is the student's, nobody else was seated, no "refunded" e-mail.
      expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('completed')
      const seatsNow = async () =>
        Object.fromEntries(
          (
            await payload.find({ collection: 'bookings', where: { mentor: { equals: mentor.id } }, overrideAccess: true, depth: 0 })
          ).docs.map((b) => [Number(b.user), b.status]),
        )
      expect(await seatsNow()).toEqual({ [student.id]: 'confirmed' })

      setNow(Date.parse(waiting.nextAttemptAt!) + 1_000)
      await sweepRefunds(payload)
      const gatewayPaymentId = (await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).gatewayPaymentId!
      expect(gw.inner.refundsOf(gatewayPaymentId)).toHaveLength(1)
      expect((await payload.findByID({ collection: 'refund-requests', id: asked.body.id, overrideAccess: true })).status).toBe('refunded')
      expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
      expect(await seatsNow()).toEqual({ [student.id]: 'cancelled', [next.id]: 'confirmed' })
      expect(await queuedEmails(payload, student.email, 'refund-promise-approved')).toHaveLength(1)
    } finally {
      setGatewayForTests(null)
    }
  })

  it('before Session 1 ends, or after the window: the request waits for an admin; the window is the setting', async () => {
    const { seated, session1End } = await scene(3)
    const [early, late, configured] = seated as [(typeof seated)[0], (typeof seated)[0], (typeof seated)[0]]
    setNow(session1End - 10 * 60_000)
    expect(await caseOf(early.student, early.paymentId)).toMatchObject({
      kind: 'before-session-1',
      session1EndsAt: new Date(session1End).toISOString(),
    })
    const a = await ask(early.student, early.paymentId)
    expect([a.status, a.body.status]).toEqual([201, 'requested'])

    setNow(session1End + 72 * HOUR_MS + 60_000)
    expect(await caseOf(late.student, late.paymentId)).toMatchObject({ kind: 'after-window' })
    const b = await ask(late.student, late.paymentId)
    expect([b.status, b.body.status]).toEqual([201, 'requested'])
    expect(await queuedEmails(payload, late.student.email, 'refund-requested')).toHaveLength(1)

    // Staff widen the window to 96 hours: the same moment is inside it now.
    await payload.updateGlobal({ slug: 'business-rules', data: { refundWindowHours: 96 }, overrideAccess: true })
    try {
      expect(await caseOf(configured.student, configured.paymentId)).toMatchObject({ kind: 'promise', windowHours: 96 })
      const c = await ask(configured.student, configured.paymentId)
      expect([c.status, c.body.status]).toEqual([201, 'approved'])
    } finally {
      resetClock()
      await payload.updateGlobal({ slug: 'business-rules', data: { refundWindowHours: 72 }, overrideAccess: true })
    }
  })

  it('a cancelled first session is not Session 1: the next one is', async () => {
    const { seated, batch, session1End } = await scene(1)
    const { student, paymentId } = seated[0]!
    const { docs } = await payload.find({ collection: 'sessions', where: { batch: { equals: batch.id } }, overrideAccess: true })
    await payload.update({ collection: 'sessions', id: docs[0]!.id, data: { status: 'cancelled' }, overrideAccess: true })
    setNow(session1End + HOUR_MS)
    expect(await caseOf(student, paymentId)).toMatchObject({ kind: 'before-session-1', session1EndsAt: null })
  })
})
