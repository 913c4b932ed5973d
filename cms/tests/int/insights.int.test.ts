import { HOUR_MS, istMidnight } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { txQuery } from '../../lib/transaction'
import {
  forgetInsights,
  type InsightRow,
  type InsightsFilters,
  type InsightView,
  loadInsightsPage,
  parseInsightsFilters,
  readInsight,
  seatsByMonth,
} from '../../services/insights'
import { type RestClient, reqAs, resetClock, setUpWorld } from '../fixtures'
import { createUser, findPlan, type TestUser } from '../helpers/scenarios'

/**
 * Insights (issue 35; docs/decisions/199-insights.md): every aggregate against a fixture built
 * here row by row in SQL, on a database of this file's own, and counted by hand in the comments
 * below. Then who may see what: the page's data loading and the CSV endpoint for an admin, staff,
 * a mentor, a student and an anonymous caller.
 *
 * Months are India time. Three rows sit on a month's edge where UTC and India disagree (UTC says
 * January, India says February, or February and March): they count in India's month.
 */
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
const persona: Record<'admin' | 'staff' | 'mentor' | 'student', TestUser> = {} as never

/** A moment in India time: at(2027, 3, 15, 10) is 15 March 2027, 10:00 IST. */
const at = (y: number, m: number, d: number, hours = 12, minutes = 0) =>
  new Date(istMidnight(y, m, d).getTime() + hours * HOUR_MS + minutes * 60_000).toISOString()
/** 20 April 2027, 10:00 IST: the range January to April 2027 has begun; May has not. */
const NOW = new Date(at(2027, 4, 20, 10))
const RANGE = { from: '2027-01', to: '2027-04' }

const ids: Record<string, number> = {}
const BT = 59_900 // BEGINNER_TECHY, paise
const PF = 79_900 // PLACEMENT_FOCUSED, paise

async function q(query: ReturnType<typeof sql>) {
  return txQuery<{ id: number }>(await reqAs(), query)
}
async function insert(key: string, query: ReturnType<typeof sql>) {
  const [row] = await q(query)
  ids[key] = Number(row!.id)
  return ids[key]!
}

async function student(key: string, createdAt: string) {
  const id = await insert(
    key,
    sql`INSERT INTO users (email, name, created_at, updated_at) VALUES (${`${key}-insights@test.mentorloop.in`}, ${`Student ${key}`}, ${createdAt}::timestamptz, ${createdAt}::timestamptz) RETURNING id`,
  )
  await q(sql`INSERT INTO users_roles ("order", parent_id, value) VALUES (1, ${id}, 'student') RETURNING id`)
}

async function payment(
  key: string,
  o: { user: string; plan: 'BT' | 'PF'; status: string; createdAt: string; updatedAt?: string; batch?: string; complimentary?: boolean },
) {
  const amount = o.complimentary ? 0 : o.plan === 'BT' ? BT : PF
  await insert(
    key,
    sql`INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, batch_id, created_at, updated_at)
        VALUES (${ids[o.user]}, ${ids[o.plan]}, ${amount}, 'INR', ${o.status}, ${o.complimentary ? 'complimentary' : 'sandbox'},
                ${`insights_${key}`}, ${o.batch ? ids[o.batch]! : null}, ${o.createdAt}::timestamptz, ${o.updatedAt ?? o.createdAt}::timestamptz)
        RETURNING id`,
  )
}

async function batch(key: string, mentor: string, y: number, m: number, capacity: number, status: string) {
  await insert(
    key,
    sql`INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status)
        VALUES (${ids[mentor]}, ${key}, ${istMidnight(y, m, 1).toISOString()}::timestamptz, ${istMidnight(y, m + 1, 0).toISOString()}::timestamptz, ${capacity}, ${status})
        RETURNING id`,
  )
}

async function booking(user: string, b: string, mentor: string, status: string, source: string, createdAt: string, pay?: string) {
  await q(sql`INSERT INTO bookings (user_id, mentor_id, batch_id, status, source, payment_id, created_at, updated_at)
              VALUES (${ids[user]}, ${ids[mentor]}, ${ids[b]}, ${status}, ${source}, ${pay ? ids[pay]! : null}, ${createdAt}::timestamptz, ${createdAt}::timestamptz)
              RETURNING id`)
}

