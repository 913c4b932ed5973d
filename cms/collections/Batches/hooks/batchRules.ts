import { formatDateRange, formatDay, istDay, istMidnight, istMonth } from '@mentorloop/shared'
import type { Batch } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import {
  APIError,
  type CollectionAfterChangeHook,
  type CollectionBeforeChangeHook,
  type CollectionBeforeValidateHook,
  type FieldHook,
  type PayloadRequest,
} from 'payload'
import { checkRole } from '../../../access/checkRole'
import { mentorIdForUser } from '../../../access/mentorIdForUser'
import { inTransaction, txQuery } from '../../../lib/transaction'
import { emailWaitlistOfNewBatch } from '../../../services/batches/announce'
import { takesStudents } from '../../../services/batches/batches'
import { fillBatch, fillMentorBatches, summariseNewBatch } from '../../../services/batches/seating'
import { lockMentor } from '../../../services/booking/seats'

const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(typeof v === 'object' ? (v as { id: unknown }).id : v))
const refuse = (message: string, status = 400) => new APIError(message, status, undefined, true)

/** A batch's days are whole days in India: any time picked on a day means that day's midnight. */
const toIstDay = (value: unknown) => {
  if (!value) return value
  const d = new Date(String(value))
  if (Number.isNaN(d.getTime())) return value
  const { year, month, day } = istDay(d)
  return istMidnight(year, month, day).toISOString()
}

/**
 * Before validation: a mentor's batch is always their own (filled in and locked for them), days
 * are India days, the capacity defaults to the mentor's, and the label to the month's name.
 */
export const prepareBatch: CollectionBeforeValidateHook<Batch> = async ({ data, originalDoc, req, operation }) => {
  if (!data) return data
  const next = { ...data }
  if (checkRole(req.user, 'mentor') && !checkRole(req.user, 'admin')) {
    const own = await mentorIdForUser(req, req.user)
    if (own === null) throw refuse('Your account has no mentor profile to open batches for.', 403)
    next.mentor = operation === 'create' ? own : (idOf(originalDoc?.mentor) ?? own)
  }
  if (next.startsOn) next.startsOn = toIstDay(next.startsOn) as string
  if (next.endsOn) next.endsOn = toIstDay(next.endsOn) as string
  const mentorId = idOf(next.mentor ?? originalDoc?.mentor)
  if (operation === 'create' && mentorId && (next.capacity === undefined || next.capacity === null)) {
    const mentor = await req.payload.findByID({
      collection: 'mentors',
      id: mentorId,
      depth: 0,
      overrideAccess: true,
      req,
      disableErrors: true,
    })
    if (mentor) next.capacity = Number(mentor.capacity)
  }
  if (operation === 'create' && !next.label && next.startsOn) {
    const { year, month } = istDay(new Date(next.startsOn))
    next.label = istMonth(year, month).label
  }
  return next
}

/**
 * The rules of a batch, decided under the mentor's lock (taken before the batch row's, the order
 * every seat path keeps): it ends on or after it starts, does not overlap the mentor's other
 * batches, a mentor has one open batch, capacity stays at or above the seats taken and held, and
 * only an open batch without seats may be cancelled. A mentor edits their batch only while it is open.
 */
