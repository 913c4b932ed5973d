import { HOUR_MS, istDay, istMidnight, istMonth } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { mayBePassedOverSql, passedOverSql, turnTaken } from '../batches/passedOver'
import { openBatchJoin, type SeatRow, seatColumns, seatStateFromRow } from '../seats/seatState'

/**
 * What an admin should look at now, for the dashboard on /admin
 * (docs/decisions/068-admin-attention-dashboard.md): a few aggregate reads, no HTTP, no access
 * checks (the caller shows it to admins only). Times are India time; money is in paise.
 */
export type Attention = {
  refunds: {
    /** `requested`: an admin approves or rejects it. */
    waiting: number
    oldestWaitingAt: string | null
    /** `failed`: retries used up or the gateway refused; an admin approves it again to retry. */
    failed: number
    oldestFailedAt: string | null
  }
  mentors: {
    /** Of the mentors with someone waiting, those whose open batch has no seat left (booked + held = capacity). */
    fullCount: number
    /** Students in line who can take a seat in their mentor's open batch. */
    waitingTotal: number
    /** Students in line passed over for the open batch: their turn is a later batch. */
    laterTotal: number
    /**
     * Mentors with someone waiting, longest waitlist first (at most `MENTOR_ROWS`). A full mentor
     * with nobody waiting needs nothing from an admin and is not listed (docs/decisions/102).
     */
    rows: MentorAttention[]
  }
  /** Time-driven steps that failed for one item and are not resolved yet (collection job-failures). */
  jobFailures: { count: number; rows: JobFailureAttention[] }
  offers: {
    /** Held seats whose hold ends within the next 24 hours (or already ended, not yet swept). */
    expiringCount: number
    until: string
    rows: ExpiringOffer[]
  }
  sessions: { today: SessionAttention[]; tomorrow: SessionAttention[]; todayStarts: string; tomorrowStarts: string; dayAfterStarts: string }
  /**
   * Sessions that ended `UNMARKED_AFTER_MS` ago or more (within the last `UNMARKED_WINDOW_MS`) with
   * students seated in their batch and no attendance marked (issue 21), oldest first.
   */
  unmarked: { count: number; endedBefore: string; rows: SessionAttention[] }
  /** Absent marks the student disputes (issue 37), oldest first: an admin decides each. */
  disputes: { count: number; rows: DisputeAttention[] }
  money: { thisMonth: MonthMoney; lastMonth: MonthMoney }
  /** Mentor applications still open (submitted or under review) `APPLICATION_WAIT_MS` after they came in, oldest first (issue 35). */
  applications: { count: number; since: string; rows: ApplicationAttention[] }
}

export type ApplicationAttention = { id: number; name: string; role: string; company: string; status: string; createdAt: string }

export type DisputeAttention = {
  /** The attendance row, to open in /admin. */
  id: number
  studentName: string | null
  sessionTitle: string
  startsAt: string
  mentorName: string
  batchLabel: string
  disputedAt: string
  note: string | null
}

export type MentorAttention = {
  mentorId: number
  name: string
  full: boolean
  capacity: number
  booked: number
  held: number
  batchLabel: string | null
  /** In line and able to take a seat in the open batch (the seating's rule, passedOverSql). */
  waiting: number
  /** In line but passed over for the open batch (a seat elsewhere for those days, a seat given up in it, …): their turn is a later batch. */
  later: number
}

export type JobFailureAttention = {
  id: number
  step: string
  ref: string
  attempts: number
  lastSeenAt: string | null
  error: string | null
}

export type ExpiringOffer = {
  id: number
  kind: string
  expiresAt: string
  studentName: string
  mentorId: number
  mentorName: string
}

export type SessionAttention = {
  id: number
  title: string
  startsAt: string
  durationMinutes: number
  mentorId: number | null
  mentorName: string
  batchLabel: string
  /** Cancelled by the mentor or an admin: listed, marked, not counted as held (issue 32). */
  cancelled: boolean
}

