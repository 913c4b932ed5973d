import { REFUND_REASONS, type RefundReason, refundReasonLabel } from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { type InsightsFilters, type MonthSpan, monthsOf } from './filters'
import { type InsightView, VIEW_INFO } from './views'

/**
 * The Insights figures, each one SQL aggregate written once here (issue 35; docs/decisions/199):
 * the page, its charts and the CSV export all read these tables. No HTTP and no access checks
 * (the callers ask `canSeeInsight` first). Months are calendar months in India time; money is in
 * paise. Each read is a range over an index made for it (migration 20261129_050000_insights_indexes).
 */
export type ColumnKind = 'month' | 'text' | 'count' | 'paise' | 'percent' | 'days' | 'stars'
export type Column = { key: string; label: string; kind: ColumnKind }
export type Cell = string | number | null
export type InsightRow = Record<string, Cell>

export type InsightTable = {
  view: InsightView
  title: string
  columns: Column[]
  rows: InsightRow[]
  /** Single figures beside the table (the waitlist's length now). */
  facts?: { label: string; value: number }[]
}

type Range = { starts: string; ends: string; months: MonthSpan[] }

const PAID = sql`p.status IN ('completed', 'refunded') AND p.gateway <> 'complimentary' AND p.amount > 0`

/** A timestamp's calendar month in India time (UTC+5:30 all year: India keeps no summer time). */
const istMonthOf = (column: SQL) => sql`to_char((${column} AT TIME ZONE 'UTC') + interval '330 minutes', 'YYYY-MM')`

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v))
const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((1000 * part) / whole) / 10 : null)

/** A payment `p` of the filtered mentor (its own mentor, else its batch's) and plan. */
function paymentFilters(f: InsightsFilters): SQL {
  const parts: SQL[] = []
  if (f.mentorId) parts.push(sql`AND COALESCE(p.mentor_id, (SELECT pb.mentor_id FROM batches pb WHERE pb.id = p.batch_id)) = ${f.mentorId}`)
  if (f.planCode) parts.push(sql`AND p.plan_id IN (SELECT pl.id FROM plans pl WHERE pl.code = ${f.planCode})`)
  return sql.join(parts, sql` `)
}

function rangeOf(f: InsightsFilters): Range {
  const months = monthsOf(f)
  return { months, starts: months[0]!.starts.toISOString(), ends: months[months.length - 1]!.ends.toISOString() }
}

/** One row per month of the range, oldest first, zeros where nothing happened. */
function perMonth(
  range: Range,
  byMonth: Map<string, Record<string, unknown>>,
  fill: (m: MonthSpan, r: Record<string, unknown>) => InsightRow,
) {
  return range.months.map((m) => ({ month: m.key, ...fill(m, byMonth.get(m.key) ?? {}) }))
}

const keyed = <T extends { month: string }>(rows: T[]) => new Map(rows.map((r) => [r.month, r as Record<string, unknown>]))

export async function readInsight(req: PayloadRequest, view: InsightView, f: InsightsFilters, now: Date): Promise<InsightTable> {
  const range = rangeOf(f)
  const base = { view, title: VIEW_INFO[view].title }
  switch (view) {
    case 'revenue':
      return { ...base, ...(await revenue(req, f, range)) }
    case 'refunds':
      return { ...base, ...(await refunds(req, f, range)) }
    case 'seats':
      return { ...base, ...(await seats(req, f, range)) }
    case 'waitlist':
      return { ...base, ...(await waitlist(req, f, range)) }
    case 'renewals':
      return { ...base, ...(await renewals(req, f, range, now)) }
    case 'ratings':
      return { ...base, ...(await ratings(req, f, range)) }
    case 'students':
      return { ...base, ...(await students(req, f, range)) }
  }
}

/**
 * Paid by the order's creation time; refunded when the money went back (the newest pending or
 * refunded request's gateway report, else the admin's approval; a refunded payment without such a
 * request, its last change): the admin home's definition (services/admin/attention.ts readMoney).
 */
