import { istMidnight, REFUND_REASON_OTHER } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import fc from 'fast-check'
import { createLocalReq, type Payload } from 'payload'
import { vi } from 'vitest'
import { runTimeWork } from '../../jobs/time'
import { AppError } from '../../lib/errors'
import { txQuery } from '../../lib/transaction'
import { flushOutbox } from '../../notifications/outbox'
import { claimOffer, declineOffer } from '../../services/batches/offers'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { createOrderForPlan, verifyAndCompletePayment } from '../../services/payments'
import { requestRefund } from '../../services/payments/refunds'
import { grantComplimentaryPlan } from '../../services/plans/grantPlan'
import { runRefundJobs, sandbox } from '../helpers/payments'
import { createMentor, findPlan } from '../helpers/scenarios'
import * as M from './model'

/**
 * The real side of the model-based test (docs/decisions/073-a-model-of-the-rules.md): a small world
 * (2-3 mentors, 4-6 students, 1-3 seats) driven through the real services on PostgreSQL with a
 * moved clock, and after every step its state read back in the model's terms, compared with the
 * pure model (./model.ts) and checked against the invariants.
 */

export type World = {
  payload: Payload
  mentors: number[]
  students: { id: number; email: string; name: string }[]
  admin: { id: number; email: string; roles: string[] }
  /** Real payment id -> model payment id. */
  payments: Map<number, number>
  /** Orders started and not yet paid: per student, the order and the held seat it was for. */
  pending: Map<number, { orderId: string; offerId?: number }>
  steps: string[]
}

export type Box = { m: M.Model }
/** Orders started and not paid yet, in the model: the held seat each was for and its payment's id. */
type PendingModel = M.Model & { pending?: Map<number, { offerId?: number; id: number }> }

const req = (w: World) => createLocalReq({}, w.payload)
const q = async <T extends Record<string, unknown>>(w: World, query: ReturnType<typeof sql>) => txQuery<T>(await req(w), query)

/** Empties the seat tables (one database reused by every run: no Payload restart). */
export async function resetWorld(payload: Payload): Promise<void> {
  const r = await createLocalReq({}, payload)
  await txQuery(
    r,
    sql`TRUNCATE users, mentors, batches, bookings, seat_offers, waitlist, payments, refund_requests, email_outbox, notices,
                 payload_jobs, payload_jobs_log, job_failures, payment_events RESTART IDENTITY CASCADE`,
  )
}

export async function makeWorld(
  payload: Payload,
  opts: { start: Date; capacities: number[]; students: number },
): Promise<{ w: World; box: Box }> {
  vi.setSystemTime(opts.start)
  await resetWorld(payload)
  await findPlan(payload, 'BEGINNER_TECHY')
  const r = await createLocalReq({}, payload)
  const made = await txQuery<{ id: number; email: string; name: string }>(
    r,
    sql`INSERT INTO users (email, name, password_login, created_at, updated_at)
        SELECT 'model-' || g || '@model.mentorloop.in', 'Model Student ' || g, false, now(), now() FROM generate_series(0, ${opts.students}) g
        ORDER BY g RETURNING id, email, name`,
  )
  const students = made.slice(0, opts.students).map((u) => ({ id: Number(u.id), email: u.email, name: u.name }))
  const adminRow = made[opts.students]!
  await txQuery(
    r,
    sql`INSERT INTO users_roles ("order", parent_id, value)
        SELECT 1, u.id, CASE WHEN u.id = ${adminRow.id} THEN 'admin' ELSE 'student' END::enum_users_roles FROM users u`,
  )
  const mentors: number[] = []
  for (let i = 0; i < opts.capacities.length; i++)
    mentors.push((await createMentor(payload, { capacity: opts.capacities[i]!, name: `Model Mentor ${i}` })).id)
  const w: World = {
    payload,
    mentors,
    students,
    admin: { id: Number(adminRow.id), email: adminRow.email, roles: ['admin'] },
    payments: new Map(),
    pending: new Map(),
    steps: [],
  }
  return { w, box: { m: M.newModel(opts.start.getTime(), opts.capacities, opts.students) } }
}

// ---------------------------------------------------------------------------------------------
// Reading the real state in the model's terms
// ---------------------------------------------------------------------------------------------

const ym = (d: Date | string) => {
  const x = new Date(new Date(d).getTime() + 5.5 * 3_600_000)
  return `${x.getUTCFullYear()}-${String(x.getUTCMonth() + 1).padStart(2, '0')}`
}
const iso = (ms: number | string | Date) => new Date(ms).toISOString()