async function refund(
  payKey: string,
  o: { reason: string | null; status: string; createdAt: string; decidedAt?: string; refundedAt?: string; automatic?: boolean },
) {
  const user = (await q(sql`SELECT user_id AS id FROM payments WHERE id = ${ids[payKey]}`))[0]!.id
  await q(sql`INSERT INTO refund_requests (user_id, payment_id, source, reason, status, decided_at, refunded_at, created_at, updated_at)
              VALUES (${user}, ${ids[payKey]}, ${o.automatic ? 'automatic' : 'student'}, ${o.reason}, ${o.status},
                      ${o.decidedAt ?? null}::timestamptz, ${o.refundedAt ?? null}::timestamptz, ${o.createdAt}::timestamptz, ${o.createdAt}::timestamptz)
              RETURNING id`)
}

async function waiting(key: string, user: string, mentor: string, joinedAt: string, status: string) {
  await insert(
    key,
    sql`INSERT INTO waitlist (user_id, mentor_id, status, joined_at) VALUES (${ids[user]}, ${ids[mentor]}, ${status}, ${joinedAt}::timestamptz) RETURNING id`,
  )
}

async function rating(user: string, b: string, mentor: string, stars: number, createdAt: string, hidden = false) {
  await q(sql`INSERT INTO ratings (user_id, batch_id, mentor_id, stars, hidden, created_at, updated_at)
              VALUES (${ids[user]}, ${ids[b]}, ${ids[mentor]}, ${stars}, ${hidden}, ${createdAt}::timestamptz, ${createdAt}::timestamptz) RETURNING id`)
}

const CLARITY = "I didn't feel enough clarity or direction"
const TIMING = "Timing didn't work for me"