async function revenue(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const refundedAt = sql`COALESCE(r.refunded_at, r.decided_at, r.updated_at)`
  const pf = paymentFilters(f)
  const rows = await txQuery<{ month: string; kind: 'paid' | 'refunded'; n: string; paise: string }>(
    req,
    sql`WITH paid AS (
          SELECT p.created_at AS at, p.amount FROM payments p
           WHERE ${PAID} AND p.created_at >= ${range.starts}::timestamptz AND p.created_at < ${range.ends}::timestamptz ${pf}
        ), refunded AS (
          SELECT p.amount, ${refundedAt} AS at
            FROM refund_requests r JOIN payments p ON p.id = r.payment_id
           WHERE r.status IN ('pending', 'refunded')
             AND ${refundedAt} >= ${range.starts}::timestamptz AND ${refundedAt} < ${range.ends}::timestamptz
             AND p.status = 'refunded' AND p.gateway <> 'complimentary' AND p.amount > 0 ${pf}
             AND NOT EXISTS (SELECT 1 FROM refund_requests n
                              WHERE n.payment_id = r.payment_id AND n.status IN ('pending', 'refunded') AND n.id > r.id)
          UNION ALL
          SELECT p.amount, p.updated_at AS at FROM payments p
           WHERE p.status = 'refunded' AND p.gateway <> 'complimentary' AND p.amount > 0
             AND p.updated_at >= ${range.starts}::timestamptz AND p.updated_at < ${range.ends}::timestamptz ${pf}
             AND NOT EXISTS (SELECT 1 FROM refund_requests r WHERE r.payment_id = p.id AND r.status IN ('pending', 'refunded'))
        )
        SELECT ${istMonthOf(sql`at`)} AS month, 'paid' AS kind, count(*) AS n, COALESCE(sum(amount), 0) AS paise FROM paid GROUP BY 1
        UNION ALL
        SELECT ${istMonthOf(sql`at`)} AS month, 'refunded' AS kind, count(*) AS n, COALESCE(sum(amount), 0) AS paise FROM refunded GROUP BY 1`,
  )
  const byMonth = new Map<string, Record<string, number>>()
  for (const r of rows) {
    const m = byMonth.get(r.month) ?? {}
    m[`${r.kind}_n`] = num(r.n)
    m[`${r.kind}_paise`] = num(r.paise)
    byMonth.set(r.month, m)
  }
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'month' },
      { key: 'payments', label: 'Payments', kind: 'count' },
      { key: 'paid', label: 'Paid', kind: 'paise' },
      { key: 'refunds', label: 'Refunds', kind: 'count' },
      { key: 'refunded', label: 'Refunded', kind: 'paise' },
      { key: 'net', label: 'Net', kind: 'paise' },
    ] satisfies Column[],
    rows: perMonth(range, byMonth, (_m, r) => ({
      payments: num(r.paid_n),
      paid: num(r.paid_paise),
      refunds: num(r.refunded_n),
      refunded: num(r.refunded_paise),
      net: num(r.paid_paise) - num(r.refunded_paise),
    })),
  }
}

/** Refund requests made in the range (by when the student or the system asked), by reason. */
async function refunds(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const rows = await txQuery<Record<string, string | null>>(
    req,
    sql`SELECT COALESCE(r.reason::text, CASE WHEN r.source = 'automatic' THEN 'Automatic: a credit no seat used' ELSE 'No reason given' END) AS reason,
               count(*) AS requests,
               count(*) FILTER (WHERE r.status IN ('pending', 'refunded')) AS refunded_n,
               COALESCE(sum(p.amount) FILTER (WHERE r.status IN ('pending', 'refunded')), 0) AS refunded_paise,
               count(*) FILTER (WHERE r.status = 'rejected') AS rejected,
               count(*) FILTER (WHERE r.status IN ('requested', 'approved', 'failed')) AS open
          FROM refund_requests r JOIN payments p ON p.id = r.payment_id
         WHERE r.created_at >= ${range.starts}::timestamptz AND r.created_at < ${range.ends}::timestamptz ${paymentFilters(f)}
         GROUP BY 1
         ORDER BY count(*) DESC, 1`,
  )
  return {
    columns: [
      { key: 'reason', label: 'Reason', kind: 'text' },
      { key: 'requests', label: 'Requests', kind: 'count' },
      { key: 'refunded', label: 'Refunded', kind: 'count' },
      { key: 'refundedPaise', label: 'Amount refunded', kind: 'paise' },
      { key: 'rejected', label: 'Rejected', kind: 'count' },
      { key: 'open', label: 'Still open', kind: 'count' },
    ] satisfies Column[],
    rows: rows.map((r) => ({
      // In the words the student chose it by (the stored value is the spec's text).
      reason: REFUND_REASONS.includes(r.reason as RefundReason) ? refundReasonLabel(r.reason as RefundReason) : r.reason,
      requests: num(r.requests),
      refunded: num(r.refunded_n),
      refundedPaise: num(r.refunded_paise),
      rejected: num(r.rejected),
      open: num(r.open),
    })),
  }
}