export type Projection = {
  batches: string[]
  bookings: string[]
  offers: string[]
  queues: string[]
  payments: string[]
  refunds: string[]
  mails: string[]
}

const MAILS = [
  'seat-confirmed',
  'waitlist-seat-assigned',
  'booking-confirmed',
  'seat-offer',
  'seat-offer-expired',
  'continuing-no-seat',
  'credit-refunded',
  'credit-lapsed',
  'refund-late-payment',
  'booking-cancelled',
  'payment-receipt',
  'waitlist-joined',
  'refund-approved',
  'refund-requested',
]

export function projectModel(m: M.Model): Projection {
  const bkey = (id: number) => {
    const b = m.batches.find((x) => x.id === id)!
    return `m${b.mentor} ${b.year}-${String(b.month).padStart(2, '0')}`
  }
  return {
    batches: m.batches.map((b) => `${bkey(b.id)} ${b.status} cap${b.capacity}`).sort(),
    bookings: m.bookings.map((x) => `s${x.student} ${bkey(x.batch)} ${x.status} ${x.source} pay${x.payment}`).sort(),
    offers: m.offers.map((o) => `s${o.student} ${bkey(o.batch)} ${o.kind} ${o.status} until ${iso(o.expiresAt)}`).sort(),
    queues: m.mentors.map(
      (_, i) =>
        `m${i}: ${m.waitlist
          .filter((e) => e.mentor === i && e.status === 'waiting')
          .sort((a, b) => a.joinedAt - b.joinedAt || a.id - b.id)
          .map((e) => `s${e.student}`)
          .join(',')}`,
    ),
    payments: m.payments
      .map(
        (p) =>
          `pay${p.id} s${p.student} ${p.status} ${
            p.status !== 'completed'
              ? ''
              : p.batch !== null
                ? bkey(p.batch)
                : p.creditEnded
                  ? 'credit-ended'
                  : `credit until ${iso(p.ends)}`
          }`,
      )
      .sort(),
    refunds: m.refunds.map((r) => `pay${r.payment} ${r.status}`).sort(),
    mails: [...m.mails.entries()]
      .filter(([k, n]) => n > 0 && MAILS.includes(k.split(':')[1]!))
      .map(([k, n]) => `s${k.replace(':', ' ')} x${n}`)
      .sort(),
  }
}

export async function projectReal(w: World): Promise<Projection> {
  const mIdx = new Map(w.mentors.map((id, i) => [id, i]))
  const sIdx = new Map(w.students.map((s, i) => [s.id, i]))
  const byEmail = new Map(w.students.map((s, i) => [s.email, i]))
  // Everything in one statement (one round trip per step).
  const all = (query: ReturnType<typeof sql>) => sql`(SELECT COALESCE(json_agg(x), '[]'::json) FROM (${query}) x)`
  const [r] = await q<{
    batches: { id: number; mentor_id: number; starts_on: string; status: string; capacity: number }[]
    bookings: { user_id: number; batch_id: number; status: string; source: string; payment_id: number | null }[]
    offers: { user_id: number; batch_id: number; kind: string; status: string; expires_at: string }[]
    waiting: { user_id: number; mentor_id: number }[]
    payments: {
      id: number
      user_id: number
      status: string
      batch_id: number | null
      credit_ended_at: string | null
      subscription_ends: string
    }[]
    refunds: { payment_id: number; status: string }[]
    mails: { to: string; template: string; n: number }[]
  }>(
    w,
    sql`SELECT
      ${all(sql`SELECT b.id, b.mentor_id, b.starts_on, b.status, COALESCE(b.capacity, m.capacity) AS capacity FROM batches b JOIN mentors m ON m.id = b.mentor_id`)} AS batches,
      ${all(sql`SELECT user_id, batch_id, status, source, payment_id FROM bookings`)} AS bookings,
      ${all(sql`SELECT user_id, batch_id, kind, status, expires_at FROM seat_offers`)} AS offers,
      ${all(sql`SELECT user_id, mentor_id FROM waitlist WHERE status = 'waiting' ORDER BY joined_at, id`)} AS waiting,
      ${all(sql`SELECT id, user_id, status, batch_id, credit_ended_at, subscription_ends FROM payments WHERE status IN ('completed', 'refunded')`)} AS payments,
      ${all(sql`SELECT payment_id, status FROM refund_requests`)} AS refunds,
      ${all(sql`SELECT "to", template, count(*)::int AS n FROM email_outbox GROUP BY 1, 2`)} AS mails`,
  )
  const { batches, bookings, offers, waiting, payments, refunds, mails } = r!
  const bk = new Map(batches.map((b) => [Number(b.id), `m${mIdx.get(Number(b.mentor_id))} ${ym(b.starts_on)}`]))
  const pay = (id: number | null) => (id === null ? 'none' : `${w.payments.get(Number(id)) ?? `real${id}`}`)
  return {
    batches: batches.map((b) => `${bk.get(Number(b.id))} ${b.status} cap${Number(b.capacity)}`).sort(),
    bookings: bookings
      .map((x) => `s${sIdx.get(Number(x.user_id))} ${bk.get(Number(x.batch_id))} ${x.status} ${x.source} pay${pay(x.payment_id)}`)
      .sort(),
    offers: offers
      .map((o) => `s${sIdx.get(Number(o.user_id))} ${bk.get(Number(o.batch_id))} ${o.kind} ${o.status} until ${iso(o.expires_at)}`)
      .sort(),
    queues: w.mentors.map(
      (id, i) =>
        `m${i}: ${waiting
          .filter((e) => Number(e.mentor_id) === id)
          .map((e) => `s${sIdx.get(Number(e.user_id))}`)
          .join(',')}`,
    ),
    payments: payments
      .map(
        (p) =>
          `pay${pay(p.id)} s${sIdx.get(Number(p.user_id))} ${p.status} ${
            p.status !== 'completed'
              ? ''
              : p.batch_id !== null
                ? bk.get(Number(p.batch_id))
                : p.credit_ended_at
                  ? 'credit-ended'
                  : `credit until ${iso(p.subscription_ends)}`
          }`,
      )
      .sort(),
    refunds: refunds.map((r) => `pay${pay(r.payment_id)} ${r.status === 'pending' ? 'refunded' : r.status}`).sort(),
    mails: mails
      .filter((x) => byEmail.has(x.to) && MAILS.includes(x.template))
      .map((x) => `s${byEmail.get(x.to)} ${x.template} x${Number(x.n)}`)
      .sort(),
  }
}

