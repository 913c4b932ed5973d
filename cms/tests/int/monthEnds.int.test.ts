import type { Mentor, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { runTimeWork } from '../../jobs/time'
import { txQuery } from '../../lib/transaction'
import { declineOffer } from '../../services/batches/offers'
import { listOffersOf } from '../../services/batches/views'
import { cancelBooking, createBooking, joinWaitlist, processWaitlistForUser } from '../../services/booking'
import { createOrderForPlan, verifyAndCompletePayment } from '../../services/payments'
import { grantComplimentaryPlan } from '../../services/plans/grantPlan'
import { istAt, reqAs, resetClock, seat, setNow, setUpWorld } from '../fixtures'
import { assertInvariants, buyPlan, mailsOf, refundPayment, tickTo } from '../helpers/batches'
import { runRefundJobs, sandbox } from '../helpers/payments'
import { createMentor, createUser, givePlan, openBatchOf, unique } from '../helpers/scenarios'

/**
 * The month's edges, one test per case of the issue "Month ends you can trust"
 * (docs/decisions/069-a-plan-pays-for-one-batch.md): each failed on the main branch before it and
 * passes now. The clock only moves forward in this file, each test in months of its own; the
 * database's session time zone is Europe/London (daylight saving), so nothing may depend on it.
 */
await vi.hoisted(async () => {
  await (await import('../helpers/ownDatabase')).useOwnDatabase()
  const pg = (await import('pg')).default
  const url = new URL(process.env.DATABASE_URL!)
  const name = url.pathname.slice(1)
  url.pathname = '/postgres'
  const client = new pg.Client({ connectionString: url.toString() })
  await client.connect()
  await client.query(`ALTER DATABASE "${name}" SET timezone TO 'Europe/London'`)
  await client.end()
})

let payload: Payload
let admin: User
const tag = unique('edges')
const student = async (name: string) => createUser(payload, { email: `${tag}-${name}-${Date.now()}@edges.mentorloop.in`, name })
const _idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

async function seats(mentor: Mentor, label?: string) {
  const rows = await txQuery<{ user_id: number; label: string; status: string; source: string; payment_id: number | null }>(
    await reqAs(),
    sql`SELECT bk.user_id, b.label, bk.status, bk.source, bk.payment_id FROM bookings bk JOIN batches b ON b.id = bk.batch_id
         WHERE b.mentor_id = ${mentor.id} AND bk.status IN ('confirmed', 'completed') ${label ? sql`AND b.label = ${label}` : sql``}
         ORDER BY bk.id`,
  )
  return rows.map((r) => ({
    user: Number(r.user_id),
    label: r.label,
    source: r.source,
    payment: r.payment_id === null ? null : Number(r.payment_id),
  }))
}
const held = async (u: User) => listOffersOf(await reqAs(), u.id)
const bookingOf = async (u: User, mentor: Mentor, label: string) =>
  (
    await txQuery<{ id: number }>(
      await reqAs(),
      sql`SELECT bk.id FROM bookings bk JOIN batches b ON b.id = bk.batch_id
         WHERE bk.user_id = ${u.id} AND b.mentor_id = ${mentor.id} AND b.label = ${label} AND bk.status = 'confirmed'`,
    )
  )[0]?.id
/** A mentor of a past test no longer opens batches (keeps the later months' ticks small). */
const retire = async (...mentors: Mentor[]) => {
  for (const m of mentors) await txQuery(await reqAs(), sql`UPDATE mentors SET auto_open_next_batch = false WHERE id = ${m.id}`)
}

beforeAll(async () => {
  ;({ payload, admin } = await setUpWorld({ at: istAt(2027, 1, 5, 10), plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] }))
}, 120_000)

afterAll(resetClock)