beforeAll(async () => {
  // The personas are made at NOW (20 April 2027, the test's clock): the student persona is April's second new student.
  const world = await setUpWorld({ at: NOW, staff: true })
  ;({ payload, rest } = world)
  persona.admin = world.admin
  persona.staff = world.staff
  persona.mentor = await createUser(payload, { roles: ['mentor'] })
  persona.student = await createUser(payload, { roles: ['student'] })
  ids.BT = (await findPlan(payload, 'BEGINNER_TECHY')).id
  ids.PF = (await findPlan(payload, 'PLACEMENT_FOCUSED')).id

  // Two mentors, made in SQL so that no batch opens on its own.
  for (const [key, name] of [
    ['A', 'Asha Insights'],
    ['B', 'Bala Insights'],
  ] as const) {
    await insert(
      key,
      sql`INSERT INTO mentors (name, email, capacity, _status) VALUES (${name}, ${`${key}-insights@test.mentorloop.in`}, 4, 'published') RETURNING id`,
    )
  }

  // Students, by when their account was made (India time):
  //   s1 10 Dec 2026 (before the range) · s2 5 Jan · s3 31 Jan 23:00 · s4 1 Feb 00:30 (UTC: 31 Jan)
  //   s5 14 Feb · s6 3 Mar · s7 20 Mar · s8 2 Apr. A staff account made 10 Feb is not a student.
  // New students: January 2 (s2, s3), February 2 (s4, s5), March 2 (s6, s7), April 2 (s8 and the student persona).
  await student('s1', at(2026, 12, 10))
  await student('s2', at(2027, 1, 5))
  await student('s3', at(2027, 1, 31, 23))
  await student('s4', at(2027, 2, 1, 0, 30))
  await student('s5', at(2027, 2, 14))
  await student('s6', at(2027, 3, 3))
  await student('s7', at(2027, 3, 20))
  await student('s8', at(2027, 4, 2))
  await insert(
    'staffFeb',
    sql`INSERT INTO users (email, name, created_at, updated_at) VALUES ('staff-feb-insights@test.mentorloop.in', 'Staff', ${at(2027, 2, 10)}::timestamptz, now()) RETURNING id`,
  )
  await q(sql`INSERT INTO users_roles ("order", parent_id, value) VALUES (1, ${ids.staffFeb}, 'staff') RETURNING id`)

  // Batches (month = first day, India time): A Dec 2026 (before the range), A Jan size 4, A Feb size 4,
  // B Feb size 2, B Mar cancelled (left out), A Mar size 5.
  await batch('A-Dec', 'A', 2026, 12, 4, 'completed')
  await batch('A-Jan', 'A', 2027, 1, 4, 'completed')
  await batch('A-Feb', 'A', 2027, 2, 4, 'completed')
  await batch('B-Feb', 'B', 2027, 2, 2, 'completed')
  await batch('B-Mar', 'B', 2027, 3, 2, 'cancelled')
  await batch('A-Mar', 'A', 2027, 3, 5, 'running')

  // Payments (BT ₹599, PF ₹799), by order time:
  //   p1  s1 BT completed 10 Dec 2026 (before the range; s1's first purchase)
  //   p2  s1 BT completed 20 Jan          -> paid January (not a first purchase)
  //   p3  s2 PF completed 6 Jan           -> paid January; s2's first purchase
  //   p4  s3 BT refunded 31 Jan 22:00     -> paid January; s3's first; refunded 3 Feb (r1)
  //   p5  s4 BT completed 1 Feb 01:00 IST (UTC: 31 Jan) -> paid February; s4's first
  //   p6  s5 PF complimentary, ₹0, 15 Feb -> not paid, not a purchase
  //   p7  s5 PF completed 20 Feb          -> paid February; s5's first
  //   p8  s6 BT failed 4 Mar              -> nothing
  //   p9  s6 BT completed 5 Mar           -> paid March; s6's first
  //   p10 s2 PF refunded 25 Feb           -> paid February; refund pending, approved 2 Mar (r2) -> refunded March
  //   p11 s7 PF refunded 21 Mar, no request, last changed 1 Apr -> paid March; refunded April; s7's first
  //   p12 s8 BT created 3 Apr (never paid) -> nothing
  await payment('p1', { user: 's1', plan: 'BT', status: 'completed', createdAt: at(2026, 12, 10), batch: 'A-Dec' })
  await payment('p2', { user: 's1', plan: 'BT', status: 'completed', createdAt: at(2027, 1, 20), batch: 'A-Jan' })
  await payment('p3', { user: 's2', plan: 'PF', status: 'completed', createdAt: at(2027, 1, 6), batch: 'A-Jan' })
  await payment('p4', { user: 's3', plan: 'BT', status: 'refunded', createdAt: at(2027, 1, 31, 22), batch: 'A-Jan' })
  await payment('p5', { user: 's4', plan: 'BT', status: 'completed', createdAt: at(2027, 2, 1, 1), batch: 'A-Feb' })
  await payment('p6', { user: 's5', plan: 'PF', status: 'completed', createdAt: at(2027, 2, 15), complimentary: true })
  await payment('p7', { user: 's5', plan: 'PF', status: 'completed', createdAt: at(2027, 2, 20), batch: 'A-Feb' })
  await payment('p8', { user: 's6', plan: 'BT', status: 'failed', createdAt: at(2027, 3, 4) })
  await payment('p9', { user: 's6', plan: 'BT', status: 'completed', createdAt: at(2027, 3, 5), batch: 'A-Mar' })
  await payment('p10', { user: 's2', plan: 'PF', status: 'refunded', createdAt: at(2027, 2, 25), batch: 'B-Feb' })
  await payment('p11', {
    user: 's7',
    plan: 'PF',
    status: 'refunded',
    createdAt: at(2027, 3, 21),
    updatedAt: at(2027, 4, 1, 10),
    batch: 'A-Mar',
  })
  await payment('p12', { user: 's8', plan: 'BT', status: 'created', createdAt: at(2027, 4, 3) })

  // Refund requests, by when they were made:
  //   r0 p1 clarity, rejected, 20 Dec 2026 (before the range)
  //   r1 p4 clarity, refunded (gateway 3 Feb), made 2 Feb
  //   r2 p10 timing, pending (approved 2 Mar), made 1 Mar
  //   r3 p9 timing, rejected, made 10 Mar
  //   r4 p7 timing, requested (open), made 12 Mar
  //   r6 p2 automatic (no reason), failed (open), made 5 Apr
  await refund('p1', { reason: CLARITY, status: 'rejected', createdAt: at(2026, 12, 20) })
  await refund('p4', {
    reason: CLARITY,
    status: 'refunded',
    createdAt: at(2027, 2, 2),
    decidedAt: at(2027, 2, 2, 14),
    refundedAt: at(2027, 2, 3),
  })
  await refund('p10', { reason: TIMING, status: 'pending', createdAt: at(2027, 3, 1), decidedAt: at(2027, 3, 2) })
  await refund('p9', { reason: TIMING, status: 'rejected', createdAt: at(2027, 3, 10) })
  await refund('p7', { reason: TIMING, status: 'requested', createdAt: at(2027, 3, 12) })
  await refund('p2', { reason: null, status: 'failed', createdAt: at(2027, 4, 5), automatic: true })

  // Seats (confirmed or completed count; cancelled do not):
  //   A-Dec: s1                                   (before the range)
  //   A-Jan: s1, s2 (s3 cancelled)                -> 2 of 4, 50%
  //   A-Feb: s1 (continuing), s4 (from the waitlist, 25 Jan), s5 (a held seat, 28 Jan) -> 3 of 4, 75%
  //   B-Feb: s2                                   -> 1 of 2, 50%
  //   B-Mar: s6 cancelled (the batch is cancelled: left out)
  //   A-Mar: s1, s4, s6 (from the waitlist, 27 Feb), s7 -> 4 of 5, 80%
  await booking('s1', 'A-Dec', 'A', 'completed', 'direct', at(2026, 11, 25), 'p1')
  await booking('s1', 'A-Jan', 'A', 'completed', 'continuing', at(2026, 12, 28), 'p2')
  await booking('s2', 'A-Jan', 'A', 'completed', 'direct', at(2027, 1, 6), 'p3')
  await booking('s3', 'A-Jan', 'A', 'cancelled', 'direct', at(2027, 1, 31, 22), 'p4')
  await booking('s1', 'A-Feb', 'A', 'completed', 'continuing', at(2027, 1, 27))
  await booking('s4', 'A-Feb', 'A', 'completed', 'waitlist', at(2027, 1, 25, 10), 'p5')
  await booking('s5', 'A-Feb', 'A', 'completed', 'offer', at(2027, 1, 28, 10), 'p7')
  await booking('s2', 'B-Feb', 'B', 'completed', 'direct', at(2027, 1, 30), 'p10')
  await booking('s6', 'B-Mar', 'B', 'cancelled', 'direct', at(2027, 2, 20))
  await booking('s1', 'A-Mar', 'A', 'confirmed', 'continuing', at(2027, 2, 25))
  await booking('s4', 'A-Mar', 'A', 'confirmed', 'continuing', at(2027, 2, 25))
  await booking('s6', 'A-Mar', 'A', 'confirmed', 'waitlist', at(2027, 2, 27, 10), 'p9')
  await booking('s7', 'A-Mar', 'A', 'confirmed', 'direct', at(2027, 3, 21), 'p11')

  // Waitlist, by when they joined:
  //   w1 s4 A 20 Jan 10:00, assigned -> seat from the waitlist 25 Jan 10:00: 5 days
  //   w2 s5 A 22 Jan 10:00, assigned -> held seat claimed 28 Jan 10:00: 6 days
  //   w3 s7 A 25 Jan, removed        -> s7's later seat is direct: no seat from the waitlist
  //   w4 s6 A 10 Feb 10:00, assigned -> seat from the waitlist 27 Feb 10:00: 17 days
  //   w5 s8 A 15 Mar, waiting · w6 s3 B 18 Mar, waiting · w7 s2 B 28 Dec 2026, waiting (before the range)
  await waiting('w1', 's4', 'A', at(2027, 1, 20, 10), 'assigned')
  await waiting('w2', 's5', 'A', at(2027, 1, 22, 10), 'assigned')
  await waiting('w3', 's7', 'A', at(2027, 1, 25), 'removed')
  await waiting('w4', 's6', 'A', at(2027, 2, 10, 10), 'assigned')
  await waiting('w5', 's8', 'A', at(2027, 3, 15), 'waiting')
  await waiting('w6', 's3', 'B', at(2027, 3, 18), 'waiting')
  await waiting('w7', 's2', 'B', at(2026, 12, 28), 'waiting')

  // Ratings, by when they were given:
  //   g1 s1 A-Jan 5★ 28 Jan · g2 s2 A-Jan 4★ 29 Jan (hidden) · g3 s4 A-Feb 3★ 26 Feb
  //   g4 s5 A-Feb 4★ 1 Mar 00:10 IST (UTC: 28 Feb) · g5 s2 B-Feb 2★ 27 Feb
  await rating('s1', 'A-Jan', 'A', 5, at(2027, 1, 28))
  await rating('s2', 'A-Jan', 'A', 4, at(2027, 1, 29), true)
  await rating('s4', 'A-Feb', 'A', 3, at(2027, 2, 26))
  await rating('s5', 'A-Feb', 'A', 4, at(2027, 3, 1, 0, 10))
  await rating('s2', 'B-Feb', 'B', 2, at(2027, 2, 27))
}, 120_000)