export const checkBatchRules: CollectionBeforeChangeHook<Batch> = async ({ data, originalDoc, operation, req }) => {
  const mentorId = idOf(data.mentor ?? originalDoc?.mentor)
  if (!mentorId) throw refuse('Choose the mentor.')
  await inTransaction(req, async () => {
    await lockMentor(req, mentorId)
    const startsOn = new Date(String(data.startsOn ?? originalDoc?.startsOn))
    const endsOn = new Date(String(data.endsOn ?? originalDoc?.endsOn))
    if (Number.isNaN(startsOn.getTime()) || Number.isNaN(endsOn.getTime())) throw refuse('Give the batch a first and a last day.')
    if (endsOn < startsOn) throw refuse('A batch must end on or after the day it starts.')
    const status = data.status ?? originalDoc?.status ?? 'open'
    if (operation === 'update' && originalDoc) {
      if (!checkRole(req.user, 'admin') && req.user && originalDoc.status !== 'open') {
        throw refuse(`The ${originalDoc.label} batch is ${originalDoc.status}: only an open batch can be changed.`, 403)
      }
      if (
        status !== originalDoc.status &&
        !(originalDoc.status === 'open' && status === 'cancelled') &&
        !(req.context as { batchLifecycle?: boolean }).batchLifecycle
      ) {
        throw refuse('A batch moves to running and completed on its own dates; an open batch can be cancelled.')
      }
    }
    const selfId = originalDoc?.id ?? 0
    if (status !== 'cancelled') {
      const [overlap] = await txQuery<{ label: string; starts_on: string | Date; ends_on: string | Date }>(
        req,
        sql`SELECT label, starts_on, ends_on FROM batches
             WHERE mentor_id = ${mentorId} AND id <> ${selfId} AND status <> 'cancelled'
               AND starts_on <= ${endsOn.toISOString()}::timestamptz AND ends_on >= ${startsOn.toISOString()}::timestamptz
             LIMIT 1`,
      )
      if (overlap) {
        throw refuse(
          `These dates overlap the mentor’s ${overlap.label} batch (${formatDateRange(overlap.starts_on as string, overlap.ends_on as string)}).`,
        )
      }
    }
    if (status === 'open') {
      const [other] = await txQuery<{ label: string; starts_on: string | Date; ends_on: string | Date }>(
        req,
        sql`SELECT label, starts_on, ends_on FROM batches WHERE mentor_id = ${mentorId} AND id <> ${selfId} AND status = 'open' LIMIT 1`,
      )
      // The rule and what to do about it: the open batch is the next one; the one after it opens once it runs.
      if (other)
        throw refuse(
          `The mentor already has an open batch (${other.label}, ${formatDateRange(other.starts_on, other.ends_on)}): a mentor takes bookings for one batch at a time. ${other.label} is the next batch; the one after it can be opened once ${other.label} starts running on ${formatDay(other.starts_on)}.`,
        )
    }
    if (operation === 'update' && originalDoc) {
      const [row] = await txQuery<{ n: number }>(
        req,
        sql`SELECT ((SELECT count(*) FROM bookings WHERE batch_id = ${originalDoc.id} AND status = 'confirmed')
                  + (SELECT count(*) FROM seat_offers WHERE batch_id = ${originalDoc.id} AND status = 'held'))::int AS n`,
      )
      const taken = Number(row?.n ?? 0)
      const capacity = Number(data.capacity ?? originalDoc.capacity)
      if (capacity < taken) throw refuse(`Capacity cannot go below the ${taken} seats already taken or held in this batch.`)
      if (status === 'cancelled' && taken > 0)
        throw refuse(`This batch has ${taken} seats taken or held: cancel or move them before cancelling it.`)
    }
  })
  return data
}

/**
 * A new open batch, more seats in a batch that takes students (open, or running in its first days),
 * or a batch reopened: continuing students and the waitlist get the seats now. A batch opened at a
 * month end tells its mentor once, in a summary.
 */
export const fillSeatsWhenBatchGrows: CollectionAfterChangeHook<Batch> = async ({ doc, previousDoc, operation, req, context }) => {
  const batch = { status: doc.status, startsOn: new Date(String(doc.startsOn)) }
  const more =
    takesStudents(batch) &&
    (operation === 'create' || Number(doc.capacity) > Number(previousDoc?.capacity ?? 0) || previousDoc?.status !== doc.status)
  if (!more) return doc
  const monthEnd = operation === 'create' && (context as { monthEnd?: boolean }).monthEnd === true
  await inTransaction(req, async () => {
    const mentorId = Number(typeof doc.mentor === 'object' ? doc.mentor.id : doc.mentor)
    if (operation === 'create') await fillBatch(req, doc.id, { news: monthEnd ? 'summary' : 'each' })
    else {
      // A running batch that grew may seat late joiners, and they continue: the next batch grows with
      // it (never smaller than the batch its students continue from), then both hand seats out.
      if (doc.status === 'running') await growNextBatch(req, mentorId, Number(doc.capacity))
      await fillMentorBatches(req, mentorId)
    }
    if (operation === 'create') await emailWaitlistOfNewBatch(req, doc.id)
    if (monthEnd) await summariseNewBatch(req, doc.id)
  })
  return doc
}