describe('1. a continuing student can give up next month’s seat', () => {
  it('cancelling it gives the seat to the queue, not back to them, and their renewal becomes a credit; refunding a renewal frees only its seat', async () => {
    setNow(istAt(2027, 1, 10, 10))
    const A = await createMentor(payload, { capacity: 1, name: `${tag} Case1` })
    const s1 = await student('c1-s1')
    const q1 = await student('c1-q1')
    const first = await buyPlan(payload, s1)
    await seat(s1, A)
    await tickTo(payload, istAt(2027, 2, 1, 0.1)) // February runs, March opens: s1's seat there is held
    expect((await held(s1)).map((o) => o.kind)).toEqual(['continuing'])
    setNow(istAt(2027, 2, 23, 10))
    const renewal = await buyPlan(payload, s1) // claims the held seat
    expect(await seats(A, 'March 2027')).toEqual([
      expect.objectContaining({ user: s1.id, source: 'continuing', payment: renewal.payment.id }),
    ])
    await givePlan(payload, q1)
    await joinWaitlist(await reqAs(), { userId: q1.id, mentorId: A.id })

    // s1 gives March up: q1, first in the queue with a plan, gets it; s1 is not seated again.
    const cancelled = await cancelBooking({ payload, bookingId: (await bookingOf(s1, A, 'March 2027'))!, byUser: s1 })
    expect(cancelled).toMatchObject({ assigned: 1, plan: 'credit' })
    expect((await seats(A, 'March 2027')).map((r) => r.user)).toEqual([q1.id])
    expect((await mailsOf(payload, s1.email)).filter((t) => t === 'seat-confirmed')).toHaveLength(1)
    expect(await mailsOf(payload, q1.email)).toContain('waitlist-seat-assigned')
    const back = await payload.findByID({ collection: 'payments', id: renewal.payment.id, depth: 0, overrideAccess: true })
    expect(back.batch ?? null).toBeNull()
    await assertInvariants(payload)

    // q1's seat was paid for by their plan; refunding s1's first payment frees February only.
    await refundPayment(payload, s1, first.payment.id, admin)
    expect(await seats(A, 'February 2027')).toEqual([])
    expect((await seats(A, 'March 2027')).map((r) => r.user)).toEqual([q1.id])
    expect(await held(s1)).toEqual([])
    const mail = (
      await payload.find({
        collection: 'email-outbox',
        where: { to: { equals: s1.email }, template: { equals: 'refund-approved' } },
        overrideAccess: true,
      })
    ).docs
    expect(mail[0]!.text).toContain(`Your seat in ${A.name}'s February 2027 batch`)
    expect(mail[0]!.text).not.toContain('end today')
    const refunded = await payload.findByID({ collection: 'payments', id: first.payment.id, depth: 0, overrideAccess: true })
    expect(Date.parse(refunded.subscriptionEnds!)).toBeGreaterThan(Date.parse(refunded.subscriptionStarts!))
    await retire(A)
  })
})