afterAll(resetClock)

const filters = (extra: Record<string, string> = {}): InsightsFilters => parseInsightsFilters({ ...RANGE, ...extra }, NOW)
const read = async (view: InsightView, extra: Record<string, string> = {}) => readInsight(await reqAs(), view, filters(extra), NOW)
/** The rows without the month column, keyed by month, for a compact comparison. */
const byMonth = (rows: InsightRow[]) => Object.fromEntries(rows.map(({ month, ...rest }) => [month, rest]))

describe('the aggregates match the fixture counted by hand', () => {
  it('revenue by month: paid by order time, refunded by refund time, net (India-time months)', async () => {
    const t = await read('revenue')
    expect(byMonth(t.rows)).toEqual({
      // p2 + p3 + p4 (p4 at 22:00 on 31 Jan)
      '2027-01': { payments: 3, paid: BT + PF + BT, refunds: 0, refunded: 0, net: BT + PF + BT },
      // p5 (1 Feb 01:00 IST) + p7 + p10; p6 is complimentary. Refunded: p4 (r1, 3 Feb)
      '2027-02': { payments: 3, paid: BT + PF + PF, refunds: 1, refunded: BT, net: BT + PF + PF - BT },
      // p9 + p11. Refunded: p10 (r2 pending, approved 2 Mar)
      '2027-03': { payments: 2, paid: BT + PF, refunds: 1, refunded: PF, net: BT },
      // Refunded: p11 (no request: its last change, 1 Apr). p12 was never paid.
      '2027-04': { payments: 0, paid: 0, refunds: 1, refunded: PF, net: -PF },
    })
  })

  it('revenue for one plan and for one mentor (the payment’s batch)', async () => {
    expect(byMonth((await read('revenue', { plan: 'BEGINNER_TECHY' })).rows)).toEqual({
      '2027-01': { payments: 2, paid: 2 * BT, refunds: 0, refunded: 0, net: 2 * BT }, // p2, p4
      '2027-02': { payments: 1, paid: BT, refunds: 1, refunded: BT, net: 0 }, // p5; p4 refunded
      '2027-03': { payments: 1, paid: BT, refunds: 0, refunded: 0, net: BT }, // p9
      '2027-04': { payments: 0, paid: 0, refunds: 0, refunded: 0, net: 0 },
    })
    expect(byMonth((await read('revenue', { mentor: String(ids.B) })).rows)).toEqual({
      '2027-01': { payments: 0, paid: 0, refunds: 0, refunded: 0, net: 0 },
      '2027-02': { payments: 1, paid: PF, refunds: 0, refunded: 0, net: PF }, // p10 (B-Feb)
      '2027-03': { payments: 0, paid: 0, refunds: 1, refunded: PF, net: -PF }, // p10 refunded
      '2027-04': { payments: 0, paid: 0, refunds: 0, refunded: 0, net: 0 },
    })
  })

  it('refunds by reason: requests made in the range, most first', async () => {
    expect((await read('refunds')).rows).toEqual([
      // r2 (pending: refunded, ₹799), r3 rejected, r4 requested
      { reason: TIMING, requests: 3, refunded: 1, refundedPaise: PF, rejected: 1, open: 1 },
      // r6: failed, still open
      { reason: 'Automatic: a credit no seat used', requests: 1, refunded: 0, refundedPaise: 0, rejected: 0, open: 1 },
      // r1 (r0 is from December)
      { reason: CLARITY, requests: 1, refunded: 1, refundedPaise: BT, rejected: 0, open: 0 },
    ])
  })

  it('seats filled per batch, and per month across its batches', async () => {
    const t = await read('seats')
    expect(t.rows).toEqual([
      { month: '2027-03', mentor: 'Asha Insights', batch: 'A-Mar', seated: 4, capacity: 5, filled: 80 },
      { month: '2027-02', mentor: 'Asha Insights', batch: 'A-Feb', seated: 3, capacity: 4, filled: 75 },
      { month: '2027-02', mentor: 'Bala Insights', batch: 'B-Feb', seated: 1, capacity: 2, filled: 50 },
      { month: '2027-01', mentor: 'Asha Insights', batch: 'A-Jan', seated: 2, capacity: 4, filled: 50 },
    ])
    expect(byMonth(seatsByMonth(t, filters()))).toEqual({
      '2027-01': { batches: 1, seated: 2, capacity: 4, filled: 50 },
      '2027-02': { batches: 2, seated: 4, capacity: 6, filled: 66.7 },
      '2027-03': { batches: 1, seated: 4, capacity: 5, filled: 80 },
      '2027-04': { batches: 0, seated: 0, capacity: 0, filled: null },
    })
    expect((await read('seats', { mentor: String(ids.B) })).rows.map((r) => r.batch)).toEqual(['B-Feb'])
  })

  it('the waitlist: who joined, who got a seat and how fast, who still waits', async () => {
    const t = await read('waitlist')
    expect(byMonth(t.rows)).toEqual({
      // w1 (5 days), w2 (6 days), w3 (no seat): median 5.5 days
      '2027-01': { joined: 3, seated: 2, seatedShare: 66.7, medianDays: 5.5, waiting: 0 },
      '2027-02': { joined: 1, seated: 1, seatedShare: 100, medianDays: 17, waiting: 0 }, // w4
      '2027-03': { joined: 2, seated: 0, seatedShare: 0, medianDays: null, waiting: 2 }, // w5, w6
      '2027-04': { joined: 0, seated: 0, seatedShare: null, medianDays: null, waiting: 0 },
    })
    expect(t.facts).toEqual([{ label: 'Waiting now', value: 3 }]) // w5, w6, w7
    const a = await read('waitlist', { mentor: String(ids.A) })
    expect(a.facts).toEqual([{ label: 'Waiting now', value: 1 }]) // w5
    expect(a.rows.map((r) => r.joined)).toEqual([3, 1, 1, 0])
  })

  it('renewals: of the students seated in a month, how many are seated the next month', async () => {
    expect(byMonth((await read('renewals')).rows)).toEqual({
      // January {s1, s2}: s1 (A-Feb, same mentor) and s2 (B-Feb) are seated in February
      '2027-01': { seated: 2, continued: 2, continuedShare: 100, sameMentor: 1, nextMonth: 'begun' },
      // February {s1, s4, s5, s2}: s1 and s4 in A-Mar; s2's B-Mar batch was cancelled
      '2027-02': { seated: 4, continued: 2, continuedShare: 50, sameMentor: 2, nextMonth: 'begun' },
      // March {s1, s4, s6, s7}: nobody in April
      '2027-03': { seated: 4, continued: 0, continuedShare: 0, sameMentor: 0, nextMonth: 'begun' },
      '2027-04': { seated: 0, continued: 0, continuedShare: null, sameMentor: 0, nextMonth: 'not begun yet' },
    })
    // Seats paid with PLACEMENT_FOCUSED: January s2 (p3) continued; February s2 (p10), s5 (p7) did not; March s7 (p11).
    const pf = byMonth((await read('renewals', { plan: 'PLACEMENT_FOCUSED' })).rows)
    expect([
      pf['2027-01']?.seated,
      pf['2027-01']?.continued,
      pf['2027-02']?.seated,
      pf['2027-02']?.continued,
      pf['2027-03']?.seated,
    ]).toEqual([1, 1, 2, 0, 1])
    // Mentor B: February s2 only, not seated in March.
    const b = byMonth((await read('renewals', { mentor: String(ids.B) })).rows)
    expect([b['2027-01']?.seated, b['2027-02']?.seated, b['2027-02']?.continued, b['2027-03']?.seated]).toEqual([0, 1, 0, 0])
  })

  it('ratings over time: how many and their average, hidden ones counted', async () => {
    expect(byMonth((await read('ratings')).rows)).toEqual({
      '2027-01': { ratings: 2, average: 4.5, hidden: 1 }, // g1 5, g2 4 (hidden)
      '2027-02': { ratings: 2, average: 2.5, hidden: 0 }, // g3 3, g5 2
      '2027-03': { ratings: 1, average: 4, hidden: 0 }, // g4 at 00:10 IST on 1 Mar
      '2027-04': { ratings: 0, average: null, hidden: 0 },
    })
    expect((await read('ratings', { mentor: String(ids.A) })).rows.map((r) => r.ratings)).toEqual([2, 1, 1, 0])
  })

  it('new students and first purchases', async () => {
    expect(byMonth((await read('students')).rows)).toEqual({
      '2027-01': { newStudents: 2, firstPurchases: 2 }, // s2, s3; p3, p4
      '2027-02': { newStudents: 2, firstPurchases: 2 }, // s4 (00:30 IST), s5; p5, p7 (p6 complimentary)
      '2027-03': { newStudents: 2, firstPurchases: 2 }, // s6, s7; p9, p11
      '2027-04': { newStudents: 2, firstPurchases: 0 }, // s8, the student persona (p12 never paid)
    })
    // First purchases of PLACEMENT_FOCUSED: s2 (p3), s5 (p7), s7 (p11). New students are not filtered.
    expect((await read('students', { plan: 'PLACEMENT_FOCUSED' })).rows.map((r) => [r.newStudents, r.firstPurchases])).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
      [2, 0],
    ])
  })
})