async function growNextBatch(req: PayloadRequest, mentorId: number, capacity: number) {
  const [open] = await txQuery<{ id: number; capacity: string | number | null }>(
    req,
    sql`SELECT id, capacity FROM batches WHERE mentor_id = ${mentorId} AND status = 'open' LIMIT 1`,
  )
  if (!open || (open.capacity !== null && Number(open.capacity) >= capacity)) return
  await req.payload.update({ collection: 'batches', id: Number(open.id), data: { capacity }, depth: 0, overrideAccess: true, req })
}

/** The list's fill column: "3 / 15 (20%)", seats confirmed and held of capacity. */
export const showFill: FieldHook<Batch> = async ({ siblingData, req }) => {
  const id = (siblingData as { id?: number }).id
  if (!id) return null
  const row = await fillOf(req, id)
  const taken = row?.taken ?? 0
  const capacity = row?.capacity ?? 0
  return capacity > 0 ? `${taken} / ${capacity} (${Math.round((taken / capacity) * 100)}%)` : `${taken}`
}

type Fill = { taken: number; capacity: number | null }
type FillBatch = { waiting: Map<number, { resolve: (fill: Fill | undefined) => void; reject: (error: unknown) => void }[]> }

/** The fills being gathered, per request object: never shared by two requests (two transactions). */
const gathering = new WeakMap<PayloadRequest, FillBatch>()

/**
 * The seats taken of the batches one request reads together (a page of the admin's list, a
 * population), in one statement on that request's own transaction: every read of the same `req`
 * that asks before the next turn of the event loop joins the query, instead of one query per row.
 * Keyed by the request object, not `req.context` (which Payload may hand to another request with
 * another transaction: a read joining a batch queued on a connection that waits for a lock the
 * reader holds would never finish). Nothing is kept after the query.
 */
function fillOf(req: PayloadRequest, id: number): Promise<Fill | undefined> {
  let batch = gathering.get(req)
  if (!batch) {
    const started: FillBatch = { waiting: new Map() }
    gathering.set(req, started)
    batch = started
    setImmediate(() => {
      gathering.delete(req)
      void loadFills(req, started)
    })
  }
  const waiting = batch.waiting
  return new Promise((resolve, reject) => waiting.set(id, [...(waiting.get(id) ?? []), { resolve, reject }]))
}

async function loadFills(req: PayloadRequest, batch: FillBatch): Promise<void> {
  const ids = [...batch.waiting.keys()]
  try {
    const rows = await txQuery<{ id: number; taken: number; capacity: string | number | null }>(
      req,
      sql`SELECT bt.id,
                 ((SELECT count(*) FROM bookings b WHERE b.batch_id = bt.id AND b.status IN ('confirmed', 'completed'))
                  + (SELECT count(*) FROM seat_offers o WHERE o.batch_id = bt.id AND o.status = 'held'))::int AS taken,
                 COALESCE(bt.capacity, m.capacity) AS capacity
            FROM batches bt LEFT JOIN mentors m ON m.id = bt.mentor_id
           WHERE bt.id IN (${sql.join(
             ids.map((id) => sql`${id}`),
             sql`, `,
           )})`,
    )
    const byId = new Map(
      rows.map((r) => [Number(r.id), { taken: Number(r.taken), capacity: r.capacity === null ? null : Number(r.capacity) }]),
    )
    for (const [id, waiters] of batch.waiting) for (const w of waiters) w.resolve(byId.get(id))
  } catch (error) {
    for (const waiters of batch.waiting.values()) for (const w of waiters) w.reject(error)
  }
}