describe('2. continuing students are never dropped in silence', () => {
  it('a running batch raised from 2 to 4: the next batch grows with it and all four continue', async () => {
    setNow(istAt(2027, 3, 10, 10))
    const A = await createMentor(payload, { capacity: 2, name: `${tag} Case2a` })
    const s = await Promise.all(['a', 'b', 'c', 'd'].map((n) => student(`c2-${n}`)))
    for (const x of s) await buyPlan(payload, x)
    for (const x of s.slice(0, 2)) await seat(x, A)
    for (const x of s.slice(2)) expect((await createBooking(await reqAs(), { userId: x.id, mentorId: A.id })).kind).toBe('waitlisted')
    await tickTo(payload, istAt(2027, 4, 1, 0.1)) // April runs, May opens with 2 seats held for the two
    const april = await payload.find({
      collection: 'batches',
      where: { mentor: { equals: A.id }, label: { equals: 'April 2027' } },
      overrideAccess: true,
    })
    setNow(istAt(2027, 4, 3, 10))
    await payload.update({ collection: 'batches', id: april.docs[0]!.id, data: { capacity: 4 }, overrideAccess: true })
    expect((await seats(A, 'April 2027')).map((r) => r.user)).toEqual(s.map((x) => x.id))
    const may = await openBatchOf(payload, A)
    expect(may.capacity).toBe(4)
    for (const x of s) expect((await held(x)).map((o) => [o.kind, o.batch.label])).toEqual([['continuing', 'May 2027']])
    setNow(istAt(2027, 4, 25, 10))
    for (const x of s) await buyPlan(payload, x)
    expect((await seats(A, 'May 2027')).map((r) => r.user).sort()).toEqual(s.map((x) => x.id).sort())
    await assertInvariants(payload)
    await retire(A)
  })

  it('the renewed go first; who does not fit is queued and told; a mentor paused over the month end keeps their continuing students', async () => {
    setNow(istAt(2027, 6, 10, 10))
    const A = await createMentor(payload, { capacity: 2, name: `${tag} Case2b` })
    await payload.update({ collection: 'mentors', id: A.id, data: { autoOpenNextBatch: false }, overrideAccess: true })
    const [early, late] = [await student('c2-early'), await student('c2-late')]
    for (const x of [early, late]) {
      await buyPlan(payload, x)
      await createBooking(await reqAs(), { userId: x.id, mentorId: A.id })
    }
    await tickTo(payload, istAt(2027, 7, 1, 0.1)) // July runs; no August batch yet (opened by hand)
    setNow(istAt(2027, 7, 26, 10))
    await buyPlan(payload, late) // renewal before the next batch exists: a credit
    const august = await payload.create({
      collection: 'batches',
      data: {
        mentor: A.id,
        label: 'August 2027',
        startsOn: istAt(2027, 8, 1).toISOString(),
        endsOn: istAt(2027, 8, 31).toISOString(),
        capacity: 1,
        status: 'open',
      },
      overrideAccess: true,
    })
    expect(await seats(A, 'August 2027')).toEqual([expect.objectContaining({ user: late.id, source: 'continuing' })])
    expect(await held(early)).toEqual([])
    const waiting = await payload.find({
      collection: 'waitlist',
      where: { user: { equals: early.id }, mentor: { equals: A.id }, status: { equals: 'waiting' } },
      overrideAccess: true,
    })
    expect(waiting.totalDocs).toBe(1)
    expect(await mailsOf(payload, early.email)).toContain('continuing-no-seat')
    expect(
      (await payload.find({ collection: 'notices', where: { user: { equals: early.id } }, overrideAccess: true })).docs.map((n) => n.kind),
    ).toEqual(['continuing-no-seat'])

    // Paused over the month end: August opens no seats while paused; resumed after July ended, the
    // July students still come first (24 hours, since their batch is over).
    await payload.update({ collection: 'mentors', id: A.id, data: { acceptingBookings: false }, overrideAccess: true })
    await payload.update({ collection: 'batches', id: august.id, data: { capacity: 2 }, overrideAccess: true })
    const stranger = await student('c2-stranger')
    await givePlan(payload, stranger)
    await joinWaitlist(await reqAs(), { userId: stranger.id, mentorId: A.id })
    await tickTo(payload, istAt(2027, 8, 1, 0.1))
    setNow(istAt(2027, 8, 2, 10))
    await payload.update({ collection: 'mentors', id: A.id, data: { acceptingBookings: true }, overrideAccess: true })
    const [hold] = await held(early)
    expect(hold).toMatchObject({ kind: 'continuing', batch: expect.objectContaining({ label: 'August 2027' }) })
    expect(Date.parse(hold!.expiresAt)).toBeGreaterThanOrEqual(istAt(2027, 8, 3, 10).getTime() - 60_000)
    expect((await seats(A, 'August 2027')).map((r) => r.user)).toEqual([late.id])
    await assertInvariants(payload)
    await retire(A)
  })
})

