import { type BatchStatus, DAY_MS, istDay, istMonth, nextIstMonth, now } from '@mentorloop/shared'
import type { Batch } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'

/**
 * Batches as the seat rules need them (docs/decisions/045-batches-in-time.md). Dates are midnight
 * in India at the start of the first and the last day; a batch runs until the end of its last day.
 */
export type BatchRow = {
  id: number
  mentorId: number
  label: string
  startsOn: Date
  endsOn: Date
  capacity: number
  status: BatchStatus
}

/** A running batch still takes students from its queue (never direct bookings) for this long. */
export const LATE_JOIN_MS = 7 * DAY_MS

/** The instant a batch is over: the end of its last day (India time). */
export const batchEnd = (b: Pick<BatchRow, 'endsOn'>): Date => new Date(b.endsOn.getTime() + DAY_MS)

/** Open batches take students; a running one only from its queue, in its first days. */
export function takesStudents(b: Pick<BatchRow, 'status' | 'startsOn'>, at: Date = now()): boolean {
  if (b.status === 'open') return true
  return b.status === 'running' && at.getTime() < b.startsOn.getTime() + LATE_JOIN_MS
}

type Row = {
  id: number
  mentor_id: number
  label: string
  starts_on: string | Date
  ends_on: string | Date
  capacity: string | number
  status: BatchStatus
}

const fromRow = (r: Row): BatchRow => ({
  id: Number(r.id),
  mentorId: Number(r.mentor_id),
  label: r.label,
  startsOn: new Date(r.starts_on),
  endsOn: new Date(r.ends_on),
  capacity: Number(r.capacity),
  status: r.status,
})

const columns = sql`b.id, b.mentor_id, b.label, b.starts_on, b.ends_on, COALESCE(b.capacity, m.capacity) AS capacity, b.status`

export async function getBatch(req: PayloadRequest, batchId: number, opts: { lock?: boolean } = {}): Promise<BatchRow | null> {
  const lock = opts.lock ? sql`FOR UPDATE OF b` : sql``
  const rows = await txQuery<Row>(
    req,
    sql`SELECT ${columns} FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = ${batchId} ${lock}`,
  )
  return rows[0] ? fromRow(rows[0]) : null
}

/** The batches of a mentor in a status, oldest first. */
export async function batchesOf(req: PayloadRequest, mentorId: number, statuses: BatchStatus[]): Promise<BatchRow[]> {
  const rows = await txQuery<Row>(
    req,
    sql`SELECT ${columns} FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE b.mentor_id = ${mentorId} AND b.status IN (${sql.join(
           statuses.map((s) => sql`${s}`),
           sql`, `,
         )})
         ORDER BY b.starts_on, b.id`,
  )
  return rows.map(fromRow)
}

export const findOpenBatch = async (req: PayloadRequest, mentorId: number) => (await batchesOf(req, mentorId, ['open']))[0] ?? null

/** The batch of the mentor that met just before this one (not cancelled), if any. */
export async function previousBatch(req: PayloadRequest, batch: BatchRow): Promise<BatchRow | null> {
  const rows = await txQuery<Row>(
    req,
    sql`SELECT ${columns} FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE b.mentor_id = ${batch.mentorId} AND b.id <> ${batch.id} AND b.status <> 'cancelled' AND b.starts_on < ${batch.startsOn.toISOString()}
         ORDER BY b.starts_on DESC, b.id DESC LIMIT 1`,
  )
  return rows[0] ? fromRow(rows[0]) : null
}

/** The month a mentor's next batch covers: the month after their latest batch, else the next month. */
export async function nextBatchPeriod(req: PayloadRequest, mentorId: number): Promise<{ startsOn: Date; endsOn: Date; label: string }> {
  const [latest] = await txQuery<{ ends_on: string | Date }>(
    req,
    sql`SELECT ends_on FROM batches WHERE mentor_id = ${mentorId} AND status <> 'cancelled' ORDER BY ends_on DESC LIMIT 1`,
  )
  const fromNow = nextIstMonth(now())
  if (!latest) return fromNow
  const { year, month } = istDay(new Date(latest.ends_on))
  const afterLatest = istMonth(year, month + 1)
  return afterLatest.startsOn > fromNow.startsOn ? afterLatest : fromNow
}

/**
 * Opens the mentor's next batch (next month) unless one is open already, with the capacity of the
 * mentor's latest batch (its continuing students all fit; the mentor's default otherwise). Takes the
 * mentor's lock, so two callers at once open one batch; the batch's hooks then seat continuing
 * students and the queue (`monthEnd`: the mentor gets one summary instead of an e-mail per seat).
 */
export async function ensureOpenBatch(
  req: PayloadRequest,
  mentorId: number,
  opts: { monthEnd?: boolean } = {},
): Promise<{ batch: Batch | null; created: boolean }> {
  await txQuery(req, sql`SELECT id FROM mentors WHERE id = ${mentorId} FOR UPDATE`, { requireTransaction: true })
  const open = await findOpenBatch(req, mentorId)
  if (open) {
    const batch = await req.payload.findByID({ collection: 'batches', id: open.id, depth: 0, overrideAccess: true, req })
    return { batch, created: false }
  }
  const period = await nextBatchPeriod(req, mentorId)
  const [latest] = await txQuery<{ capacity: string | number | null }>(
    req,
    sql`SELECT capacity FROM batches WHERE mentor_id = ${mentorId} AND status <> 'cancelled' ORDER BY starts_on DESC, id DESC LIMIT 1`,
  )
  const batch = await req.payload.create({
    collection: 'batches',
    data: {
      mentor: mentorId,
      label: period.label,
      startsOn: period.startsOn.toISOString(),
      endsOn: period.endsOn.toISOString(),
      status: 'open',
      ...(latest?.capacity != null ? { capacity: Number(latest.capacity) } : {}),
    },
    depth: 0,
    overrideAccess: true,
    req,
    context: { monthEnd: Boolean(opts.monthEnd) },
  })
  return { batch, created: true }
}
