import { DAY_MS, istDay, istMidnight, nowMs, REFUND_REASON_OTHER, sessionStart, weekdayOfDay } from '@mentorloop/shared'
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
import { scheduleSession } from '../../services/mentorHome/scheduleSession'
import { createOrderForPlan, verifyAndCompletePayment } from '../../services/payments'
import { requestRefund } from '../../services/payments/refunds'
import { grantComplimentaryPlan } from '../../services/plans/grantPlan'
import { createRating, updateRating } from '../../services/ratings/ratings'
import { markAttendance } from '../../services/sessions/attendance'
import { cancelSession, moveSession } from '../../services/sessions/changes'
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
  /** Each mentor's own account (the mentor marks attendance as themselves). */
  mentorUsers: { id: number; email: string }[]
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
                 payload_jobs, payload_jobs_log, job_failures, payment_events, sessions, session_reminders,
                 session_attendance, ratings, mentor_rating_totals, rating_asks RESTART IDENTITY CASCADE`,
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
  const mentorUsers = (
    await txQuery<{ id: number; email: string }>(
      r,
      sql`INSERT INTO users (email, name, password_login, created_at, updated_at)
          SELECT 'model-mentor-' || g || '@model.mentorloop.in', 'Model Mentor ' || g, false, now(), now()
            FROM generate_series(0, ${opts.capacities.length - 1}) g ORDER BY g RETURNING id, email`,
    )
  ).map((u) => ({ id: Number(u.id), email: u.email }))
  await txQuery(
    r,
    sql`INSERT INTO users_roles ("order", parent_id, value)
        SELECT 1, u.id, 'mentor'::enum_users_roles FROM users u WHERE u.email LIKE 'model-mentor-%'`,
  )
  const mentors: number[] = []
  for (let i = 0; i < opts.capacities.length; i++)
    mentors.push(
      (await createMentor(payload, { capacity: opts.capacities[i]!, name: `Model Mentor ${i}`, user: mentorUsers[i] as never })).id,
    )
  const w: World = {
    payload,
    mentors,
    mentorUsers,
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
  sessions: string[]
  /** The reminder ledger: one round per session, kind and calendar version, and how many it reminded. */
  ledger: string[]
  /** Reminder e-mails per session, version, kind and person: queued or sent (dropped ones are gone). */
  reminders: string[]
  attendance: string[]
  ratings: string[]
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
    ...projectSessions(m, bkey),
  }
}

function projectSessions(m: M.Model, bkey: (id: number) => string) {
  const cal = M.sessionsOf(m)
  const skey = (id: number) => {
    const s = cal.sessions.find((x) => x.id === id)!
    return `m${s.mentor}#${M.mentorSessions(m, s.mentor).indexOf(s)}`
  }
  return {
    sessions: cal.sessions
      .map((s) => `${skey(s.id)} ${bkey(s.batch)} ${iso(s.startsAt)} ${s.minutes}min ${s.status} seq${s.sequence}`)
      .sort(),
    ledger: [...cal.ledger.entries()]
      .map(([k, who]) => {
        const [id, kind, seq] = k.split(':')
        return `${skey(Number(id))} ${kind} seq${seq} n${who.length}`
      })
      .sort(),
    reminders: [...cal.reminderMails.entries()]
      .map(([k, status]) => {
        const [id, seq, kind, who] = k.split(':')
        return `${skey(Number(id))} seq${seq} ${kind} ${who} ${status}`
      })
      .sort(),
    attendance: [...cal.attendance.entries()]
      .map(([k, status]) => {
        const [id, student] = k.split(':')
        return `${skey(Number(id))} s${student} ${status}`
      })
      .sort(),
    ratings: [...cal.ratings.entries()]
      .map(([k, stars]) => {
        const [batch, student] = k.split(':')
        return `s${student} ${bkey(Number(batch))} ${stars}`
      })
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
    sessions: {
      id: number
      mentor_id: number
      k: number
      batch_id: number
      starts_at: string
      duration_minutes: number
      status: string | null
      sequence: number | null
    }[]
    ledger: { session_id: number; kind: string; sequence: number; recipients: number | null }[]
    reminders: { dedupe_key: string; to: string; status: string }[]
    attendance: { session_id: number; user_id: number; status: string }[]
    ratings: { user_id: number; batch_id: number; stars: number }[]
  }>(
    w,
    sql`SELECT
      ${all(sql`SELECT b.id, b.mentor_id, b.starts_on, b.status, COALESCE(b.capacity, m.capacity) AS capacity FROM batches b JOIN mentors m ON m.id = b.mentor_id`)} AS batches,
      ${all(sql`SELECT user_id, batch_id, status, source, payment_id FROM bookings`)} AS bookings,
      ${all(sql`SELECT user_id, batch_id, kind, status, expires_at FROM seat_offers`)} AS offers,
      ${all(sql`SELECT user_id, mentor_id FROM waitlist WHERE status = 'waiting' ORDER BY joined_at, id`)} AS waiting,
      ${all(sql`SELECT id, user_id, status, batch_id, credit_ended_at, subscription_ends FROM payments WHERE status IN ('completed', 'refunded')`)} AS payments,
      ${all(sql`SELECT payment_id, status FROM refund_requests`)} AS refunds,
      ${all(sql`SELECT "to", template, count(*)::int AS n FROM email_outbox GROUP BY 1, 2`)} AS mails,
      ${all(sql`SELECT id, mentor_id, row_number() OVER (PARTITION BY mentor_id ORDER BY id) - 1 AS k, batch_id, starts_at, duration_minutes, status, sequence FROM sessions`)} AS sessions,
      ${all(sql`SELECT session_id, kind, sequence, recipients FROM session_reminders`)} AS ledger,
      ${all(sql`SELECT dedupe_key, "to", status FROM email_outbox WHERE template = 'session-reminder'`)} AS reminders,
      ${all(sql`SELECT session_id, user_id, status FROM session_attendance`)} AS attendance,
      ${all(sql`SELECT user_id, batch_id, stars FROM ratings`)} AS ratings`,
  )
  const { batches, bookings, offers, waiting, payments, refunds, mails, sessions, ledger, reminders, attendance, ratings } = r!
  const sk = new Map(sessions.map((s) => [Number(s.id), `m${mIdx.get(Number(s.mentor_id))}#${Number(s.k)}`]))
  const who = new Map<string, string>([
    ...w.students.map((s, i): [string, string] => [s.email.toLowerCase(), `s${i}`]),
    ...w.mentorUsers.map((u, i): [string, string] => [u.email.toLowerCase(), `m${i}`]),
  ])
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
    sessions: sessions
      .map(
        (s) =>
          `${sk.get(Number(s.id))} ${bk.get(Number(s.batch_id))} ${iso(s.starts_at)} ${Number(s.duration_minutes)}min ${s.status ?? 'scheduled'} seq${Number(s.sequence ?? 0)}`,
      )
      .sort(),
    ledger: ledger.map((x) => `${sk.get(Number(x.session_id))} ${x.kind} seq${Number(x.sequence)} n${Number(x.recipients)}`).sort(),
    reminders: reminders
      .map((x) => {
        // session-reminder:{session}:{sequence}:{kind}:{channel}:{email}
        const [, id, seq, kind] = x.dedupe_key.split(':')
        return `${sk.get(Number(id))} seq${seq} ${kind} ${who.get(x.to.toLowerCase()) ?? x.to} ${x.status === 'queued' ? 'queued' : 'sent'}`
      })
      .sort(),
    attendance: attendance.map((a) => `${sk.get(Number(a.session_id))} s${sIdx.get(Number(a.user_id))} ${a.status}`).sort(),
    ratings: ratings.map((x) => `s${sIdx.get(Number(x.user_id))} ${bk.get(Number(x.batch_id))} ${Number(x.stars)}`).sort(),
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
  // Every hold, stale ones too: a late payment settles its own stale hold (seatInFreedSeat).
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
  // Sessions and their reminders (docs/decisions/105, 106): a round once per session, kind and
  // calendar version; nothing queued for a cancelled session or an old version; only to the batch.
  const reminder = sql`email_outbox e JOIN sessions s ON s.id = split_part(e.dedupe_key, ':', 2)::int
         WHERE e.template = 'session-reminder'`
  await check(
    'a reminder queued for a cancelled session',
    sql`SELECT e.dedupe_key FROM ${reminder} AND e.status = 'queued' AND s.status = 'cancelled'`,
  )
  await check(
    'a reminder of an old calendar version still queued',
    sql`SELECT e.dedupe_key FROM ${reminder} AND e.status = 'queued' AND split_part(e.dedupe_key, ':', 3)::int < COALESCE(s.sequence, 0)`,
  )
  await check(
    'a reminder claimed for a cancelled session',
    sql`SELECT r.session_id FROM session_reminders r JOIN sessions s ON s.id = r.session_id
         WHERE s.status = 'cancelled' AND r.sequence >= COALESCE(s.sequence, 0)`,
  )
  await check(
    'a reminder round claimed twice',
    sql`SELECT session_id, kind, sequence FROM session_reminders GROUP BY 1, 2, 3 HAVING count(*) > 1`,
  )
  await check(
    'a reminder to someone outside the batch',
    sql`SELECT e.dedupe_key FROM ${reminder} AND NOT EXISTS (
          SELECT 1 FROM users u WHERE lower(u.email) = lower(e."to") AND (
            EXISTS (SELECT 1 FROM bookings bk WHERE bk.user_id = u.id AND bk.batch_id = s.batch_id)
            OR EXISTS (SELECT 1 FROM mentors m WHERE m.id = s.mentor_id AND m.user_id = u.id)))`,
  )
  await check(
    'a session overlapping another of its mentor',
    sql`SELECT a.id, b.id FROM sessions a JOIN sessions b ON a.mentor_id = b.mentor_id AND a.id < b.id
         WHERE a.starts_at < b.starts_at + b.duration_minutes * interval '1 minute'
           AND b.starts_at < a.starts_at + a.duration_minutes * interval '1 minute'
           AND a.status IS DISTINCT FROM 'cancelled' AND b.status IS DISTINCT FROM 'cancelled'`,
  )
  // Attendance (docs/decisions/110): only students of the session's batch, only once it started.
  await check(
    'attendance for a student not seated in the batch',
    sql`SELECT a.session_id, a.user_id FROM session_attendance a JOIN sessions s ON s.id = a.session_id
         WHERE a.batch_id IS DISTINCT FROM s.batch_id OR NOT EXISTS (
           SELECT 1 FROM bookings bk WHERE bk.user_id = a.user_id AND bk.batch_id = s.batch_id)`,
  )
  await check(
    'attendance marked before the session started',
    sql`SELECT a.session_id, a.user_id FROM session_attendance a JOIN sessions s ON s.id = a.session_id WHERE a.marked_at < s.starts_at`,
  )
  // Ratings (docs/decisions/108): one per student and batch, 1 to 5 stars, by a student of the batch; totals add up.
  await check('a rating outside 1 to 5 stars', sql`SELECT id FROM ratings WHERE stars NOT BETWEEN 1 AND 5`)
  await check('two ratings of one batch by one student', sql`SELECT user_id, batch_id FROM ratings GROUP BY 1, 2 HAVING count(*) > 1`)
  await check(
    'a rating by someone never seated in the batch',
    sql`SELECT r.id FROM ratings r WHERE NOT EXISTS (SELECT 1 FROM bookings bk WHERE bk.user_id = r.user_id AND bk.batch_id = r.batch_id)
          OR r.mentor_id IS DISTINCT FROM (SELECT mentor_id FROM batches WHERE id = r.batch_id)`,
  )
  await check(
    "a mentor's rating totals not the sum of their ratings",
    sql`SELECT COALESCE(t.mentor_id, x.mentor_id) AS mentor_id FROM mentor_rating_totals t
          FULL JOIN (SELECT mentor_id, count(*) AS n, sum(stars) AS total, count(*) FILTER (WHERE stars >= 4) AS high
                       FROM ratings GROUP BY mentor_id) x ON x.mentor_id = t.mentor_id
         WHERE COALESCE(t.rating_count, 0) <> COALESCE(x.n, 0) OR COALESCE(t.rating_sum, 0) <> COALESCE(x.total, 0)
            OR COALESCE(t.rating_high, 0) <> COALESCE(x.high, 0)`,
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
/** The India date `day` days after a batch's first day (its start is India midnight). */
const dayOfBatch = (startsOn: number, day: number) => {
  const d = istDay(new Date(startsOn + day * DAY_MS))
  return `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`
}

/** The students seated (confirmed or completed) in a batch, by index. */
async function seatedIn(w: World, batchId: number): Promise<number[]> {
  const rows = await q<{ user_id: number }>(
    w,
    sql`SELECT DISTINCT user_id FROM bookings WHERE batch_id = ${batchId} AND status IN ('confirmed', 'completed')`,
  )
  const sIdx = new Map(w.students.map((s, i) => [s.id, i]))
  return rows.map((r) => sIdx.get(Number(r.user_id))!).sort((a, b) => a - b)
}
/** The n-th seated student when asked for one (and there is one), else student n. */
const pick = (seated: number[], n: number, wantSeated: boolean) => (wantSeated && seated.length ? seated[n % seated.length]! : n)

/** The mentor's k-th session (in the order created, k wrapping round), or when they have none the k-th of all. */
function pickSession<T extends { mentor: number }>(all: T[], mentor: number, k: number): T | undefined {
  const own = all.filter((s) => s.mentor === mentor)
  const from = own.length ? own : all
  return from[k % Math.max(from.length, 1)]
}
const modelSession = (m: M.Model, mentor: number, k: number) => pickSession(M.sessionsOf(m).sessions, mentor, k)
/** The same session in the database, with its batch's first day. */
async function sessionOf(w: World, mentor: number, k: number) {
  const rows = await q<{ id: number; mentor_id: number; starts_at: string; batch_id: number; batch_starts_on: string }>(
    w,
    sql`SELECT s.id, s.mentor_id, s.starts_at, s.batch_id, b.starts_on AS batch_starts_on FROM sessions s JOIN batches b ON b.id = s.batch_id
         ORDER BY s.id`,
  )
  const mIdx = new Map(w.mentors.map((id, i) => [id, i]))
  const all = rows.map((r) => ({ ...r, id: Number(r.id), batch_id: Number(r.batch_id), mentor: mIdx.get(Number(r.mentor_id))! }))
  return pickSession(all, mentor, k)
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
  /** Schedule a session on day `day` of the mentor's open or running batch (-1: the day before it), at `time` India time. */
  schedule: (mentor: number, which: 'open' | 'running', day: number, time: string, minutes: number, confirmWeekday: boolean): Act => ({
    name: `scheduleSession(m${mentor}'s ${which} batch, day ${day} ${time}, ${minutes} min${confirmWeekday ? ', weekday confirmed' : ''})`,
    apply: (m) => {
      const b =
        m.batches.find((x) => x.mentor === mentor && x.status === which) ??
        m.batches.find((x) => x.mentor === mentor && x.status === (which === 'open' ? 'running' : 'open'))
      if (!b) return undefined
      const date = dayOfBatch(b.startsOn, day)
      const weekday = weekdayOfDay(date)
      return M.scheduleSession(m, b.id, {
        startsAt: sessionStart(date, time).getTime(),
        minutes,
        weekend: weekday === 0 || weekday === 6,
        confirmWeekday,
      })
    },
    real: async (w) => {
      // That batch, else the mentor's other one that takes sessions.
      const [b] = await q<{ id: number; starts_on: string }>(
        w,
        sql`SELECT id, starts_on FROM batches WHERE mentor_id = ${w.mentors[mentor]!} AND status IN ('open', 'running')
             ORDER BY status = ${which} DESC LIMIT 1`,
      )
      if (!b) return undefined
      const date = dayOfBatch(new Date(b.starts_on).getTime(), day)
      return answer(async () => {
        await scheduleSession(await req(w), w.mentors[mentor]!, {
          batchId: Number(b.id),
          date,
          time,
          durationMinutes: minutes,
          meetingLink: 'https://meet.example.com/model',
          confirmWeekday,
        })
        return 'scheduled'
      })
    },
  }),
  /** Move the mentor's k-th session (one that has not started) to day `day` of its batch. */
  moveSession: (mentor: number, k: number, day: number, time: string, minutes: number): Act => ({
    name: `moveSession(m${mentor}#${k} to day ${day} ${time}, ${minutes} min)`,
    apply: (m) => {
      const s = modelSession(m, mentor, k)
      if (!s || s.startsAt <= m.now) return undefined
      const b = m.batches.find((x) => x.id === s.batch)!
      return M.moveSession(m, s.id, sessionStart(dayOfBatch(b.startsOn, day), time).getTime(), minutes)
    },
    real: async (w) => {
      const s = await sessionOf(w, mentor, k)
      if (!s || new Date(s.starts_at).getTime() <= nowMs()) return undefined
      const startsAt = sessionStart(dayOfBatch(new Date(s.batch_starts_on).getTime(), day), time).toISOString()
      return answer(async () => {
        await moveSession(await req(w), s.id, { startsAt, durationMinutes: minutes })
        return 'moved'
      })
    },
  }),
  cancelSession: (mentor: number, k: number): Act => ({
    name: `cancelSession(m${mentor}#${k})`,
    apply: (m) => {
      const s = modelSession(m, mentor, k)
      return s ? M.cancelSession(m, s.id) : undefined
    },
    real: async (w) => {
      const s = await sessionOf(w, mentor, k)
      if (!s) return undefined
      return answer(async () => {
        await cancelSession(await req(w), s.id)
        return 'cancelled'
      })
    },
  }),
  /** The mentor marks a student present or absent at their k-th session. */
  attend: (mentor: number, k: number, student: number, status: 'present' | 'absent', seated: boolean): Act => ({
    name: `markAttendance(m${mentor}#${k}, ${seated ? `seated student ${student}` : `s${student}`} ${status})`,
    apply: (m) => {
      const s = modelSession(m, mentor, k)
      return s ? M.markAttendance(m, s.id, pick(M.seatedStudents(m, s.batch), student, seated), status) : undefined
    },
    real: async (w) => {
      const s = await sessionOf(w, mentor, k)
      if (!s) return undefined
      const who = pick(await seatedIn(w, s.batch_id), student, seated)
      const user = { ...w.mentorUsers[s.mentor]!, roles: ['mentor'], collection: 'users' }
      return answer(async () => {
        const r = await createLocalReq({ user: user as never }, w.payload)
        return (await markAttendance(r, { sessionId: s.id, userId: w.students[who]!.id, status })).status
      })
    },
  }),
  /** The student rates the mentor's latest batch that has started: a first rating, or an edit of theirs. */
  rate: (student: number, mentor: number, stars: number, edit: boolean, seated: boolean): Act => ({
    name: `${edit ? 'edit the rating' : 'rate'}(${seated ? `seated student ${student}` : `s${student}`}, m${mentor}'s latest started batch, ${stars} stars)`,
    apply: (m) => {
      const b = m.batches.filter((x) => x.mentor === mentor && x.startsOn <= m.now).sort((x, y) => y.startsOn - x.startsOn)[0]
      if (!b) return undefined
      const who = pick(M.seatedStudents(m, b.id), student, seated)
      return edit ? M.updateRating(m, who, b.id, stars) : M.createRating(m, who, b.id, stars)
    },
    real: async (w) => {
      const [b] = await q<{ id: number }>(
        w,
        sql`SELECT id FROM batches WHERE mentor_id = ${w.mentors[mentor]!} AND starts_on <= ${new Date(nowMs()).toISOString()}::timestamptz
             ORDER BY starts_on DESC LIMIT 1`,
      )
      if (!b) return undefined
      const userId = w.students[pick(await seatedIn(w, Number(b.id)), student, seated)]!.id
      const input = { stars, comment: '', showComment: false, collegeYear: null }
      if (!edit)
        return answer(async () => {
          await createRating(await req(w), userId, Number(b.id), input)
          return 'rated'
        })
      const [mine] = await q<{ id: number }>(w, sql`SELECT id FROM ratings WHERE user_id = ${userId} AND batch_id = ${b.id}`)
      if (!mine) return undefined
      return answer(async () => {
        await updateRating(await req(w), userId, Number(mine.id), input)
        return 'rated'
      })
    },
  }),
  /** The clock to a time around the mentor's k-th session (reminder leads, its start, after its end); never back. */
  toSession: (mentor: number, k: number, minutes: number): Act => ({
    name: `clock to a session's start ${minutes >= 0 ? '+' : ''}${minutes} min (m${mentor}#${k})`,
    apply: (m) => {
      const s = modelSession(m, mentor, k)
      if (!s) return undefined
      m.now = Math.max(m.now, s.startsAt + minutes * 60_000)
      return { ok: true, kind: 'moved' }
    },
    real: async (w) => {
      const s = await sessionOf(w, mentor, k)
      if (!s) return undefined
      vi.setSystemTime(new Date(Math.max(Date.now(), new Date(s.starts_at).getTime() + minutes * 60_000)))
      return { ok: true, kind: 'moved' }
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
    apply: (m) => {
      M.deliverReminders(m)
      return { ok: true, kind: 'sent' }
    },
    real: async (w) => {
      await Promise.all([flushOutbox(w.payload), flushOutbox(w.payload)])
      return { ok: true, kind: 'sent' }
    },
  }),
}

/** How often each action ran and how it ended (the model's answer), over every run: printed by the test. */
export const outcomes = new Map<string, number>()

/** Real payment id -> student index (filled when the payments are read). */
const realOwner = new Map<number, number>()

/** One step: the real action, the model's, the comparison and the invariants. Throws with the steps so far on a failure. */
export async function step(w: World, box: Box, act: Act): Promise<void> {
  w.steps.push(act.name)
  const before = M.cloneModel(box.m)
  const expected = act.apply(box.m)
  const kind = `${act.name.replace(/\(.*$/, '')}: ${expected === undefined ? 'nothing to do' : expected.ok ? 'done' : expected.code}`
  outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1)
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
  const day = fc.integer({ min: -1, max: 31 })
  const time = fc.constantFrom('10:00', '10:30', '18:00', '23:30')
  const minutes = fc.constantFrom(60, 90, 120)
  const k = fc.integer({ min: 0, max: 3 })
  // Attendance and ratings mostly for a student of the batch (the others are refusals).
  const seatedMostly = fc.constantFrom(true, true, true, false)
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
    // Sessions (issue 21): scheduled (twice the weight: the others need sessions), moved, cancelled, attended, rated.
    ...[0, 1].map(() =>
      c(
        fc
          .tuple(mt, fc.constantFrom<'open' | 'running'>('open', 'running'), day, time, minutes, fc.boolean(), fc.boolean())
          .map(([x, which, d, t, n, a, b]) => acts.schedule(x, which, d, t, n, a || b)),
      ),
    ),
    c(fc.tuple(mt, k, day, time, minutes).map(([x, i, d, t, n]) => acts.moveSession(x, i, d, t, n))),
    c(fc.tuple(mt, k).map(([x, i]) => acts.cancelSession(x, i))),
    ...[0, 1].map(() => c(fc.tuple(mt, k, fc.constantFrom(-1441, -1439, -61, -59, 5, 125)).map(([x, i, n]) => acts.toSession(x, i, n)))),
    c(
      fc
        .tuple(mt, k, s, fc.constantFrom<'present' | 'absent'>('present', 'absent'), seatedMostly)
        .map(([x, i, st, a, se]) => acts.attend(x, i, st, a, se)),
    ),
    c(fc.tuple(s, mt, fc.integer({ min: 1, max: 5 }), fc.boolean(), seatedMostly).map(([st, x, n, e, se]) => acts.rate(st, x, n, e, se))),
  ]
}

export const WORLD_START = new Date(Date.UTC(2031, 0, 10, 4, 30))