describe('who sees what: the page’s data loading', () => {
  const pageAs = async (who: keyof typeof persona | 'anonymous') => {
    const req = await reqAs(who === 'anonymous' ? undefined : persona[who])
    return loadInsightsPage(req, RANGE, NOW)
  }

  it('an admin gets every view, money included', async () => {
    const page = await pageAs('admin')
    expect(page.views).toEqual(['revenue', 'refunds', 'seats', 'waitlist', 'renewals', 'ratings', 'students'])
    expect(page.tables.map((t) => t.view)).toEqual(page.views)
    expect(page.mentors.map((m) => m.name)).toEqual(expect.arrayContaining(['Asha Insights', 'Bala Insights']))
  })

  it('staff get the marketing views and no money figure', async () => {
    const page = await pageAs('staff')
    expect(page.views).toEqual(['seats', 'waitlist', 'renewals', 'ratings', 'students'])
    expect(page.tables.map((t) => t.view)).toEqual(page.views)
    expect(page.tables.flatMap((t) => t.columns).some((c) => c.kind === 'paise')).toBe(false)
  })

  it('a mentor, a student and an anonymous caller get nothing', async () => {
    for (const who of ['mentor', 'student', 'anonymous'] as const) {
      const page = await pageAs(who)
      expect(page.views, who).toEqual([])
      expect(page.tables, who).toEqual([])
      expect(page.mentors, who).toEqual([])
    }
  })

  it('filters that do not parse fall back to the last six months, with the reason', async () => {
    const page = await pageAs('staff')
    expect(page.filterError).toBeNull()
    const bad = await loadInsightsPage(await reqAs(persona.staff), { from: '2027-05', to: '2027-01' }, NOW)
    expect(bad.filterError).toBe('The first month must not be after the last month.')
    expect(bad.filters.from).toEqual({ year: 2026, month: 11 })
    expect(bad.filters.to).toEqual({ year: 2027, month: 4 })
  })
})

