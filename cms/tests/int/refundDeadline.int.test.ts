import { formatDateTime, HOUR_MS, REFUND_DECIDED_WITHIN_DAYS, refundDecideBy } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runTimeWork } from '../../jobs/time'
import { OVERDUE_REFUND_NOTE } from '../../services/payments/refundDeadline'
import { askRefund, historyOf, reqAs, resetClock, seatedWithSession1, setNow, setUpWorld, tokenOf, world } from '../fixtures'
import { queuedEmails, runRefundJobs } from '../helpers/payments'

const MINUTE_MS = HOUR_MS / 60

// It moves the clock past the deadline and runs the minute's tick: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(resetClock)

/** Students seated in a mentor's batch that has started, before its Session 1 ends: their refunds wait for our team. */
async function waitingForReview(students: number) {
  const { seated, session1End } = await seatedWithSession1(students)
  // Ten minutes before Session 1 ends: the batch has started, the promise's window has not opened.
  const askedAt = session1End - 10 * MINUTE_MS
  setNow(askedAt)
  return { seated, askedAt }
}

const requestOf = async (paymentId: number) => {
  const { rows } = await payload.db.drizzle.execute(
    sql`SELECT id, status, admin_note, decided_by_id, idempotency_key FROM refund_requests WHERE payment_id = ${paymentId} ORDER BY id DESC LIMIT 1`,
  )
  return rows[0] as { id: number; status: string; admin_note: string | null; decided_by_id: number | null; idempotency_key: string | null }
}

const tickTwiceAtOnce = async () => {
  const [a, b] = await Promise.all([runTimeWork(await reqAs(), { wait: true }), runTimeWork(await reqAs(), { wait: true })])
  return (a?.refundsApproved ?? 0) + (b?.refundsApproved ?? 0)
}

describe('our team decides a refund request by its day, or the rules approve it (docs/decisions/215)', () => {
  it('the request, its e-mail and the Payments page name the day; past it the tick approves it once, through the admin’s path', async () => {
    const { seated, askedAt } = await waitingForReview(2)
    const [open, decided] = seated as [(typeof seated)[0], (typeof seated)[0]]
    const decideBy = refundDecideBy(new Date(askedAt))
    expect(decideBy.getTime() - askedAt).toBe(REFUND_DECIDED_WITHIN_DAYS * 24 * HOUR_MS)

    const asked = await askRefund(open.student, open.paymentId)
    expect([asked.status, asked.body.status, asked.body.decideBy]).toEqual([201, 'requested', decideBy.toISOString()])
    const [mail] = await queuedEmails(payload, open.student.email, 'refund-requested')
    expect(mail?.text).toContain(`Our team decides by ${formatDateTime(decideBy)}`)
    expect(mail?.text).toContain('approved automatically')
    // The Payments page counts from the same moment.
    expect((await historyOf(open.student, open.paymentId)).refund).toMatchObject({
      status: 'requested',
      requestedAt: new Date(askedAt).toISOString(),
    })

    // The other student's request is rejected by an admin in time: the day does not touch it.
    await askRefund(decided.student, decided.paymentId)
    const rejected = await requestOf(decided.paymentId)
    await payload.update({ collection: 'refund-requests', id: rejected.id, data: { status: 'rejected' }, overrideAccess: true })

    // A minute before its day the request still waits.
    setNow(decideBy.getTime() - MINUTE_MS)
    expect(await tickTwiceAtOnce()).toBe(0)
    expect((await requestOf(open.paymentId)).status).toBe('requested')

    // At its day, two workers' ticks at once approve it once, as an admin's Approve would.
    setNow(decideBy.getTime())
    expect(await tickTwiceAtOnce()).toBe(1)
    const approved = await requestOf(open.paymentId)
    expect(approved).toMatchObject({ status: 'approved', admin_note: OVERDUE_REFUND_NOTE, decided_by_id: null })
    expect(approved.idempotency_key).toMatch(/^rfq_/)
    expect((await requestOf(decided.paymentId)).status).toBe('rejected')

    // The refund job the approval queued settles it; the student hears it once.
    await runRefundJobs(payload)
    expect((await requestOf(open.paymentId)).status).toBe('refunded')
    expect((await payload.findByID({ collection: 'payments', id: open.paymentId, overrideAccess: true })).status).toBe('refunded')
    expect(await queuedEmails(payload, open.student.email, 'refund-approved')).toHaveLength(1)

    // Run again, nothing more happens.
    setNow(decideBy.getTime() + 5 * MINUTE_MS)
    expect(await tickTwiceAtOnce()).toBe(0)
    expect(await queuedEmails(payload, open.student.email, 'refund-approved')).toHaveLength(1)
  })

  it('a request withdrawn before its day is left alone', async () => {
    const { seated, askedAt } = await waitingForReview(1)
    const { student, paymentId } = seated[0]!
    await askRefund(student, paymentId)
    const { id } = await requestOf(paymentId)
    const res = await world().rest.post(`/refund-requests/${id}/withdraw`, { token: await tokenOf(student) })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    setNow(refundDecideBy(new Date(askedAt)).getTime() + MINUTE_MS)
    expect(await tickTwiceAtOnce()).toBe(0)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('completed')
  })
})