describe('7. capacity, time zones and one bad row', () => {
  it('raising a running batch in its first week seats the queue at once; a batch completes at India midnight whatever the database’s zone; one failing batch does not stop the others', async () => {
    setNow(istAt(2027, 9, 10, 10))
    const A = await createMentor(payload, { capacity: 1, name: `${tag} Case7A` })
    const B = await createMentor(payload, { capacity: 1, name: `${tag} Case7B` })
    const [a1, q] = [await student('c7-a1'), await student('c7-q')]
    await givePlan(payload, a1)
    await createBooking(await reqAs(), { userId: a1.id, mentorId: A.id })
    await tickTo(payload, istAt(2027, 10, 1, 0.1)) // October runs
    await givePlan(payload, q)
    await joinWaitlist(await reqAs(), { userId: q.id, mentorId: A.id })
    setNow(istAt(2027, 10, 3, 10))
    const october = await payload.find({
      collection: 'batches',
      where: { mentor: { equals: A.id }, label: { equals: 'October 2027' } },
      overrideAccess: true,
    })
    await payload.update({ collection: 'batches', id: october.docs[0]!.id, data: { capacity: 2 }, overrideAccess: true })
    expect((await seats(A, 'October 2027')).map((r) => r.user)).toEqual([a1.id, q.id])

    // October's last day ends at India midnight, 18:30 UTC on 31 October 2027, the day London
    // leaves summer time: a day added in the session's zone would be 25 hours (complete at 19:30).
    const bStarted = await payload.find({
      collection: 'batches',
      where: { mentor: { equals: B.id }, label: { equals: 'November 2027' } },
      overrideAccess: true,
    })
    // B's November batch fails to start (a bad row): A's goes on; B's is recorded and retried.
    await txQuery(
      await reqAs(),
      sql.raw(`CREATE OR REPLACE FUNCTION fail_one_batch() RETURNS trigger AS $$ BEGIN
                 IF NEW.id = ${bStarted.docs[0]!.id} AND NEW.status = 'running' THEN RAISE EXCEPTION 'a bad row'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
               CREATE TRIGGER fail_one_batch BEFORE UPDATE ON batches FOR EACH ROW EXECUTE FUNCTION fail_one_batch();`),
    )
    vi.spyOn(payload.logger, 'error').mockImplementation(() => undefined as never)
    const work = await tickTo(payload, new Date(Date.UTC(2027, 9, 31, 18, 40)))
    expect(work.completed).toBeGreaterThanOrEqual(2)
    const statuses = await txQuery<{ mentor_id: number; label: string; status: string }>(
      await reqAs(),
      sql`SELECT mentor_id, label, status FROM batches WHERE mentor_id IN (${A.id}, ${B.id}) ORDER BY mentor_id, starts_on`,
    )
    expect(statuses.filter((r) => r.label === 'October 2027').map((r) => r.status)).toEqual(['completed', 'completed'])
    expect(statuses.find((r) => Number(r.mentor_id) === A.id && r.label === 'November 2027')?.status).toBe('running')
    expect(statuses.find((r) => Number(r.mentor_id) === B.id && r.label === 'November 2027')?.status).toBe('open')
    const failures = await payload.find({ collection: 'job-failures', where: { step: { equals: 'start-batch' } }, overrideAccess: true })
    expect(failures.docs).toEqual([expect.objectContaining({ ref: String(bStarted.docs[0]!.id), resolvedAt: null })])
    await txQuery(await reqAs(), sql.raw('DROP TRIGGER fail_one_batch ON batches; DROP FUNCTION fail_one_batch();'))
    vi.mocked(payload.logger.error).mockRestore()
    await tickTo(payload, new Date(Date.UTC(2027, 9, 31, 18, 41)))
    expect(
      (await txQuery<{ status: string }>(await reqAs(), sql`SELECT status FROM batches WHERE id = ${bStarted.docs[0]!.id}`))[0]!.status,
    ).toBe('running')
    const resolved = await payload.findByID({ collection: 'job-failures', id: failures.docs[0]!.id, overrideAccess: true })
    expect(resolved.resolvedAt).toBeTruthy()
    await retire(A, B)
  })
})

describe('4. one plan buys one batch', () => {
  it('a plan bought on 30 January books February and does not cover March: March is held for renewal, not given', async () => {
    setNow(istAt(2028, 1, 30, 12))
    const A = await createMentor(payload, { capacity: 3, name: `${tag} Case4` })
    const s1 = await student('c4')
    await buyPlan(payload, s1)
    await seat(s1, A)
    await tickTo(payload, istAt(2028, 2, 1, 0.1))
    expect(await seats(A, 'March 2028')).toEqual([])
    expect((await held(s1)).map((o) => [o.kind, o.batch.label])).toEqual([['continuing', 'March 2028']])
    await retire(A)
  })
})