describe('the page reads its figures at most a minute apart (services/insights/cache.ts)', () => {
  const revenueIn = (page: Awaited<ReturnType<typeof loadInsightsPage>>, month: string) =>
    page.tables.find((t) => t.view === 'revenue')!.rows.find((r) => r.month === month)!
  const later = (ms: number) => new Date(NOW.getTime() + ms)

  it('a payment made meanwhile shows once asked to read again, or a minute later; staff share the reads of their views', async () => {
    forgetInsights()
    const req = await reqAs(persona.admin)
    const first = await loadInsightsPage(req, RANGE, NOW)
    expect(first.readAt).toBe(NOW.toISOString())
    expect(revenueIn(first, '2027-03')).toMatchObject({ payments: 2, paid: BT + PF })
    await payment('cacheP', { user: 's1', plan: 'BT', status: 'completed', createdAt: at(2027, 3, 20) })
    try {
      // Within the minute: the same figures, read at the same time, for the admin and for staff.
      const soon = await loadInsightsPage(req, RANGE, later(59_000))
      expect(soon.readAt).toBe(NOW.toISOString())
      expect(revenueIn(soon, '2027-03')).toMatchObject({ payments: 2, paid: BT + PF })
      const staff = await loadInsightsPage(await reqAs(persona.staff), RANGE, later(59_000))
      expect(staff.tables.find((t) => t.view === 'seats')).toEqual(first.tables.find((t) => t.view === 'seats'))
      // Asked to read again: the new payment, and the time it was read.
      const fresh = await loadInsightsPage(req, RANGE, later(59_000), { fresh: true })
      expect(fresh.readAt).toBe(later(59_000).toISOString())
      expect(revenueIn(fresh, '2027-03')).toMatchObject({ payments: 3, paid: BT + PF + BT })
      // Kept for a minute after that read (from 45 s on, read again behind the reader), then read anew.
      expect((await loadInsightsPage(await reqAs(persona.staff), RANGE, later(118_999))).readAt).toBe(later(59_000).toISOString())
      const anew = await loadInsightsPage(await reqAs(persona.staff), RANGE, later(119_000))
      expect(Date.parse(anew.readAt!)).toBeGreaterThanOrEqual(later(118_999).getTime())
    } finally {
      await q(sql`DELETE FROM payments WHERE id = ${ids.cacheP!} RETURNING id`)
      forgetInsights()
    }
  })
})