export type MonthMoney = {
  label: string
  /** First instant of the month and of the next one, India time. */
  from: string
  to: string
  /** Paid orders (completed, or refunded since), by the order's creation time. */
  paid: { count: number; paise: number }
  /** Refunded payments, by when the refund went through (see readMoney). */
  refunded: { count: number; paise: number }
}

export const MENTOR_ROWS = 10
export const OFFER_ROWS = 20
export const JOB_FAILURE_ROWS = 10
const SESSION_ROWS = 100
export const UNMARKED_ROWS = 20
/** A mentor has two days after a session ended to mark who came; then it needs an admin's look. */
export const UNMARKED_AFTER_MS = 2 * 24 * HOUR_MS
/** Older sessions are history, not something to chase (and sessions from before attendance existed stay out). */
export const UNMARKED_WINDOW_MS = 30 * 24 * HOUR_MS
const OFFER_WINDOW_MS = 24 * HOUR_MS
/** An application nobody has decided within three days needs an admin's look. */
export const APPLICATION_WAIT_MS = 3 * 24 * HOUR_MS
export const APPLICATION_ROWS = 20

const iso = (v: string | Date) => new Date(v).toISOString()
const isoOrNull = (v: string | Date | null | undefined) => (v ? iso(v) : null)
const num = (v: unknown) => Number(v ?? 0)

/** The calendar boundaries around `now` in India time. */
export function attentionPeriods(now: Date) {
  const { year, month, day } = istDay(now)
  return {
    todayStarts: istMidnight(year, month, day),
    tomorrowStarts: istMidnight(year, month, day + 1),
    dayAfterStarts: istMidnight(year, month, day + 2),
    lastMonthStarts: istMidnight(year, month - 1, 1),
    thisMonthStarts: istMidnight(year, month, 1),
    nextMonthStarts: istMidnight(year, month + 1, 1),
    thisMonthLabel: istMonth(year, month).label,
    lastMonthLabel: istMonth(year, month - 1).label,
  }
}

export async function readAttention(req: PayloadRequest, now: Date): Promise<Attention> {
  const [refunds, mentors, offers, sessions, money, jobFailures, unmarked, disputes, applications] = await Promise.all([
    readRefunds(req),
    keptRead('mentors', req, String(Math.floor(now.getTime() / KEPT_MAX_MS)), () => readMentors(req)),
    readOffers(req, now),
    readSessions(req, now),
    keptRead('money', req, attentionPeriods(now).thisMonthStarts.toISOString(), () => readMoney(req, now)),
    readJobFailures(req),
    readUnmarked(req, now),
    readDisputes(req),
    readApplications(req, now),
  ])
  return { refunds, mentors, offers, sessions, money, jobFailures, unmarked, disputes, applications }
}

/** Open mentor applications older than three days (see Attention['applications']); the status and date indexes serve it. */
async function readApplications(req: PayloadRequest, now: Date): Promise<Attention['applications']> {
  const since = new Date(now.getTime() - APPLICATION_WAIT_MS)
  const rows = await txQuery<{
    id: number
    name: string
    role: string
    company: string
    status: string
    created_at: string | Date
    total: string
  }>(
    req,
    sql`SELECT id, name, role, company, status, created_at, count(*) OVER () AS total
          FROM mentor_applications
         WHERE status IN ('submitted', 'under-review') AND created_at <= ${since.toISOString()}::timestamptz
         ORDER BY created_at, id
         LIMIT ${APPLICATION_ROWS}`,
  )
  return {
    count: num(rows[0]?.total),
    since: since.toISOString(),
    rows: rows.map((r) => ({
      id: Number(r.id),
      name: r.name,
      role: r.role,
      company: r.company,
      status: r.status,
      createdAt: iso(r.created_at),
    })),
  }
}

export const DISPUTE_ROWS = 20