/** Batches beginning in the range: seats taken (confirmed or completed bookings) of the batch size. */
async function seats(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const rows = await txQuery<Record<string, string | number | null>>(
    req,
    sql`SELECT b.id, ${istMonthOf(sql`b.starts_on`)} AS month, b.label, m.name AS mentor, COALESCE(b.capacity, m.capacity, 0) AS capacity,
               (SELECT count(*) FROM bookings k WHERE k.batch_id = b.id AND k.status IN ('confirmed', 'completed')) AS seated
          FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE b.status <> 'cancelled'
           AND b.starts_on >= ${range.starts}::timestamptz AND b.starts_on < ${range.ends}::timestamptz
           ${f.mentorId ? sql`AND b.mentor_id = ${f.mentorId}` : sql``}
         ORDER BY b.starts_on DESC, m.name, b.id`,
  )
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'month' },
      { key: 'mentor', label: 'Mentor', kind: 'text' },
      { key: 'batch', label: 'Batch', kind: 'text' },
      { key: 'seated', label: 'Seats taken', kind: 'count' },
      { key: 'capacity', label: 'Batch size', kind: 'count' },
      { key: 'filled', label: 'Filled', kind: 'percent' },
    ] satisfies Column[],
    rows: rows.map((r) => ({
      month: String(r.month),
      mentor: r.mentor === null ? `Mentor` : String(r.mentor),
      batch: String(r.label),
      seated: num(r.seated),
      capacity: num(r.capacity),
      filled: ratio(num(r.seated), num(r.capacity)),
    })),
  }
}

/** The seats filled in each month across its batches (the seats chart), from `seats` rows. */
export function seatsByMonth(table: InsightTable, f: InsightsFilters): InsightRow[] {
  const totals = new Map<string, { seated: number; capacity: number; batches: number }>()
  for (const r of table.rows) {
    const t = totals.get(String(r.month)) ?? { seated: 0, capacity: 0, batches: 0 }
    t.seated += num(r.seated)
    t.capacity += num(r.capacity)
    t.batches += 1
    totals.set(String(r.month), t)
  }
  return monthsOf(f).map((m) => {
    const t = totals.get(m.key) ?? { seated: 0, capacity: 0, batches: 0 }
    return { month: m.key, batches: t.batches, seated: t.seated, capacity: t.capacity, filled: ratio(t.seated, t.capacity) }
  })
}

/**
 * Waitlist entries by the month they joined. A waiting student got a seat when a booking with
 * that mentor, from the waitlist or from a held seat, was made on or after the day they joined;
 * how fast is the median time from joining to that seat.
 */