describe('who sees what: the CSV export', () => {
  const csv = (view: string, token?: string, query = 'from=2027-01&to=2027-04') => rest.get(`/insights/${view}.csv?${query}`, { token })

  it.each([
    ['admin', 200, 200],
    ['staff', 403, 200],
    ['mentor', 403, 403],
    ['student', 403, 403],
    ['anonymous', 401, 401],
  ] as const)('%s: revenue %i, seats %i', async (who, money, marketing) => {
    const token = who === 'anonymous' ? undefined : persona[who].token
    expect((await csv('revenue', token)).status).toBe(money)
    expect((await csv('refunds', token)).status).toBe(money)
    for (const view of ['seats', 'waitlist', 'renewals', 'ratings', 'students'])
      expect((await csv(view, token)).status, view).toBe(marketing)
  })

  it('the revenue CSV holds the hand-counted figures in rupees', async () => {
    const res = await csv('revenue', persona.admin.token)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="mentorloop-revenue-2027-01-to-2027-04.csv"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(
      String(res.body)
        .replace(/^\uFEFF/, '')
        .split('\r\n'),
    ).toEqual([
      'Month,Payments,Paid,Refunds,Refunded,Net',
      '2027-01,3,1997.00,0,0.00,1997.00',
      '2027-02,3,2197.00,1,599.00,1598.00',
      '2027-03,2,1398.00,1,799.00,599.00',
      '2027-04,0,0.00,1,799.00,-799.00',
      '',
    ])
  })

  it('the refunds CSV holds each reason as the student chose it', async () => {
    const res = await csv('refunds', persona.admin.token)
    const lines = String(res.body)
      .replace(/^\uFEFF/, '')
      .split('\r\n')
    expect(lines[1]).toBe(`${TIMING},3,1,799.00,1,1`)
  })

  it('bad filters and unknown views are a 400 with the reason, never a 500', async () => {
    const reversed = await csv('seats', persona.staff.token, 'from=2027-05&to=2027-01')
    expect(reversed.status).toBe(400)
    expect(JSON.stringify(reversed.body)).toContain('The first month must not be after the last month.')
    expect((await csv('seats', persona.staff.token, 'from=2027-13')).status).toBe(400)
    expect((await csv('seats', persona.staff.token, 'from=2020-01&to=2027-01')).status).toBe(400)
    expect((await csv('seats', persona.staff.token, 'mentor=abc')).status).toBe(400)
    expect((await csv('seats', persona.staff.token, 'plan=NOPE')).status).toBe(400)
    expect((await csv('nothing', persona.admin.token)).status).toBe(400)
  })
})