describe('5. one seat per student per month', () => {
  it('a student seated in X’s running batch is passed over in Y’s queue for the same month, and keeps their place', async () => {
    setNow(istAt(2028, 3, 10, 10))
    const X = await createMentor(payload, { capacity: 1, name: `${tag} Case5X` })
    const Y = await createMentor(payload, { capacity: 1, name: `${tag} Case5Y` })
    const [s1, y1, q] = [await student('c5-s1'), await student('c5-y1'), await student('c5-q')]
    for (const x of [s1, y1, q]) await givePlan(payload, x, 'BEGINNER_TECHY', 60)
    await createBooking(await reqAs(), { userId: s1.id, mentorId: X.id })
    await createBooking(await reqAs(), { userId: y1.id, mentorId: Y.id })
    await tickTo(payload, istAt(2028, 4, 1, 0.1)) // both April batches run
    await givePlan(payload, s1, 'BEGINNER_TECHY', 60) // a second credit: still one seat a month
    await joinWaitlist(await reqAs(), { userId: s1.id, mentorId: Y.id })
    await joinWaitlist(await reqAs(), { userId: q.id, mentorId: Y.id })
    setNow(istAt(2028, 4, 3, 10))
    await cancelBooking({ payload, bookingId: (await bookingOf(y1, Y, 'April 2028'))!, byUser: y1 })
    expect((await seats(Y, 'April 2028')).map((r) => r.user)).toEqual([q.id])
    const stillWaiting = await payload.find({
      collection: 'waitlist',
      where: { user: { equals: s1.id }, mentor: { equals: Y.id }, status: { equals: 'waiting' } },
      overrideAccess: true,
    })
    expect(stillWaiting.totalDocs).toBe(1)
    await assertInvariants(payload)
    await retire(X, Y)
  })
})

describe('5b. one door to the queue', () => {
  it('a student seated in X’s running batch cannot queue for X through the booking form either (as joinWaitlist)', async () => {
    setNow(istAt(2028, 3, 10, 10))
    const X = await createMentor(payload, { capacity: 1, name: `${tag} Case5bX` })
    const [s1, q] = [await student('c5b-s1'), await student('c5b-q')]
    for (const x of [s1, q]) await givePlan(payload, x, 'BEGINNER_TECHY', 60)
    await createBooking(await reqAs(), { userId: s1.id, mentorId: X.id })
    await createBooking(await reqAs(), { userId: q.id, mentorId: X.id }) // full: queued
    await tickTo(payload, istAt(2028, 4, 1, 0.1)) // April runs with s1; May opens with one seat held for s1
    const mine = (await held(s1)).find((o) => o.mentor.id === X.id && o.status === 'held')
    expect(mine).toBeDefined()
    await declineOffer(await reqAs(), mine!.id, s1) // May's seat goes to q: X is full, s1 still sits in April
    expect((await seats(X, 'May 2028')).map((r) => r.user)).toEqual([q.id])

    const before = await payload.count({ collection: 'waitlist', where: { user: { equals: s1.id } }, overrideAccess: true })
    await expect(createBooking(await reqAs(), { userId: s1.id, mentorId: X.id })).rejects.toMatchObject({ code: 'ALREADY_BOOKED' })
    await expect(joinWaitlist(await reqAs(), { userId: s1.id, mentorId: X.id })).rejects.toMatchObject({ code: 'ALREADY_BOOKED' })
    const after = await payload.count({ collection: 'waitlist', where: { user: { equals: s1.id } }, overrideAccess: true })
    expect(after.totalDocs).toBe(before.totalDocs)
    await assertInvariants(payload)
    await retire(X)
  })
})