async function waitlist(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const mentor = f.mentorId ? sql`AND w.mentor_id = ${f.mentorId}` : sql``
  const rows = await txQuery<{ month: string; joined: string; seated: string; median_s: string | null; waiting: string }>(
    req,
    sql`SELECT ${istMonthOf(sql`w.joined_at`)} AS month, count(*) AS joined, count(s.at) AS seated,
               percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM s.at - w.joined_at)) AS median_s,
               count(*) FILTER (WHERE w.status = 'waiting') AS waiting
          FROM waitlist w
          LEFT JOIN LATERAL (
            SELECT min(k.created_at) AS at FROM bookings k
             WHERE k.user_id = w.user_id AND k.mentor_id = w.mentor_id AND k.source IN ('waitlist', 'offer') AND k.created_at >= w.joined_at
          ) s ON true
         WHERE w.joined_at >= ${range.starts}::timestamptz AND w.joined_at < ${range.ends}::timestamptz ${mentor}
         GROUP BY 1`,
  )
  const [now] = await txQuery<{ n: string }>(req, sql`SELECT count(*) AS n FROM waitlist w WHERE w.status = 'waiting' ${mentor}`)
  return {
    columns: [
      { key: 'month', label: 'Month joined', kind: 'month' },
      { key: 'joined', label: 'Joined', kind: 'count' },
      { key: 'seated', label: 'Got a seat', kind: 'count' },
      { key: 'seatedShare', label: 'Got a seat (%)', kind: 'percent' },
      { key: 'medianDays', label: 'Median days to a seat', kind: 'days' },
      { key: 'waiting', label: 'Still waiting', kind: 'count' },
    ] satisfies Column[],
    rows: perMonth(range, keyed(rows), (_m, r) => ({
      joined: num(r.joined),
      seated: num(r.seated),
      seatedShare: ratio(num(r.seated), num(r.joined)),
      medianDays: r.median_s === null || r.median_s === undefined ? null : Math.round((num(r.median_s) / 86_400) * 10) / 10,
      waiting: num(r.waiting),
    })),
    facts: [{ label: 'Waiting now', value: num(now?.n) }],
  }
}

/**
 * Of the students seated (confirmed or completed) in batches beginning in a month, how many are
 * seated in a batch beginning the next month: with any mentor, and with the same mentor. The plan
 * filter counts students whose seat that month was paid with the plan; the mentor filter, those
 * seated with the mentor.
 */
async function renewals(req: PayloadRequest, f: InsightsFilters, range: Range, now: Date) {
  // The month after the range: its seats tell whether the range's last month continued.
  const after = monthsOf({ from: monthAfter(f.to), to: monthAfter(f.to) })[0]!
  const rows = await txQuery<{ month: string; seated: string; continued: string; same_mentor: string }>(
    req,
    sql`WITH seats AS (
          SELECT k.user_id, b.mentor_id, k.payment_id, ${istMonthOf(sql`b.starts_on`)} AS month
            FROM bookings k JOIN batches b ON b.id = k.batch_id
           WHERE k.status IN ('confirmed', 'completed') AND b.status <> 'cancelled'
             AND b.starts_on >= ${range.starts}::timestamptz AND b.starts_on < ${after.ends.toISOString()}::timestamptz
        ), base AS (
          SELECT DISTINCT s.user_id, s.mentor_id, s.month,
                 to_char(to_date(s.month, 'YYYY-MM') + interval '1 month', 'YYYY-MM') AS next_month
            FROM seats s
           WHERE s.month < ${after.key}
             ${f.mentorId ? sql`AND s.mentor_id = ${f.mentorId}` : sql``}
             ${f.planCode ? sql`AND s.payment_id IN (SELECT p.id FROM payments p JOIN plans pl ON pl.id = p.plan_id WHERE pl.code = ${f.planCode})` : sql``}
        )
        SELECT b.month, count(DISTINCT b.user_id) AS seated,
               count(DISTINCT b.user_id) FILTER (WHERE EXISTS (SELECT 1 FROM seats n WHERE n.user_id = b.user_id AND n.month = b.next_month)) AS continued,
               count(DISTINCT b.user_id) FILTER (WHERE EXISTS (SELECT 1 FROM seats n WHERE n.user_id = b.user_id AND n.month = b.next_month AND n.mentor_id = b.mentor_id)) AS same_mentor
          FROM base b
         GROUP BY b.month`,
  )
  return {
    columns: [
      { key: 'month', label: 'Month seated', kind: 'month' },
      { key: 'seated', label: 'Students seated', kind: 'count' },
      { key: 'continued', label: 'Seated next month', kind: 'count' },
      { key: 'continuedShare', label: 'Continued (%)', kind: 'percent' },
      { key: 'sameMentor', label: 'With the same mentor', kind: 'count' },
      { key: 'nextMonth', label: "Next month's batches", kind: 'text' },
    ] satisfies Column[],
    rows: perMonth(range, keyed(rows), (m, r) => ({
      seated: num(r.seated),
      continued: num(r.continued),
      continuedShare: ratio(num(r.continued), num(r.seated)),
      sameMentor: num(r.same_mentor),
      // Seats for next month are taken before it begins (renewals open 7 days before the end).
      nextMonth: now.getTime() >= m.ends.getTime() ? 'begun' : 'not begun yet',
    })),
  }
}

