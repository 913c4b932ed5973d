import { DAY_MS, HOUR_MS, istDay, istMidnight, REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Batch, Mentor, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { renderToStaticMarkup } from 'react-dom/server'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import AttentionDashboard from '../../components/admin/AttentionDashboard'
import { txQuery } from '../../lib/transaction'
import { type Attention, readAttention } from '../../services/admin/attention'
import { joinWaitlist } from '../../services/booking'
import { requestRefund } from '../../services/payments/refunds'
import { istAt, reqAs, resetClock, seat, setNow, setUpWorld } from '../fixtures'
import { buyPlan, refundPayment } from '../helpers/batches'
import { batchStarted } from '../helpers/payments'
import { createMentor, createUser, findPlan, givePlan, openBatchOf, unique } from '../helpers/scenarios'

/**
 * The admin dashboard's figures (services/admin/attention.ts) from data built here, on a database
 * of this file's own so that every count is exact: refund requests waiting and failed, full
 * mentors and waitlists, held seats expiring within 24 hours, today's and tomorrow's sessions in
 * India time, and money this month against last with India-time month boundaries.
 */
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let admin: User
const NOW = istAt(2027, 3, 15, 10)
/** Set-up payments are made long before the months under test, with a plan window that covers them. */
const LONG_AGO = istAt(2026, 11, 10, 12)
const WINDOW = { startsAt: istAt(2026, 11, 1), endsAt: istAt(2028, 1, 1) }

let full: Mentor
let queued: Mentor
let quiet: Mentor
let fullNobodyWaiting: Mentor
let failingStepId: number
let quietBatch: Batch
let expiringOfferId: number
let offerStudent: User
let firstRequestAt: string
const sessionIds: Record<string, number> = {}
let sessionsNow: Date

let seatMentor: Mentor

/** A student whose plan pays for a seat (docs/decisions/069), so a refund request goes to an admin. */
async function studentWithPlan(name = 'Student', opts: { seat?: boolean } = { seat: true }) {
  setNow(LONG_AGO)
  const u = await createUser(payload, { name })
  const payment = await givePlan(payload, u, 'PLACEMENT_FOCUSED', 30, WINDOW)
  setNow(NOW)
  if (opts.seat) await seat(u, seatMentor)
  return { user: u, payment }
}

async function hold(user: User, mentor: Mentor, batch: Batch, expiresAt: Date, status: 'held' | 'expired' = 'held') {
  return payload.create({
    collection: 'seat-offers',
    data: { user: user.id, mentor: mentor.id, batch: batch.id, kind: 'waitlist', status, expiresAt: expiresAt.toISOString() },
    overrideAccess: true,
  })
}

async function session(title: string, startsAt: Date, status: 'scheduled' | 'cancelled' = 'scheduled') {
  const s = await payload.create({
    collection: 'sessions',
    data: { title, batch: quietBatch.id, startsAt: startsAt.toISOString(), durationMinutes: 60, status },
    overrideAccess: true,
  })
  sessionIds[title] = s.id
}

/** A student who buys a plan at `paidAt` (through the real order and verification) and maybe refunds it at `refundedAt`. */
async function paidBy(code: string, paidAt: Date, refundedAt?: Date) {
  setNow(paidAt)
  const u = await createUser(payload, { name: unique('Payer') })
  const done = await buyPlan(payload, u, code)
  const paymentId = (done as { payment: { id: number } }).payment.id
  if (refundedAt) {
    setNow(refundedAt)
    const refund = await refundPayment(payload, u, paymentId, admin)
    expect(['pending', 'refunded']).toContain(refund.status)
  }
  setNow(NOW)
  return paymentId
}

beforeAll(async () => {
  ;({ payload, admin } = await setUpWorld({ at: NOW, plans: ['PLACEMENT_FOCUSED', 'BEGINNER_TECHY'] }))

  seatMentor = await createMentor(payload, { capacity: 50, name: 'Seat Mentor' })
  // Refunds: two waiting for a decision (the older first), one failed, one rejected (done with).
  for (const hoursLater of [0, 1, 2, 3]) {
    const { user, payment } = await studentWithPlan()
    setNow(new Date(NOW.getTime() + hoursLater * HOUR_MS))
    await batchStarted(payload, payment.id)
    const r = await requestRefund(await reqAs(), user, { paymentId: payment.id, reason: REFUND_REASON_OTHER, feedback: '' })
    if (hoursLater === 0) firstRequestAt = r.createdAt
    if (hoursLater === 2) await txQuery(await reqAs(), sql`UPDATE refund_requests SET status = 'failed' WHERE id = ${r.id}`)
    if (hoursLater === 3) await txQuery(await reqAs(), sql`UPDATE refund_requests SET status = 'rejected' WHERE id = ${r.id}`)
    setNow(NOW)
  }

  // Full: 1 booked + 1 held of 2 seats, and 3 waiting. Queued: seats left, 1 waiting (1 removed). Quiet: neither.
  full = await createMentor(payload, { capacity: 2, name: 'Full Mentor' })
  queued = await createMentor(payload, { capacity: 15, name: 'Queued Mentor' })
  quiet = await createMentor(payload, { capacity: 15, name: 'Quiet Mentor' })
  const seated = await studentWithPlan('Student', { seat: false })
  await seat(seated.user, full)
  await hold(await createUser(payload), full, await openBatchOf(payload, full), new Date(NOW.getTime() + 48 * HOUR_MS))
  for (let i = 0; i < 3; i++) {
    const w = await joinWaitlist(await reqAs(), { userId: (await createUser(payload)).id, mentorId: full.id })
    expect(w.assigned).toBe(false)
  }
  // Full with nobody waiting: nothing for an admin to do, so not listed.
  fullNobodyWaiting = await createMentor(payload, { capacity: 1, name: 'Full Nobody Waiting' })
  const alone = await studentWithPlan('Student', { seat: false })
  await seat(alone.user, fullNobodyWaiting)
  await payload.create({
    collection: 'waitlist',
    data: { user: (await createUser(payload)).id, mentor: queued.id, status: 'waiting', joinedAt: NOW.toISOString() },
    overrideAccess: true,
  })
  await payload.create({
    collection: 'waitlist',
    data: { user: (await createUser(payload)).id, mentor: queued.id, status: 'removed', joinedAt: NOW.toISOString() },
    overrideAccess: true,
  })

  // Failing steps: one unresolved (listed), one resolved (not).
  const [failing] = await txQuery<{ id: number }>(
    await reqAs(),
    sql`INSERT INTO job_failures (step, ref, error, attempts, first_seen_at, last_seen_at, created_at, updated_at)
        VALUES ('start-batches', 'batch:42', ${'Error: no sessions\n    at start'}, 3, now(), now(), now(), now()) RETURNING id`,
  )
  failingStepId = Number(failing.id)
  await txQuery(
    await reqAs(),
    sql`INSERT INTO job_failures (step, ref, attempts, first_seen_at, last_seen_at, resolved_at, created_at, updated_at)
        VALUES ('expire-holds', 'offer:7', 1, now(), now(), now(), now(), now())`,
  )

  // Offers on the quiet mentor: expiring in 2 h (listed), in 25 h (not yet), and one already expired.
  quietBatch = await openBatchOf(payload, quiet)
  offerStudent = await createUser(payload, { name: 'Offer Student' })
  expiringOfferId = (await hold(offerStudent, quiet, quietBatch, new Date(NOW.getTime() + 2 * HOUR_MS))).id
  await hold(await createUser(payload), quiet, quietBatch, new Date(NOW.getTime() + 25 * HOUR_MS))
  await hold(await createUser(payload), quiet, quietBatch, new Date(NOW.getTime() + 1 * HOUR_MS), 'expired')

  // Sessions in the quiet mentor's batch, around its second day (India time).
  const second = istDay(new Date(new Date(quietBatch.startsOn).getTime() + DAY_MS))
  const today = istMidnight(second.year, second.month, second.day)
  sessionsNow = new Date(today.getTime() + 9 * HOUR_MS)
  await session('Yesterday late', new Date(today.getTime() - 60_000))
  await session('Today late', new Date(today.getTime() + DAY_MS - 60_000))
  await session('Today morning', new Date(today.getTime() + 10 * HOUR_MS))
  await session('Tomorrow', new Date(today.getTime() + DAY_MS + 10 * HOUR_MS))
  await session('Tomorrow, called off', new Date(today.getTime() + DAY_MS + 12 * HOUR_MS), 'cancelled')
  await session('Day after', new Date(today.getTime() + 2 * DAY_MS))

  // Money. Last month (February 2027): one paid at 23:00 IST on its last day (17:30 UTC), one
  // paid on the 10th and refunded at 23:30 IST on the 28th. This month (March): one paid at
  // 00:30 IST on the 1st (still February in UTC), and a January payment refunded on the 10th.
  await paidBy('PLACEMENT_FOCUSED', istAt(2027, 2, 28, 23))
  await paidBy('PLACEMENT_FOCUSED', istAt(2027, 2, 10, 10), istAt(2027, 2, 28, 23.5))
  await paidBy('BEGINNER_TECHY', istAt(2027, 3, 1, 0.5))
  await paidBy('BEGINNER_TECHY', istAt(2027, 1, 31, 23), istAt(2027, 3, 10, 12))
  // Left out: a complimentary grant, a failed payment and an abandoned order, all this month.
  const plan = await findPlan(payload, 'BEGINNER_TECHY')
  const other = await createUser(payload)
  for (const [status, gateway, amount] of [
    ['completed', 'complimentary', 0],
    ['failed', 'sandbox', 59900],
    ['created', 'sandbox', 59900],
  ] as const) {
    const id = unique('order')
    await payload.create({
      collection: 'payments',
      data: { user: other.id, plan: plan.id, amount, currency: 'INR', status, gateway, gatewayOrderId: id },
      overrideAccess: true,
    })
  }
  setNow(NOW)
}, 300_000)

afterAll(resetClock)

const read = async (now: Date): Promise<Attention> => readAttention(await reqAs(), now)

describe('the admin dashboard: what needs attention', () => {
  it('refund requests: waiting for a decision and failed, oldest first', async () => {
    const { refunds } = await read(NOW)
    expect(refunds).toMatchObject({ waiting: 2, failed: 1 })
    expect(refunds.oldestWaitingAt).toBe(new Date(firstRequestAt).toISOString())
    expect(refunds.oldestFailedAt).not.toBeNull()
  })

  it('mentors with someone waiting, longest waitlist first, with whether they are full; a full mentor with nobody waiting is not listed', async () => {
    const { mentors } = await read(NOW)
    expect(mentors.fullCount).toBe(1)
    expect(mentors.waitingTotal).toBe(4)
    expect(mentors.rows).toEqual([
      expect.objectContaining({ mentorId: full.id, name: 'Full Mentor', full: true, capacity: 2, booked: 1, held: 1, waiting: 3 }),
      expect.objectContaining({ mentorId: queued.id, name: 'Queued Mentor', full: false, waiting: 1 }),
    ])
    expect(mentors.rows.map((m) => m.mentorId)).not.toContain(fullNobodyWaiting.id)
  })

  it('unresolved failing steps, with a link to each', async () => {
    const { jobFailures } = await read(NOW)
    expect(jobFailures).toEqual({
      count: 1,
      rows: [
        expect.objectContaining({ id: failingStepId, step: 'start-batches', ref: 'batch:42', attempts: 3, error: 'Error: no sessions' }),
      ],
    })
  })

  it('held seats expiring within 24 hours; one expiring in 25 hours or already expired is not listed', async () => {
    const { offers } = await read(NOW)
    expect(offers.expiringCount).toBe(1)
    expect(offers.rows).toEqual([
      expect.objectContaining({ id: expiringOfferId, studentName: 'Offer Student', mentorId: quiet.id, mentorName: 'Quiet Mentor' }),
    ])
    // An hour on, the 25-hour one is within the window too.
    expect((await read(new Date(NOW.getTime() + 1.5 * HOUR_MS))).offers.expiringCount).toBe(2)
  })

  it('the waiting counts and the money are kept between loads and follow a change at once (decision 208)', async () => {
    const before = (await read(NOW)).mentors
    expect((await read(NOW)).mentors).toEqual(before)
    const money = (await read(NOW)).money
    const plan = await findPlan(payload, 'BEGINNER_TECHY')
    const [paid] = await txQuery<{ id: number }>(
      await reqAs(),
      sql`INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, created_at, updated_at)
          VALUES (${(await createUser(payload)).id}, ${plan.id}, 59900, 'INR', 'completed', 'sandbox', ${unique('kept')}, ${NOW.toISOString()}::timestamptz, now())
          RETURNING id`,
    )
    try {
      expect((await read(NOW)).money.thisMonth.paid).toEqual({
        count: money.thisMonth.paid.count + 1,
        paise: money.thisMonth.paid.paise + 59_900,
      })
    } finally {
      await txQuery(await reqAs(), sql`DELETE FROM payments WHERE id = ${paid!.id} RETURNING id`)
    }
    expect((await read(NOW)).money).toEqual(money)
    const entry = await payload.create({
      collection: 'waitlist',
      data: { user: (await createUser(payload)).id, mentor: queued.id, status: 'waiting', joinedAt: NOW.toISOString() },
      overrideAccess: true,
    })
    try {
      const after = (await read(NOW)).mentors
      expect(after.waitingTotal + after.laterTotal).toBe(before.waitingTotal + before.laterTotal + 1)
    } finally {
      await payload.delete({ collection: 'waitlist', id: entry.id, overrideAccess: true })
    }
    expect((await read(NOW)).mentors).toEqual(before)
  })

  it("today's and tomorrow's sessions in India time, with the mentor", async () => {
    const { sessions } = await read(sessionsNow)
    expect(sessions.today.map((s) => s.id)).toEqual([sessionIds['Today morning'], sessionIds['Today late']])
    expect(sessions.tomorrow.map((s) => s.id)).toEqual([sessionIds.Tomorrow, sessionIds['Tomorrow, called off']])
    expect(sessions.today[0]).toMatchObject({ mentorId: quiet.id, mentorName: 'Quiet Mentor', durationMinutes: 60, cancelled: false })
    // A cancelled session stays listed, marked (the dashboard strikes it and counts it apart).
    expect(sessions.tomorrow.map((s) => s.cancelled)).toEqual([false, true])
  })

  it('payments and refunds this month against last, by India-time months, complimentary left out', async () => {
    const { money } = await read(NOW)
    expect(money.thisMonth).toMatchObject({
      label: 'March 2027',
      paid: { count: 1, paise: 59900 },
      refunded: { count: 1, paise: 59900 },
    })
    expect(money.lastMonth).toMatchObject({
      label: 'February 2027',
      paid: { count: 2, paise: 2 * 79900 },
      refunded: { count: 1, paise: 79900 },
    })
    expect(money.thisMonth.from).toBe('2027-02-28T18:30:00.000Z')
    // Five minutes into April (India time; still 31 March in UTC), March is last month.
    const april = await read(istAt(2027, 4, 1, 5 / 60))
    expect(april.money.thisMonth).toMatchObject({ label: 'April 2027', paid: { count: 0, paise: 0 }, refunded: { count: 0, paise: 0 } })
    expect(april.money.lastMonth).toMatchObject({
      label: 'March 2027',
      paid: { count: 1, paise: 59900 },
      refunded: { count: 1, paise: 59900 },
    })
  })

  it('the dashboard shows admins the figures with filtered links; staff and mentors see nothing', async () => {
    const staff = await createUser(payload, { roles: ['staff'] })
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const props = (user: User) => ({ payload, user }) as never
    expect(await AttentionDashboard(props(staff))).toBeNull()
    expect(await AttentionDashboard(props(mentorUser))).toBeNull()
    const html = renderToStaticMarkup(await AttentionDashboard(props(admin)))
    expect(html).toContain('2 refund requests waiting for a decision</a>')
    expect(html).toContain(
      `/admin/collections/refund-requests?${new URLSearchParams({ 'where[or][0][and][0][status][equals]': 'requested' })}`,
    )
    expect(html).toContain('Full Mentor')
    expect(html).not.toContain('Full Nobody Waiting')
    expect(html).not.toContain('nobody waiting')
    expect(html).toContain(`/admin/collections/job-failures/${failingStepId}"`)
    expect(html).toMatch(/₹/)
  })

  it('mentor applications open for more than 3 days, oldest first; a newer one and a decided one are not listed', async () => {
    const application = async (name: string, createdAt: Date, status: 'submitted' | 'under-review' | 'declined') =>
      payload.create({
        collection: 'mentor-applications',
        data: {
          name,
          email: `${unique('applicant')}@example.com`,
          company: 'Flipkart',
          role: 'Staff Engineer',
          years: 8,
          profileUrl: 'https://www.linkedin.com/in/someone',
          topics: 'System Design',
          why: 'To give back.',
          status,
          createdAt: createdAt.toISOString(),
          ...(status === 'declined' ? { declineReason: 'Not now.' } : {}),
        },
        overrideAccess: true,
      })
    const fourDays = await application('Waiting Four Days', new Date(NOW.getTime() - 4 * DAY_MS), 'submitted')
    const underReview = await application('Under Review Ten Days', new Date(NOW.getTime() - 10 * DAY_MS), 'under-review')
    await application('Applied Two Days Ago', new Date(NOW.getTime() - 2 * DAY_MS), 'submitted')
    await application('Declined Long Ago', new Date(NOW.getTime() - 20 * DAY_MS), 'declined')

    const { applications } = await read(NOW)
    expect(applications.count).toBe(2)
    expect(applications.rows.map((a) => [a.id, a.name, a.status])).toEqual([
      [underReview.id, 'Under Review Ten Days', 'under-review'],
      [fourDays.id, 'Waiting Four Days', 'submitted'],
    ])
    expect(applications.since).toBe(new Date(NOW.getTime() - 3 * DAY_MS).toISOString())

    const html = renderToStaticMarkup(await AttentionDashboard({ payload, user: admin } as never))
    expect(html).toContain('2 applications</a> open for more than 3 days')
    expect(html).toContain(`/admin/collections/mentor-applications/${fourDays.id}"`)
    expect(html).not.toContain('Applied Two Days Ago')
  })

  it('a database that does not answer leaves a short error line, not a broken /admin', async () => {
    const down = Object.create(payload, {
      db: { value: { drizzle: { execute: async () => Promise.reject(new Error('connection refused')) }, sessions: {} } },
      logger: { value: { error: vi.fn() } },
    }) as Payload
    const html = renderToStaticMarkup(await AttentionDashboard({ payload: down, user: admin } as never))
    expect(html).toContain('could not be loaded')
    expect(html).not.toContain('connection refused')
  })
})