describe('6. grants and simultaneous payments', () => {
  it('a grant pays for the batch after what the student has; two payments at once never pay for the same batch', async () => {
    setNow(istAt(2028, 5, 10, 10))
    const A = await createMentor(payload, { capacity: 3, name: `${tag} Case6` })
    const s1 = await student('c6')
    const paid = await buyPlan(payload, s1)
    await createBooking(await reqAs(), { userId: s1.id, mentorId: A.id })
    await tickTo(payload, istAt(2028, 6, 1, 0.1))
    setNow(istAt(2028, 6, 6, 10))
    const grant = await grantComplimentaryPlan(await reqAs(), { email: s1.email, planRef: 'BEGINNER_TECHY', grantedBy: admin })
    expect(await seats(A)).toEqual([
      expect.objectContaining({ label: 'June 2028', payment: paid.payment.id }),
      expect.objectContaining({ label: 'July 2028', source: 'continuing', payment: grant.payment.id }),
    ])

    const s2 = await student('c6-two')
    const orders = [
      await createOrderForPlan({ payload, user: s2, planCode: 'BEGINNER_TECHY', req: await reqAs(s2) }),
      await createOrderForPlan({ payload, user: s2, planCode: 'PLACEMENT_FOCUSED', req: await reqAs(s2) }),
    ]
    await joinWaitlist(await reqAs(), { userId: s2.id, mentorId: A.id })
    const results = await Promise.all(
      orders.map(async (o) => {
        const p = sandbox.pay(o.orderId)
        return verifyAndCompletePayment(await reqAs(), s2, {
          razorpay_order_id: p.orderId,
          razorpay_payment_id: p.paymentId,
          razorpay_signature: p.signature,
        })
      }),
    )
    expect(results.map((r) => r.activated)).toEqual([true, true])
    const rows = await txQuery<{ batch_id: number | null }>(
      await reqAs(),
      sql`SELECT batch_id FROM payments WHERE user_id = ${s2.id} AND status = 'completed'`,
    )
    const batches = rows.map((r) => r.batch_id).filter((b) => b !== null)
    expect(new Set(batches).size).toBe(batches.length)
    await assertInvariants(payload)
    await retire(A)
  })
})

describe('3. a renewal paid at midnight', () => {
  it('keeps the hold for the checkout it started on; a payment after the hold passed on is refunded at once, and the e-mail says so', async () => {
    setNow(istAt(2028, 9, 10, 10))
    const A = await createMentor(payload, { capacity: 2, name: `${tag} Case3` })
    const [on, late] = [await student('c3-on'), await student('c3-late')]
    for (const x of [on, late]) {
      await buyPlan(payload, x)
      await createBooking(await reqAs(), { userId: x.id, mentorId: A.id })
    }
    await tickTo(payload, istAt(2028, 10, 1, 0.1))
    // q waits for a seat; no December batch opens at midnight, so q waits for November's.
    await retire(A)
    const q = await student('c3-q')
    await givePlan(payload, q, 'BEGINNER_TECHY', 90)
    await joinWaitlist(await reqAs(), { userId: q.id, mentorId: A.id })
    // 23:58 on the last day: both start paying for their held November seats.
    setNow(istAt(2028, 11, 1).getTime() - 2 * 60_000)
    const start = async (u: User) => {
      const [offer] = await held(u)
      const order = await createOrderForPlan({
        payload,
        user: u,
        planCode: 'BEGINNER_TECHY',
        offerId: offer!.id,
        req: await reqAs(u),
      })
      return sandbox.pay(order.orderId)
    }
    const onTime = await start(on)
    const tooLate = await start(late)
    // Midnight: the month turns; the holds are kept for the checkouts.
    await tickTo(payload, istAt(2028, 11, 1, 1 / 60))
    const verify = async (u: User, paid: ReturnType<typeof sandbox.pay>) =>
      verifyAndCompletePayment(await reqAs(), u, {
        razorpay_order_id: paid.orderId,
        razorpay_payment_id: paid.paymentId,
        razorpay_signature: paid.signature,
      })
    setNow(istAt(2028, 11, 1, 1 / 60))
    expect((await verify(on, onTime)).waitlist.assigned).toBe(1)
    expect((await seats(A, 'November 2028')).map((r) => r.user)).toEqual([on.id])
    // The other pays 40 minutes after midnight: the kept hold has run out and the seat passed on to q.
    await tickTo(payload, istAt(2028, 11, 1, 0.5))
    setNow(istAt(2028, 11, 1, 40 / 60))
    const result = await verify(late, tooLate)
    console.info('DEBUG', JSON.stringify(await seats(A)), JSON.stringify(await held(late)), JSON.stringify(result.waitlist))
    expect(result.waitlist.assigned).toBe(0)
    expect((await seats(A, 'November 2028')).map((r) => r.user)).toEqual([on.id, q.id])
    await runRefundJobs(payload)
    const payment = await payload.findByID({ collection: 'payments', id: result.payment.id, depth: 0, overrideAccess: true })
    expect(payment.status).toBe('refunded')
    expect(await mailsOf(payload, late.email)).toEqual(expect.arrayContaining(['refund-late-payment', 'payment-receipt']))
    await assertInvariants(payload)
    await retire(A)
  })
})