/** Open disputes of absent marks (see Attention['disputes']). */
async function readDisputes(req: PayloadRequest): Promise<Attention['disputes']> {
  const rows = await txQuery<{
    id: number
    student: string | null
    title: string
    starts_at: string | Date
    mentor: string
    label: string
    disputed_at: string | Date
    note: string | null
    total: number
  }>(
    req,
    sql`SELECT a.id, u.name AS student, s.title, s.starts_at, m.name AS mentor, b.label, a.disputed_at, a.dispute_note AS note,
               count(*) OVER () AS total
          FROM session_attendance a
          JOIN sessions s ON s.id = a.session_id JOIN batches b ON b.id = s.batch_id JOIN mentors m ON m.id = b.mentor_id
          JOIN users u ON u.id = a.user_id
         WHERE a.dispute = 'open'
         ORDER BY a.disputed_at, a.id
         LIMIT ${DISPUTE_ROWS}`,
  )
  return {
    count: num(rows[0]?.total),
    rows: rows.map((r) => ({
      id: Number(r.id),
      studentName: r.student,
      sessionTitle: r.title,
      startsAt: iso(r.starts_at),
      mentorName: r.mentor,
      batchLabel: r.label,
      disputedAt: iso(r.disputed_at),
      note: r.note,
    })),
  }
}

/** Unresolved failing steps, the most recently seen first. */
async function readJobFailures(req: PayloadRequest): Promise<Attention['jobFailures']> {
  const rows = await txQuery<{
    id: number
    step: string
    ref: string
    attempts: string | null
    last_seen_at: string | Date | null
    error: string | null
    total: string
  }>(
    req,
    sql`SELECT id, step, ref, attempts, last_seen_at, error, count(*) OVER () AS total
          FROM job_failures
         WHERE resolved_at IS NULL
         ORDER BY last_seen_at DESC NULLS LAST, id DESC
         LIMIT ${JOB_FAILURE_ROWS}`,
  )
  return {
    count: num(rows[0]?.total),
    rows: rows.map((r) => ({
      id: Number(r.id),
      step: r.step,
      ref: r.ref,
      attempts: num(r.attempts),
      lastSeenAt: isoOrNull(r.last_seen_at),
      // The first line is enough to tell one failure from another; the document has the rest.
      error: r.error ? r.error.split('\n')[0].slice(0, 160) : null,
    })),
  }
}

async function readRefunds(req: PayloadRequest): Promise<Attention['refunds']> {
  const [r] = await txQuery<{
    waiting: string
    oldest_waiting: string | Date | null
    failed: string
    oldest_failed: string | Date | null
  }>(
    req,
    sql`SELECT count(*) FILTER (WHERE status = 'requested') AS waiting,
               min(created_at) FILTER (WHERE status = 'requested') AS oldest_waiting,
               count(*) FILTER (WHERE status = 'failed') AS failed,
               min(updated_at) FILTER (WHERE status = 'failed') AS oldest_failed
          FROM refund_requests
         WHERE status IN ('requested', 'failed')`,
  )
  return {
    waiting: num(r?.waiting),
    oldestWaitingAt: isoOrNull(r?.oldest_waiting),
    failed: num(r?.failed),
    oldestFailedAt: isoOrNull(r?.oldest_failed),
  }
}

/**
 * The home's two aggregates over many rows (the waiting counts, the money summary), kept per
 * process (docs/decisions/208, 217): a kept answer serves while the `attention_version` sequence
 * (bumped by a statement trigger on every table they read: migration 20261129_140000) and the time
 * each reads are the same, for at most `KEPT_MAX_MS` (the version moves when a writer's statement
 * runs, before its commit: a read between the two keeps the old figures under the new version, so an
 * answer is never kept longer). Each names the time its answer depends on: the waiting counts the
 * clock to `KEPT_MAX_MS` (a credit's deadline passes for them within 10 s), the money summary the
 * month (it reads nothing finer). Under load they are read once per 10 s, not each second: each read
 * is 40-50 ms of PostgreSQL at 50,000 students, at the students' priority. Callers asking at once
 * share one read; inside a transaction (which may see its own writes) nothing is kept.
 */
const KEPT_MAX_MS = 10_000
const kept = new Map<string, { key: string; builtAt: number; value: Promise<unknown> }>()