const monthAfter = (m: { year: number; month: number }) =>
  m.month === 12 ? { year: m.year + 1, month: 1 } : { year: m.year, month: m.month + 1 }

/** Ratings by the month they were given: how many, and the average stars. */
async function ratings(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const rows = await txQuery<{ month: string; n: string; average: string | null; hidden: string }>(
    req,
    sql`SELECT ${istMonthOf(sql`r.created_at`)} AS month, count(*) AS n, round(avg(r.stars), 2) AS average,
               count(*) FILTER (WHERE r.hidden) AS hidden
          FROM ratings r
         WHERE r.created_at >= ${range.starts}::timestamptz AND r.created_at < ${range.ends}::timestamptz
           ${f.mentorId ? sql`AND r.mentor_id = ${f.mentorId}` : sql``}
         GROUP BY 1`,
  )
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'month' },
      { key: 'ratings', label: 'Ratings', kind: 'count' },
      { key: 'average', label: 'Average stars', kind: 'stars' },
      { key: 'hidden', label: 'Hidden', kind: 'count' },
    ] satisfies Column[],
    rows: perMonth(range, keyed(rows), (_m, r) => ({
      ratings: num(r.n),
      average: r.average === null || r.average === undefined ? null : num(r.average),
      hidden: num(r.hidden),
    })),
  }
}

/**
 * New student accounts by the month they were made, and first purchases: each student's first paid
 * plan (by order time; complimentary plans are not purchases), counted in its month.
 */
async function students(req: PayloadRequest, f: InsightsFilters, range: Range) {
  const rows = await txQuery<{ month: string; kind: 'new' | 'first'; n: string }>(
    req,
    sql`SELECT ${istMonthOf(sql`u.created_at`)} AS month, 'new' AS kind, count(*) AS n
          FROM users u
         WHERE u.created_at >= ${range.starts}::timestamptz AND u.created_at < ${range.ends}::timestamptz
           AND EXISTS (SELECT 1 FROM users_roles ur WHERE ur.parent_id = u.id AND ur.value = 'student')
         GROUP BY 1
        UNION ALL
        SELECT ${istMonthOf(sql`first.created_at`)} AS month, 'first' AS kind, count(*) AS n
          FROM (SELECT DISTINCT ON (p.user_id) p.user_id, p.created_at, p.plan_id
                  FROM payments p WHERE ${PAID}
                 ORDER BY p.user_id, p.created_at, p.id) first
         WHERE first.created_at >= ${range.starts}::timestamptz AND first.created_at < ${range.ends}::timestamptz
           ${f.planCode ? sql`AND first.plan_id IN (SELECT pl.id FROM plans pl WHERE pl.code = ${f.planCode})` : sql``}
         GROUP BY 1`,
  )
  const byMonth = new Map<string, Record<string, number>>()
  for (const r of rows) byMonth.set(r.month, { ...byMonth.get(r.month), [r.kind]: num(r.n) })
  return {
    columns: [
      { key: 'month', label: 'Month', kind: 'month' },
      { key: 'newStudents', label: 'New students', kind: 'count' },
      { key: 'firstPurchases', label: 'First purchases', kind: 'count' },
    ] satisfies Column[],
    rows: perMonth(range, byMonth, (_m, r) => ({ newStudents: num(r.new), firstPurchases: num(r.first) })),
  }
}