describe('9. one lock order', () => {
  it('students holding a seat at one mentor and waiting at another, all paying at once: nobody deadlocks', async () => {
    setNow(istAt(2029, 1, 10, 10))
    const M = await Promise.all([1, 2, 3].map((i) => createMentor(payload, { capacity: 1, name: `${tag} Case9-${i}` })))
    // Each mentor is full with a holder; every student waits at all three, in a different order.
    for (const m of M) {
      const h = await student(`c9-holder-${m.id}`)
      await givePlan(payload, h)
      await createBooking(await reqAs(), { userId: h.id, mentorId: m.id })
    }
    const students = [await student('c9-a'), await student('c9-b'), await student('c9-c')]
    const orders = [
      [0, 1, 2],
      [2, 1, 0],
      [1, 2, 0],
    ]
    for (const [i, s] of students.entries())
      for (const k of orders[i]!) await joinWaitlist(await reqAs(), { userId: s.id, mentorId: M[k]!.id })
    // Seats free up (each goes to someone as a held seat), then everybody's plan arrives at once.
    for (const m of M) {
      const [b] = (await seats(m)).slice(0, 1)
      await cancelBooking({
        payload,
        bookingId: (
          await txQuery<{ id: number }>(await reqAs(), sql`SELECT id FROM bookings WHERE user_id = ${b!.user} AND status = 'confirmed'`)
        )[0]!.id,
        byUser: 'system',
      })
    }
    for (const s of students) await givePlan(payload, s)
    const results = await Promise.allSettled(students.map(async (s) => processWaitlistForUser({ payload, userId: s.id })))
    expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([])
    await assertInvariants(payload)
    await retire(...M)
  })
})

describe('10. the month end does not depend on which job runs first', () => {
  it('a hold is never born expired, and the freed seat goes to the batch that starts, whether the hold’s own job or the tick runs first, or both at once', async () => {
    const scenario = async (y: number, m: number, order: 'expiry-first' | 'tick-first' | 'together') => {
      setNow(istAt(y, m - 1, 10, 10))
      const A = await createMentor(payload, { capacity: 2, name: `${tag} Case10 ${order}` })
      const [stays, leaves, q] = [
        await student(`c10-${order}-stays`),
        await student(`c10-${order}-leaves`),
        await student(`c10-${order}-q`),
      ]
      for (const x of [stays, leaves]) {
        await buyPlan(payload, x)
        await createBooking(await reqAs(), { userId: x.id, mentorId: A.id })
      }
      await tickTo(payload, istAt(y, m, 1, 0.1)) // month 1 runs; month 2 opens with both held
      setNow(istAt(y, m, 25, 10))
      await buyPlan(payload, stays)
      await givePlan(payload, q, 'BEGINNER_TECHY', 90)
      await joinWaitlist(await reqAs(), { userId: q.id, mentorId: A.id })
      const [hold] = await held(leaves)
      // The month turns: the hold's own job and the tick, in the order under test.
      setNow(istAt(y, m + 1, 1, 1 / 60))
      const expiry = async () => {
        await payload.jobs.queue({ task: 'expireSeatOffer', queue: 'offers', input: { offerId: hold!.id } })
        await payload.jobs.run({ queue: 'offers', limit: 100 })
      }
      const tickOnce = async () => runTimeWork(await reqAs())
      if (order === 'expiry-first') {
        await expiry()
        await tickOnce()
      } else if (order === 'tick-first') {
        await tickOnce()
        await expiry()
      } else await Promise.all([expiry(), tickOnce(), tickOnce()])
      await tickOnce()
      const label = (await openBatchOf(payload, A)).label
      const second = (await seats(A)).filter((r) => r.label !== label && r.source !== 'direct').map((r) => r.user)
      expect(second.sort(), order).toEqual([stays.id, q.id].sort())
      const born = await txQuery<{ id: number }>(
        await reqAs(),
        sql`SELECT id FROM seat_offers WHERE mentor_id = ${A.id} AND expires_at <= created_at`,
      )
      expect(born, order).toEqual([])
      await assertInvariants(payload)
      await retire(A)
    }
    await scenario(2029, 3, 'expiry-first')
    await scenario(2029, 6, 'tick-first')
    await scenario(2029, 9, 'together')
  })
})