async function keptRead<T>(name: string, req: PayloadRequest, time: string, read: () => Promise<T>): Promise<T> {
  if ((await req.transactionID) !== undefined) return read()
  const [row] = await txQuery<{ version: string }>(
    req,
    sql`SELECT last_value::text || CASE WHEN is_called THEN '+' ELSE '' END AS version FROM attention_version`,
  )
  const key = `${row?.version ?? ''}|${time}`
  const hit = kept.get(name)
  if (hit && hit.key === key && performance.now() - hit.builtAt < KEPT_MAX_MS) return hit.value as Promise<T>
  const entry = { key, builtAt: performance.now(), value: read() }
  kept.set(name, entry)
  entry.value.catch(() => {
    if (kept.get(name) === entry) kept.delete(name)
  })
  return entry.value
}

/** Seats counted exactly as the site and the booking service count them (seatState, 041). */
async function readMentors(req: PayloadRequest): Promise<Attention['mentors']> {
  const canTake = passedOverSql({ id: sql`ob.id`, startsOn: sql`ob.starts_on`, endsOn: sql`ob.ends_on` }, sql`w.user_id`)
  // The reason once per waiting row (OFFSET 0 keeps PostgreSQL from copying the expression into
  // each count), and the rule's probes only for students who may be passed over at all.
  const reason = sql`CASE WHEN ob.id IS NULL THEN NULL WHEN ${mayBePassedOverSql(sql`w.user_id`)} THEN ${canTake} END`
  const rows = await txQuery<SeatRow & { id: number; name: string | null; waiting: string; in_line: string }>(
    req,
    sql`SELECT * FROM (
          SELECT m.id, m.name, ${seatColumns}, q.in_line, q.waiting
            FROM mentors m ${openBatchJoin}
            CROSS JOIN LATERAL (
              SELECT count(*) FILTER (WHERE t.reason IS NULL OR NOT ${turnTaken(sql`t.reason`)}) AS in_line,
                     count(*) FILTER (WHERE t.reason IS NULL) AS waiting
                FROM waitlist w CROSS JOIN LATERAL (SELECT ${reason} AS reason OFFSET 0) t
               WHERE w.mentor_id = m.id AND w.status = 'waiting'
            ) q
        ) x
        WHERE x.in_line > 0
        ORDER BY x.waiting DESC, x.in_line DESC, x.name, x.id`,
  )
  const all: MentorAttention[] = rows.map((r) => {
    const seats = seatStateFromRow(r)
    return {
      mentorId: Number(r.id),
      name: r.name ?? `Mentor ${r.id}`,
      full: seats.full,
      capacity: seats.capacity,
      booked: seats.booked,
      held: seats.held,
      batchLabel: seats.batch?.label ?? null,
      waiting: num(r.waiting),
      later: num(r.in_line) - num(r.waiting),
    }
  })
  return {
    fullCount: all.filter((m) => m.full).length,
    waitingTotal: all.reduce((sum, m) => sum + m.waiting, 0),
    laterTotal: all.reduce((sum, m) => sum + m.later, 0),
    rows: all.slice(0, MENTOR_ROWS),
  }
}

async function readOffers(req: PayloadRequest, now: Date): Promise<Attention['offers']> {
  const until = new Date(now.getTime() + OFFER_WINDOW_MS)
  const rows = await txQuery<{
    id: number
    kind: string
    expires_at: string | Date
    student_name: string | null
    student_email: string | null
    mentor_id: number
    mentor_name: string | null
    total: string
  }>(
    req,
    sql`SELECT o.id, o.kind, o.expires_at, u.name AS student_name, u.email AS student_email,
               m.id AS mentor_id, m.name AS mentor_name, count(*) OVER () AS total
          FROM seat_offers o
          JOIN users u ON u.id = o.user_id
          JOIN mentors m ON m.id = o.mentor_id
         WHERE o.status = 'held' AND o.expires_at <= ${until.toISOString()}::timestamptz
         ORDER BY o.expires_at, o.id
         LIMIT ${OFFER_ROWS}`,
  )
  return {
    expiringCount: num(rows[0]?.total),
    until: until.toISOString(),
    rows: rows.map((r) => ({
      id: Number(r.id),
      kind: r.kind,
      expiresAt: iso(r.expires_at),
      studentName: r.student_name || r.student_email || `User ${r.id}`,
      mentorId: Number(r.mentor_id),
      mentorName: r.mentor_name ?? `Mentor ${r.mentor_id}`,
    })),
  }
}

