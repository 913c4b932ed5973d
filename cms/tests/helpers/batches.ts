import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { createLocalReq, type Payload } from 'payload'
import { runTimeWork } from '../../jobs/time'
import { txQuery } from '../../lib/transaction'
import { flushOutbox } from '../../notifications/outbox'
import { createOrderForPlan, verifyAndCompletePayment } from '../../services/payments'
import { requestRefund } from '../../services/payments/refunds'
import { setNow } from '../fixtures'
import { runRefundJobs, sandbox } from './payments'

/**
 * Builders for tests that live through months: a student buys (or renews) a plan through the
 * real order and verification services; the clock moves (Vitest's fake Date only: the database
 * driver keeps its real timers) and the time-driven work runs as the jobs would.
 */
export async function buyPlan(payload: Payload, user: User, planCode = 'BEGINNER_TECHY', offerId?: number) {
  const req = await createLocalReq({ user: { ...user, collection: 'users' } as never }, payload)
  const order = await createOrderForPlan({ payload, user, planCode, offerId, req })
  const paid = sandbox.pay(order.orderId)
  return verifyAndCompletePayment(await createLocalReq({}, payload), user, {
    razorpay_order_id: paid.orderId,
    razorpay_payment_id: paid.paymentId,
    razorpay_signature: paid.signature,
  })
}

/**
 * A refund asked for and approved by an admin in the panel (the refund request's hook decides it),
 * then made by the refund job as the worker runs it. One the service approves at once (an unused
 * credit, the seat's batch not started yet, the Session-1 promise) needs no admin.
 */
export async function refundPayment(payload: Payload, user: User, paymentId: number, admin: User) {
  const created = await requestRefund(await createLocalReq({}, payload), user, {
    paymentId,
    reason: REFUND_REASON_OTHER,
    feedback: 'Not for me.',
  })
  if (created.status === 'requested') {
    await payload.update({
      collection: 'refund-requests',
      id: created.id,
      data: { status: 'approved' },
      user: { ...admin, collection: 'users' } as never,
      overrideAccess: false,
    })
  }
  await runRefundJobs(payload)
  return payload.findByID({ collection: 'refund-requests', id: created.id, depth: 0, overrideAccess: true })
}

/** Moves the (fake) clock to `at` and runs the time-driven work once, as the scheduled tick does. */
export async function tickTo(payload: Payload, at: Date | string) {
  setNow(at)
  return runTimeJobs(payload)
}

export async function runTimeJobs(payload: Payload) {
  const work = await runTimeWork(await createLocalReq({}, payload), { wait: true })
  if (!work) throw new Error('another tick held the time lock')
  return work
}

/** Sends what the outbox holds (into the captured outbox: no SMTP in tests). */
export const flushEmails = (payload: Payload) => flushOutbox(payload)

/** What changes when something happens, for these mentors: every batch, seat, hold and queue entry, and the e-mails sent to `emailLike`. */
export async function snapshot(payload: Payload, mentorIds: number[], emailLike: string) {
  await flushEmails(payload)
  const req = await createLocalReq({}, payload)
  const q = (query: ReturnType<typeof sql>) => txQuery(req, query)
  const ids = sql.join(
    mentorIds.map((id) => sql`${id}`),
    sql`, `,
  )
  return {
    batches: await q(sql`SELECT id, mentor_id, status, capacity FROM batches WHERE mentor_id IN (${ids}) ORDER BY id`),
    bookings: await q(sql`SELECT id, user_id, batch_id, status, source FROM bookings WHERE mentor_id IN (${ids}) ORDER BY id`),
    offers: await q(sql`SELECT id, user_id, batch_id, kind, status FROM seat_offers WHERE mentor_id IN (${ids}) ORDER BY id`),
    waitlist: await q(sql`SELECT id, user_id, mentor_id, status FROM waitlist WHERE mentor_id IN (${ids}) ORDER BY id`),
    emails: await q(sql`SELECT "to", template, subject FROM email_outbox WHERE "to" LIKE ${emailLike} ORDER BY id`),
  }
}

/**
 * The invariants that must hold at every moment: no batch over capacity, no student with two
 * seats in one period (open batches, running batches), nobody seated and waiting for the same
 * mentor, a held seat only where a student has no other seat of that period.
 */
export async function assertInvariants(payload: Payload): Promise<void> {
  const req = await createLocalReq({}, payload)
  const over = await txQuery(
    req,
    sql`SELECT b.id FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE (SELECT count(*) FROM bookings WHERE batch_id = b.id AND status = 'confirmed')
             + (SELECT count(*) FROM seat_offers WHERE batch_id = b.id AND status = 'held') > COALESCE(b.capacity, m.capacity)`,
  )
  if (over.length) throw new Error(`batches over capacity: ${JSON.stringify(over)}`)
  const twice = await txQuery(
    req,
    sql`SELECT bk.user_id, bt.status FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
         WHERE bk.status = 'confirmed' AND bt.status IN ('open', 'running')
         GROUP BY bk.user_id, bt.status HAVING count(*) > 1`,
  )
  if (twice.length) throw new Error(`students seated twice in one period: ${JSON.stringify(twice)}`)
  const seatedAndWaiting = await txQuery(
    req,
    sql`SELECT w.user_id, w.mentor_id FROM waitlist w
         WHERE w.status = 'waiting' AND EXISTS (
           SELECT 1 FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
            WHERE bk.user_id = w.user_id AND bk.mentor_id = w.mentor_id AND bk.status = 'confirmed' AND bt.status = 'open')`,
  )
  if (seatedAndWaiting.length) throw new Error(`seated and waiting for the same mentor: ${JSON.stringify(seatedAndWaiting)}`)
  const doubleHold = await txQuery(
    req,
    sql`SELECT o.user_id FROM seat_offers o JOIN batches bt ON bt.id = o.batch_id
         WHERE o.status = 'held' AND bt.status = 'open' AND EXISTS (
           SELECT 1 FROM bookings bk JOIN batches b2 ON b2.id = bk.batch_id
            WHERE bk.user_id = o.user_id AND bk.status = 'confirmed' AND b2.status = 'open' AND b2.id <> o.batch_id)`,
  )
  if (doubleHold.length) throw new Error(`a held seat beside another seat of the period: ${JSON.stringify(doubleHold)}`)
}

/** The e-mails a student got, in the order they were sent (templates). */
export async function mailsOf(payload: Payload, email: string): Promise<string[]> {
  await flushEmails(payload)
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { to: { equals: email }, status: { in: ['sent', 'captured'] } },
    sort: 'id',
    limit: 500,
    depth: 0,
    overrideAccess: true,
  })
  return docs.map((d) => d.template ?? '')
}