/** The first difference between two projections, or null. */
export function diff(model: Projection, real: Projection): string | null {
  for (const k of Object.keys(model) as (keyof Projection)[]) {
    const a = JSON.stringify(model[k], null, 1)
    const b = JSON.stringify(real[k], null, 1)
    if (a !== b) return `${k} differ:\n model: ${JSON.stringify(model[k])}\n real:  ${JSON.stringify(real[k])}`
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Invariants on the real state (whatever the model says)
// ---------------------------------------------------------------------------------------------

export async function realInvariants(w: World, afterTick: boolean): Promise<string[]> {
  // Every check is one SELECT of offending rows; all of them go to the database in one statement.
  const checks: [string, ReturnType<typeof sql>][] = []
  const check = async (name: string, query: ReturnType<typeof sql>) => {
    checks.push([name, query])
  }
  await check(
    'a batch over capacity',
    sql`SELECT b.id FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE (SELECT count(*) FROM bookings WHERE batch_id = b.id AND status = 'confirmed')
             + (SELECT count(*) FROM seat_offers WHERE batch_id = b.id AND status = 'held') > COALESCE(b.capacity, m.capacity)`,
  )
  await check(
    'two seats in one month',
    sql`SELECT bk.user_id, bt.starts_on FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
         WHERE bk.status IN ('confirmed', 'completed') GROUP BY bk.user_id, bt.starts_on HAVING count(*) > 1`,
  )
  await check(
    'seated and waiting for the same mentor',
    sql`SELECT w.user_id, w.mentor_id FROM waitlist w
         WHERE w.status = 'waiting' AND EXISTS (
           SELECT 1 FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
            WHERE bk.user_id = w.user_id AND bk.mentor_id = w.mentor_id AND bk.status = 'confirmed' AND bt.status = 'open')`,
  )
  await check(
    'more than one held seat for a student',
    sql`SELECT user_id FROM seat_offers WHERE status = 'held' GROUP BY user_id HAVING count(*) > 1`,
  )
  await check(
    'a held seat beside a seat of the same month',
    sql`SELECT o.user_id FROM seat_offers o JOIN batches bt ON bt.id = o.batch_id
         WHERE o.status = 'held' AND EXISTS (
           SELECT 1 FROM bookings bk JOIN batches b2 ON b2.id = bk.batch_id
            WHERE bk.user_id = o.user_id AND bk.status = 'confirmed' AND b2.starts_on = bt.starts_on)`,
  )
  await check(
    'a hold in a batch that no longer takes students',
    sql`SELECT o.id FROM seat_offers o JOIN batches bt ON bt.id = o.batch_id WHERE o.status = 'held' AND bt.status NOT IN ('open', 'running')`,
  )
  await check(
    'a claimed hold without its booking',
    sql`SELECT o.id FROM seat_offers o WHERE o.status = 'claimed' AND NOT EXISTS (
          SELECT 1 FROM bookings b WHERE b.id = o.claimed_booking_id AND b.user_id = o.user_id AND b.batch_id = o.batch_id)`,
  )
  await check(
    'an expired hold whose student was not told',
    sql`SELECT o.id FROM seat_offers o WHERE o.status = 'expired' AND NOT EXISTS (
          SELECT 1 FROM email_outbox e WHERE e.dedupe_key = 'seat-offer-expired:' || o.id)`,
  )
  if (afterTick)
    await check(
      'a hold past its time after a tick',
      sql`SELECT o.id FROM seat_offers o WHERE o.status = 'held' AND o.expires_at <= ${new Date().toISOString()}::timestamptz`,
    )
  // Money: every completed mentorship payment pays for exactly one seat, is a credit, or is on its way back.
  await check(
    'a seat not paid for by its own payment',
    sql`SELECT bk.id FROM bookings bk LEFT JOIN payments p ON p.id = bk.payment_id
         WHERE bk.status IN ('confirmed', 'completed') AND (p.id IS NULL OR p.status <> 'completed' OR p.batch_id IS DISTINCT FROM bk.batch_id)`,
  )
  await check(
    'one payment for two seats',
    sql`SELECT payment_id FROM bookings WHERE status IN ('confirmed', 'completed') GROUP BY payment_id HAVING count(*) > 1`,
  )
  await check(
    'a payment for a batch with no seat there',
    sql`SELECT p.id FROM payments p WHERE p.status = 'completed' AND p.batch_id IS NOT NULL AND NOT EXISTS (
          SELECT 1 FROM bookings b WHERE b.payment_id = p.id AND b.batch_id = p.batch_id
             AND (b.status IN ('confirmed', 'completed') OR (b.status = 'cancelled' AND EXISTS (
                  SELECT 1 FROM batches bt WHERE bt.id = b.batch_id AND bt.status <> 'open'))))`,
  )
  await check(
    'a paid credit ended without a refund',
    sql`SELECT p.id FROM payments p WHERE p.status = 'completed' AND p.batch_id IS NULL AND p.credit_ended_at IS NOT NULL
          AND p.gateway <> 'complimentary'
          AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.payment_id = p.id AND r.status IN ('approved', 'pending', 'refunded'))`,
  )
  await check(
    'a refunded payment still paying for a seat',
    sql`SELECT p.id FROM payments p JOIN bookings b ON b.payment_id = p.id WHERE p.status = 'refunded' AND b.status = 'confirmed'`,
  )
  await check(
    'a refunded credit still usable',
    sql`SELECT p.id FROM payments p WHERE p.status = 'refunded' AND p.batch_id IS NULL AND p.credit_ended_at IS NULL`,
  )
  if (afterTick)
    await check(
      'a credit past its deadline after a tick',
      sql`SELECT p.id FROM payments p WHERE p.status = 'completed' AND p.batch_id IS NULL AND p.credit_ended_at IS NULL
            AND p.subscription_ends <= ${new Date().toISOString()}::timestamptz`,
    )
  await check(
    'an e-mail queued twice',
    sql`SELECT dedupe_key FROM email_outbox WHERE dedupe_key IS NOT NULL GROUP BY dedupe_key HAVING count(*) > 1`,
  )
  await check('a job left running', sql`SELECT id FROM payload_jobs WHERE processing = true`)
  await check('a job that failed', sql`SELECT id, task_slug, error FROM payload_jobs WHERE has_error IS TRUE OR error IS NOT NULL`)
  const rows = await q<{ name: string; rows: unknown }>(
    w,
    sql.join(
      checks.map(([name, query]) => sql`(SELECT ${name}::text AS name, json_agg(x) AS rows FROM (${query}) x HAVING count(*) > 0)`),
      sql` UNION ALL `,
    ),
  )
  return rows.map((r) => `${r.name}: ${JSON.stringify(r.rows)}`)
}

// ---------------------------------------------------------------------------------------------
// The actions
// ---------------------------------------------------------------------------------------------

/** Runs a real action; an AppError (or a validation refusal) is an answer, anything else a failure. */
async function answer(fn: () => Promise<string>): Promise<M.Outcome> {
  try {
    return { ok: true, kind: await fn() }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, code: error.code }
    const e = error as { name?: string; status?: number }
    if (e?.name === 'APIError' || e?.name === 'ValidationError' || e?.status === 400) return { ok: false, code: 'VALIDATION' }
    throw error
  }
}

const same = (a: M.Outcome, b: M.Outcome) => (a.ok && b.ok ? true : !a.ok && !b.ok ? a.code === b.code : false)

export type Act = {
  name: string
  apply: (m: M.Model) => M.Outcome | undefined
  real: (w: World) => Promise<M.Outcome | undefined>
  tick?: boolean
  /** Work on two workers at once: every order the model allows; the real run must match one. */
  either?: (m: M.Model) => ((m: M.Model) => void)[]
}

async function heldOfferOf(w: World, student: number): Promise<number | undefined> {
  const [row] = await q<{ id: number }>(
    w,
    sql`SELECT id FROM seat_offers WHERE user_id = ${w.students[student]!.id} AND status = 'held' ORDER BY id LIMIT 1`,
  )
  return row ? Number(row.id) : undefined
}
const modelHeld = (m: M.Model, s: number) => m.offers.filter((o) => o.student === s && o.status === 'held').sort((a, b) => a.id - b.id)[0]

async function order(w: World, s: number, offerId?: number) {
  const user = w.students[s]!
  const r = await createLocalReq({ user: { ...user, collection: 'users' } as never }, w.payload)
  return createOrderForPlan({ payload: w.payload, user, planCode: 'BEGINNER_TECHY', offerId, req: r })
}
async function pay(w: World, s: number, orderId: string) {
  const paid = sandbox.pay(orderId)
  const done = await verifyAndCompletePayment(
    await req(w),
    { ...w.students[s]!, roles: ['student'] },
    {
      razorpay_order_id: paid.orderId,
      razorpay_payment_id: paid.paymentId,
      razorpay_signature: paid.signature,
    },
  )
  return Number(done.payment.id)
}

export const acts = {
  buy: (s: number, forHold: boolean, payNow: boolean): Act => {
    let offer: number | undefined
    let modelPayment: number | undefined
    return {
      name: `buy(s${s}${forHold ? ', for the held seat' : ''}${payNow ? '' : ', pays later'})`,
      apply: (m) => {
        const o = forHold ? modelHeld(m, s) : undefined
        const out = M.startCheckout(m, s, o?.id)
        if (!out.ok) return out
        // The payment's id is taken when the order is created (the oldest credit is the lowest id).
        const id = m.nextId.payment++
        if (payNow) modelPayment = M.completePayment(m, s, o?.id, id).id
        else {
          const pm = m as PendingModel
          pm.pending ??= new Map()
          pm.pending.set(s, { offerId: o?.id, id })
        }
        return out
      },
      real: async (w) => {
        offer = forHold ? await heldOfferOf(w, s) : undefined
        return answer(async () => {
          const o = await order(w, s, offer)
          if (!payNow) {
            w.pending.set(s, { orderId: o.orderId, offerId: offer })
            return 'order'
          }
          const id = await pay(w, s, o.orderId)
          w.payments.set(id, modelPayment ?? -1)
          return 'order'
        })
      },
    }
  },
  payPending: (s: number): Act => {
    let modelPayment: number | undefined
    return {
      name: `pay the order s${s} started`,
      apply: (m) => {
        const pending = (m as PendingModel).pending
        const order = pending?.get(s)
        if (!order) return undefined
        pending!.delete(s)
        modelPayment = M.completePayment(m, s, order.offerId, order.id).id
        return { ok: true, kind: 'paid' }
      },
      real: async (w) => {
        const p = w.pending.get(s)
        if (!p) return undefined
        w.pending.delete(s)
        const id = await pay(w, s, p.orderId)
        w.payments.set(id, modelPayment ?? -1)
        return { ok: true, kind: 'paid' }
      },
    }
  },
  grant: (s: number): Act => {
    let modelPayment: number | undefined
    return {
      name: `grant(s${s})`,
      apply: (m) => {
        modelPayment = M.grant(m, s).id
        return { ok: true, kind: 'granted' }
      },
      real: async (w) => {
        const g = await grantComplimentaryPlan(await req(w), { email: w.students[s]!.email, planRef: 'BEGINNER_TECHY', grantedBy: w.admin })
        w.payments.set(Number(g.payment.id), modelPayment ?? -1)
        return { ok: true, kind: 'granted' }
      },
    }
  },
  book: (s: number, mentor: number): Act => ({
    name: `book(s${s}, m${mentor})`,
    apply: (m) => M.book(m, s, mentor),
    real: (w) => answer(async () => (await createBooking(await req(w), { userId: w.students[s]!.id, mentorId: w.mentors[mentor]! })).kind),
  }),
  join: (s: number, mentor: number): Act => ({
    name: `joinWaitlist(s${s}, m${mentor})`,
    apply: (m) => M.joinWaitlist(m, s, mentor),
    real: (w) =>
      answer(async () => (await joinWaitlist(await req(w), { userId: w.students[s]!.id, mentorId: w.mentors[mentor]! })).entry.status),
  }),
  cancel: (s: number, byAdmin: boolean): Act => ({
    name: `cancel(s${s}'s seat${byAdmin ? ', by an admin' : ''})`,
    apply: (m) => {
      const x = m.bookings.filter((b) => b.student === s && b.status === 'confirmed').sort((a, b) => a.id - b.id)[0]
      return x ? M.cancel(m, x.id, byAdmin) : undefined
    },
    real: async (w) => {
      const [x] = await q<{ id: number }>(
        w,
        sql`SELECT id FROM bookings WHERE user_id = ${w.students[s]!.id} AND status = 'confirmed' ORDER BY id LIMIT 1`,
      )
      if (!x) return undefined
      const actor = byAdmin ? w.admin : { id: w.students[s]!.id, roles: ['student'] }
      return answer(async () => (await cancelBooking({ payload: w.payload, bookingId: Number(x.id), byUser: actor })).plan)
    },
  }),
  requestRefund: (s: number, k: number): Act => ({
    name: `requestRefund(s${s}, payment ${k})`,
    apply: (m) => {
      const p = m.payments.filter((x) => x.student === s)[k]
      return p ? M.requestRefund(m, p.id) : undefined
    },
    real: async (w) => {
      const mine = [...w.payments.entries()].filter(([real]) => realOwner.get(real) === s).sort((a, b) => a[1] - b[1])
      const real = mine[k]?.[0]
      if (real === undefined) return undefined
      return answer(async () => {
        const r = await requestRefund(await req(w), w.students[s]!, { paymentId: real, reason: REFUND_REASON_OTHER, feedback: 'model' })
        return r.status
      })
    },
  }),
  approveRefund: (k: number): Act => ({
    name: `approveRefund(request ${k})`,
    apply: (m) => {
      const r = m.refunds.filter((x) => x.status === 'requested').sort((a, b) => a.id - b.id)[k]
      return r ? M.approveRefund(m, r.id) : undefined
    },
    real: async (w) => {
      const rows = await q<{ id: number }>(w, sql`SELECT id FROM refund_requests WHERE status = 'requested' ORDER BY id`)
      const r = rows[k]
      if (!r) return undefined
      return answer(async () => {
        await w.payload.update({
          collection: 'refund-requests',
          id: Number(r.id),
          data: { status: 'approved' },
          user: { ...w.admin, collection: 'users' } as never,
          overrideAccess: false,
        })
        return 'approved'
      })
    },
  }),
  claim: (s: number): Act => ({
    name: `claim(s${s}'s held seat)`,
    apply: (m) => {
      const o = modelHeld(m, s)
      return o ? M.claim(m, o.id) : undefined
    },
    real: async (w) => {
      const id = await heldOfferOf(w, s)
      if (id === undefined) return undefined
      return answer(async () => {
        await claimOffer(await req(w), id, { id: w.students[s]!.id, roles: ['student'] })
        return 'claimed'
      })
    },
  }),
  decline: (s: number): Act => ({
    name: `decline(s${s}'s held seat)`,
    apply: (m) => {
      const o = modelHeld(m, s)
      return o ? M.decline(m, o.id) : undefined
    },
    real: async (w) => {
      const id = await heldOfferOf(w, s)
      if (id === undefined) return undefined
      return answer(async () => {
        await declineOffer(await req(w), id, { id: w.students[s]!.id, roles: ['student'] })
        return 'declined'
      })
    },
  }),
  capacity: (mentor: number, which: 'open' | 'running', delta: number): Act => ({
    name: `capacity(m${mentor}'s ${which} batch ${delta > 0 ? '+' : ''}${delta})`,
    apply: (m) => {
      const b = m.batches.find((x) => x.mentor === mentor && x.status === which)
      if (!b || b.capacity + delta < 1 || b.capacity + delta > 4) return undefined
      return M.setCapacity(m, b.id, b.capacity + delta)
    },
    real: async (w) => {
      const [b] = await q<{ id: number; capacity: number }>(
        w,
        sql`SELECT b.id, COALESCE(b.capacity, m.capacity) AS capacity FROM batches b JOIN mentors m ON m.id = b.mentor_id
             WHERE b.mentor_id = ${w.mentors[mentor]!} AND b.status = ${which}`,
      )
      const to = b ? Number(b.capacity) + delta : 0
      if (!b || to < 1 || to > 4) return undefined
      return answer(async () => {
        await w.payload.update({ collection: 'batches', id: Number(b.id), data: { capacity: to }, depth: 0, overrideAccess: true })
        return 'set'
      })
    },
  }),
  pause: (mentor: number, paused: boolean): Act => ({
    name: `${paused ? 'pause' : 'resume'}(m${mentor})`,
    apply: (m) => M.setPaused(m, mentor, paused),
    real: async (w) => {
      await w.payload.update({
        collection: 'mentors',
        id: w.mentors[mentor]!,
        data: { acceptingBookings: !paused },
        depth: 0,
        overrideAccess: true,
      })
      return { ok: true, kind: paused ? 'paused' : 'resumed' }
    },
  }),
  clock: (ms: number, label: string): Act => ({
    name: `clock +${label}`,
    apply: (m) => {
      m.now += ms
      return { ok: true, kind: 'moved' }
    },
    real: async () => {
      vi.setSystemTime(new Date(Date.now() + ms))
      return { ok: true, kind: 'moved' }
    },
  }),
  /** To just before, at or just after the next month end (India midnight), give or take minutes. */
  toMonthEnd: (minutes: number): Act => {
    const target = (now: number) => {
      const x = new Date(now + 5.5 * 3_600_000)
      return istMidnight(x.getUTCFullYear(), x.getUTCMonth() + 2, 1).getTime() + minutes * 60_000
    }
    return {
      name: `clock to the month end ${minutes >= 0 ? '+' : ''}${minutes} min`,
      apply: (m) => {
        m.now = Math.max(m.now, target(m.now))
        return { ok: true, kind: 'moved' }
      },
      real: async () => {
        vi.setSystemTime(new Date(Math.max(Date.now(), target(Date.now()))))
        return { ok: true, kind: 'moved' }
      },
    }
  },
  tick: (how: 'once' | 'twice' | 'two at once'): Act => ({
    name: `tick ${how}`,
    tick: true,
    apply: (m) => {
      // Two ticks at once: the second waits for the first's lock, then runs again (and finds nothing new, or the next step).
      M.tick(m)
      if (how !== 'once') M.tick(m)
      return { ok: true, kind: 'ticked' }
    },
    real: async (w) => {
      const run = async () => runTimeWork(await req(w), { wait: true })
      if (how === 'once') await run()
      else if (how === 'twice') {
        await run()
        await run()
      } else await Promise.all([run(), run()])
      return { ok: true, kind: 'ticked' }
    },
  }),
  tickBesideOffers: (): Act => ({
    name: 'tick and the offers queue on two workers at once',
    tick: true,
    apply: () => ({ ok: true, kind: 'ran' }),
    either: (m) => Array.from({ length: M.dueOfferJobs(m) + 1 }, (_, k) => (x: M.Model) => M.tickBesideOfferJobs(x, k)),
    real: async (w) => {
      await Promise.all([
        (async () => runTimeWork(await req(w), { wait: true }))(),
        w.payload.jobs.run({ queue: 'offers', limit: 100, sequential: true, silent: true }),
      ])
      return { ok: true, kind: 'ran' }
    },
  }),
  offerJobs: (): Act => ({
    name: 'run the offers queue',
    apply: (m) => {
      M.runOfferJobs(m)
      return { ok: true, kind: 'ran' }
    },
    real: async (w) => {
      await w.payload.jobs.run({ queue: 'offers', limit: 100, sequential: true, silent: true })
      return { ok: true, kind: 'ran' }
    },
  }),
  refundJobs: (): Act => ({
    name: 'run the refunds queue',
    apply: (m) => {
      M.runRefundJobs(m)
      return { ok: true, kind: 'ran' }
    },
    real: async (w) => {
      await runRefundJobs(w.payload)
      return { ok: true, kind: 'ran' }
    },
  }),
  emails: (): Act => ({
    name: 'send e-mails on two workers at once',
    apply: () => ({ ok: true, kind: 'sent' }),
    real: async (w) => {
      await Promise.all([flushOutbox(w.payload), flushOutbox(w.payload)])
      return { ok: true, kind: 'sent' }
    },
  }),
}

/** Real payment id -> student index (filled when the payments are read). */
const realOwner = new Map<number, number>()

/** One step: the real action, the model's, the comparison and the invariants. Throws with the steps so far on a failure. */
export async function step(w: World, box: Box, act: Act): Promise<void> {
  w.steps.push(act.name)
  const before = M.cloneModel(box.m)
  const expected = act.apply(box.m)
  const got = await act.real(w)
  if (got) {
    const rows = await q<{ id: number; user_id: number }>(w, sql`SELECT id, user_id FROM payments`)
    const sIdx = new Map(w.students.map((s, i) => [s.id, i]))
    for (const r of rows) realOwner.set(Number(r.id), sIdx.get(Number(r.user_id))!)
  }
  const fail = (why: string) => {
    throw new Error(`model-based test failed at step ${w.steps.length} (${act.name}): ${why}\nsteps:\n  ${w.steps.join('\n  ')}`)
  }
  if ((expected === undefined) !== (got === undefined)) {
    box.m = before
    fail(`the model ${expected ? 'could' : 'could not'} run it, the real world ${got ? 'could' : 'could not'}`)
  }
  if (expected && got && !same(expected, got)) fail(`answers differ: model ${JSON.stringify(expected)}, real ${JSON.stringify(got)}`)
  const real = await projectReal(w)
  if (act.either) {
    // Keep the outcome (of those the model allows) that the real run took.
    const outcomes = act.either(before).map((f) => {
      const m = M.cloneModel(before)
      f(m)
      return m
    })
    box.m = outcomes.find((m) => diff(projectModel(m), real) === null) ?? outcomes[0]!
  }
  const d = diff(projectModel(box.m), real)
  if (d) fail(d)
  const bad = await realInvariants(w, act.tick === true)
  if (bad.length) fail(`invariants broken:\n  ${bad.join('\n  ')}`)
  // After a tick nothing is left for the queue machinery: a free seat that someone in line could have is a lost seat.
  const stuck = act.tick ? M.quiescent(box.m) : null
  if (stuck) fail(`a seat left free for someone in line after a tick: ${stuck}`)
}

// ---------------------------------------------------------------------------------------------
// Random actions (fast-check's model-based commands)
// ---------------------------------------------------------------------------------------------

class Cmd implements fc.AsyncCommand<Box, World> {
  constructor(readonly act: Act) {}
  check = () => true
  run = (box: Box, w: World) => step(w, box, this.act)
  toString = () => this.act.name
}

export function commands(mentors: number, students: number) {
  const s = fc.integer({ min: 0, max: students - 1 })
  const mt = fc.integer({ min: 0, max: mentors - 1 })
  const c = (arb: fc.Arbitrary<Act>) => arb.map((a) => new Cmd(a))
  const MIN = 60_000
  return [
    c(fc.tuple(s, fc.boolean(), fc.boolean()).map(([x, h, now]) => acts.buy(x, h, now || !h))),
    c(s.map((x) => acts.payPending(x))),
    c(s.map((x) => acts.grant(x))),
    c(fc.tuple(s, mt).map(([x, y]) => acts.book(x, y))),
    c(fc.tuple(s, mt).map(([x, y]) => acts.book(x, y))),
    c(fc.tuple(s, mt).map(([x, y]) => acts.join(x, y))),
    c(fc.tuple(s, fc.boolean()).map(([x, a]) => acts.cancel(x, a))),
    c(fc.tuple(s, fc.integer({ min: 0, max: 2 })).map(([x, k]) => acts.requestRefund(x, k))),
    c(fc.integer({ min: 0, max: 1 }).map((k) => acts.approveRefund(k))),
    c(s.map((x) => acts.claim(x))),
    c(s.map((x) => acts.decline(x))),
    c(
      fc
        .tuple(mt, fc.constantFrom<'open' | 'running'>('open', 'running'), fc.constantFrom(-1, 1))
        .map(([x, w, d]) => acts.capacity(x, w, d)),
    ),
    c(fc.tuple(mt, fc.boolean()).map(([x, p]) => acts.pause(x, p))),
    c(
      fc
        .constantFrom<[number, string]>(
          [10 * MIN, '10 min'],
          [3 * 60 * MIN, '3 h'],
          [23 * 60 * MIN, '23 h'],
          [25 * 60 * MIN, '25 h'],
          [4 * 1440 * MIN, '4 days'],
          [9 * 1440 * MIN, '9 days'],
          [40 * 1440 * MIN, '40 days'],
        )
        .map(([ms, l]) => acts.clock(ms, l)),
    ),
    c(fc.integer({ min: -3, max: 3 }).map((x) => acts.toMonthEnd(x))),
    c(fc.constantFrom<'once' | 'twice' | 'two at once'>('once', 'twice', 'two at once').map((h) => acts.tick(h))),
    c(fc.constant(null).map(() => acts.tick('once'))),
    c(fc.constant(null).map(() => acts.offerJobs())),
    c(fc.constant(null).map(() => acts.tickBesideOffers())),
    c(fc.constant(null).map(() => acts.refundJobs())),
    c(fc.constant(null).map(() => acts.emails())),
  ]
}

export const WORLD_START = new Date(Date.UTC(2031, 0, 10, 4, 30))