type SessionAttentionRow = {
  id: number
  title: string
  starts_at: string | Date
  duration_minutes: string
  mentor_id: number | null
  mentor_name: string | null
  label: string
  cancelled: boolean
  total?: string
}

const sessionAttentionColumns = sql`s.id, s.title, s.starts_at, s.duration_minutes, m.id AS mentor_id, m.name AS mentor_name, b.label,
  COALESCE(s.status, 'scheduled') = 'cancelled' AS cancelled`
const sessionAttentionJoins = sql`JOIN batches b ON b.id = s.batch_id
          LEFT JOIN mentors m ON m.id = COALESCE(s.mentor_id, b.mentor_id)`

const sessionAttention = (r: SessionAttentionRow): SessionAttention => ({
  id: Number(r.id),
  title: r.title,
  startsAt: iso(r.starts_at),
  durationMinutes: num(r.duration_minutes),
  mentorId: r.mentor_id === null ? null : Number(r.mentor_id),
  mentorName: r.mentor_name ?? '—',
  batchLabel: r.label,
  cancelled: r.cancelled === true,
})

async function readSessions(req: PayloadRequest, now: Date): Promise<Attention['sessions']> {
  const { todayStarts, tomorrowStarts, dayAfterStarts } = attentionPeriods(now)
  const rows = await txQuery<SessionAttentionRow>(
    req,
    sql`SELECT ${sessionAttentionColumns}
          FROM sessions s
          ${sessionAttentionJoins}
         WHERE s.starts_at >= ${todayStarts.toISOString()}::timestamptz
           AND s.starts_at < ${dayAfterStarts.toISOString()}::timestamptz
           AND b.status <> 'cancelled'
         ORDER BY s.starts_at, s.id
         LIMIT ${SESSION_ROWS}`,
  )
  const all = rows.map(sessionAttention)
  const split = tomorrowStarts.getTime()
  return {
    today: all.filter((s) => Date.parse(s.startsAt) < split),
    tomorrow: all.filter((s) => Date.parse(s.startsAt) >= split),
    todayStarts: todayStarts.toISOString(),
    tomorrowStarts: tomorrowStarts.toISOString(),
    dayAfterStarts: dayAfterStarts.toISOString(),
  }
}

/** Sessions without attendance two days after they ended (see Attention['unmarked']). */
async function readUnmarked(req: PayloadRequest, now: Date): Promise<Attention['unmarked']> {
  const endedBefore = new Date(now.getTime() - UNMARKED_AFTER_MS)
  const since = new Date(now.getTime() - UNMARKED_WINDOW_MS)
  const rows = await txQuery<SessionAttentionRow>(
    req,
    sql`SELECT ${sessionAttentionColumns}, count(*) OVER () AS total
          FROM sessions s
          ${sessionAttentionJoins}
         WHERE s.starts_at + (s.duration_minutes * interval '1 minute') <= ${endedBefore.toISOString()}::timestamptz
           AND s.starts_at + (s.duration_minutes * interval '1 minute') > ${since.toISOString()}::timestamptz
           AND COALESCE(s.status, 'scheduled') <> 'cancelled'
           AND b.status <> 'cancelled'
           AND EXISTS (SELECT 1 FROM bookings k WHERE k.batch_id = s.batch_id AND k.status IN ('confirmed', 'completed'))
           AND NOT EXISTS (SELECT 1 FROM session_attendance a WHERE a.session_id = s.id)
         ORDER BY s.starts_at, s.id
         LIMIT ${UNMARKED_ROWS}`,
  )
  return { count: num(rows[0]?.total), endedBefore: endedBefore.toISOString(), rows: rows.map(sessionAttention) }
}

/**
 * Money this calendar month against last, India time. Payments carry no paid-at time: the order's
 * `created_at` is used (checkout completes within minutes of the order; a renewal's
 * `subscription_starts` lies in the future). Complimentary grants (admin-granted, amount 0) are left out.
 * A refunded payment's money went back when the refund request that moved it (its newest pending or
 * refunded one) says: the gateway's report (`refundedAt`), else the admin's approval (`decidedAt`);
 * a refunded payment without such a request falls back to its own last change.
 *
 * Three ranges over indexes made for them (migration 20261128_130000_money_indexes): the paid
 * orders of the two months (an index-only scan), the refunds whose time falls in them, the
 * refunded payments without a request. Before, one statement read every refunded payment ever with
 * a subquery each: 600 ms at 200,000 payments (issue 36, item 8).
 */
async function readMoney(req: PayloadRequest, now: Date): Promise<Attention['money']> {
  const p = attentionPeriods(now)
  const last = p.lastMonthStarts.toISOString()
  const mid = p.thisMonthStarts.toISOString()
  const next = p.nextMonthStarts.toISOString()
  const refundedAt = sql`COALESCE(r.refunded_at, r.decided_at, r.updated_at)`
  const [r] = await txQuery<Record<string, string | null>>(
    req,
    sql`WITH paid AS (
          SELECT created_at AS at, amount FROM payments
           WHERE status IN ('completed', 'refunded') AND gateway <> 'complimentary' AND amount > 0
             AND created_at >= ${last}::timestamptz AND created_at < ${next}::timestamptz
        ), refunded AS (
          SELECT p.amount, ${refundedAt} AS at
            FROM refund_requests r JOIN payments p ON p.id = r.payment_id
           WHERE r.status IN ('pending', 'refunded')
             AND ${refundedAt} >= ${last}::timestamptz AND ${refundedAt} < ${next}::timestamptz
             AND p.status = 'refunded' AND p.gateway <> 'complimentary' AND p.amount > 0
             AND NOT EXISTS (SELECT 1 FROM refund_requests n
                              WHERE n.payment_id = r.payment_id AND n.status IN ('pending', 'refunded') AND n.id > r.id)
          UNION ALL
          SELECT p.amount, p.updated_at AS at FROM payments p
           WHERE p.status = 'refunded' AND p.gateway <> 'complimentary' AND p.amount > 0
             AND p.updated_at >= ${last}::timestamptz AND p.updated_at < ${next}::timestamptz
             AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.payment_id = p.id AND r.status IN ('pending', 'refunded'))
        )
        SELECT * FROM
          (SELECT count(*) FILTER (WHERE at >= ${mid}::timestamptz) AS paid_this_n,
                  COALESCE(sum(amount) FILTER (WHERE at >= ${mid}::timestamptz), 0) AS paid_this,
                  count(*) FILTER (WHERE at < ${mid}::timestamptz) AS paid_last_n,
                  COALESCE(sum(amount) FILTER (WHERE at < ${mid}::timestamptz), 0) AS paid_last
             FROM paid) a,
          (SELECT count(*) FILTER (WHERE at >= ${mid}::timestamptz) AS refunded_this_n,
                  COALESCE(sum(amount) FILTER (WHERE at >= ${mid}::timestamptz), 0) AS refunded_this,
                  count(*) FILTER (WHERE at < ${mid}::timestamptz) AS refunded_last_n,
                  COALESCE(sum(amount) FILTER (WHERE at < ${mid}::timestamptz), 0) AS refunded_last
             FROM refunded) b`,
  )
  const month = (label: string, from: string, to: string, key: 'this' | 'last'): MonthMoney => ({
    label,
    from,
    to,
    paid: { count: num(r?.[`paid_${key}_n`]), paise: num(r?.[`paid_${key}`]) },
    refunded: { count: num(r?.[`refunded_${key}_n`]), paise: num(r?.[`refunded_${key}`]) },
  })
  return {
    thisMonth: month(p.thisMonthLabel, mid, next, 'this'),
    lastMonth: month(p.lastMonthLabel, last, mid, 'last'),
  }
}
