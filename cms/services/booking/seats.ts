import { now, nowIso } from '@mentorloop/shared'
import type { Booking, Waitlist } from '@mentorloop/shared/payload-types'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { revalidateSite } from '../../lib/revalidateSite'
import { txQuery } from '../../lib/transaction'
import { type MentorSeats, readSeats } from '../seats/seatState'
import { emailMentorAboutSeats } from './mentorEmails'

/** Takes the mentor's row lock for the rest of the transaction and reads its seats (see readSeats). */
export const lockMentor = (req: PayloadRequest, mentorId: number): Promise<MentorSeats | null> => readSeats(req, mentorId, { lock: true })

type SeatRow = { id: number; mentor_id: number; batch_id: number; kind: 'booking' | 'offer' }
export type CurrentSeat = { mentorId: number; batchId: number; kind: 'booking' | 'offer'; id: number }

/** The rows of currentSeatOf, as a subquery (at most one row). */
const currentSeatRows = (userId: SQL | number) =>
  sql`SELECT bk.id, bk.mentor_id, bk.batch_id, 'booking' AS kind FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
       WHERE bk.user_id = ${userId} AND bk.status = 'confirmed' AND bt.status = 'open'
      UNION ALL
      SELECT o.id, o.mentor_id, o.batch_id, 'offer' AS kind FROM seat_offers o JOIN batches bt ON bt.id = o.batch_id
       WHERE o.user_id = ${userId} AND o.status = 'held' AND bt.status = 'open'
      LIMIT 1`

const seatOfRow = (r: SeatRow | undefined): CurrentSeat | null =>
  r?.id ? { id: Number(r.id), mentorId: Number(r.mentor_id), batchId: Number(r.batch_id), kind: r.kind } : null

/**
 * The student's seat for the coming period: a confirmed booking or a held seat in an open batch
 * (the spec's "one booking per student", per batch period; a seat in this month's running batch
 * does not count). Null when they hold none.
 */
export async function currentSeatOf(req: PayloadRequest, userId: number): Promise<CurrentSeat | null> {
  const rows = await txQuery<SeatRow>(req, currentSeatRows(userId))
  return seatOfRow(rows[0])
}

export type BookingStudent = {
  email: string
  name: string | null
  phone: string | null
  seat: CurrentSeat | null
  seatedWithMentor: boolean
}

/** A list of user ids as one parameter (`= ANY(...)`, `unnest(...)`): ids are integers, checked here. */
export const idArray = (ids: number[]) => sql`${`{${ids.map((id) => String(Math.trunc(Number(id)))).join(',')}}`}::int[]`

/**
 * The booking student's address, name and contact number with their current seat (currentSeatOf)
 * and whether they are seated with `mentorId` (seatedWith), in one statement; null when the user
 * does not exist.
 */
export async function bookingStudent(req: PayloadRequest, userId: number, mentorId: number): Promise<BookingStudent | null> {
  return (await bookingStudents(req, [userId], mentorId)).get(userId) ?? null
}

/** bookingStudent for many students at once (those who join a queue together), in one statement; by user id. */
export async function bookingStudents(req: PayloadRequest, userIds: number[], mentorId: number): Promise<Map<number, BookingStudent>> {
  const rows = await txQuery<SeatRow & { user_id: number; email: string; name: string | null; phone: string | null; seated_with: boolean }>(
    req,
    sql`SELECT u.id AS user_id, u.email, u.name, u.phone, seat.id, seat.mentor_id, seat.batch_id, seat.kind,
               EXISTS (${seatedWithRows(sql`u.id`, mentorId)}) AS seated_with
          FROM users u LEFT JOIN LATERAL (${currentSeatRows(sql`u.id`)}) seat ON true
         WHERE u.id = ANY(${idArray(userIds)})`,
  )
  return new Map(
    rows.map((row) => [
      Number(row.user_id),
      { email: row.email, name: row.name, phone: row.phone, seat: seatOfRow(row), seatedWithMentor: Boolean(row.seated_with) },
    ]),
  )
}

/** Rows when the student holds a confirmed seat or a held seat with the mentor in a batch that is open or running. */
const seatedWithRows = (userId: SQL | number, mentorId: number) =>
  sql`SELECT 1 FROM bookings bk JOIN batches bt ON bt.id = bk.batch_id
       WHERE bk.user_id = ${userId} AND bk.mentor_id = ${mentorId} AND bk.status = 'confirmed' AND bt.status IN ('open', 'running')
      UNION ALL
      SELECT 1 FROM seat_offers o WHERE o.user_id = ${userId} AND o.mentor_id = ${mentorId} AND o.status = 'held'
      LIMIT 1`

/** The student holds a confirmed seat or a held seat with the mentor in a batch that is open or running. */
export async function seatedWith(req: PayloadRequest, userId: number, mentorId: number): Promise<boolean> {
  const rows = await txQuery(req, seatedWithRows(userId, mentorId))
  return rows.length > 0
}

/** 1-based place in the mentor's queue (FIFO by joinedAt, then id), or null when not waiting. */
export async function queuePosition(req: PayloadRequest, entryId: number): Promise<number | null> {
  const rows = await txQuery<{ position: number }>(
    req,
    sql`SELECT count(*)::int AS position FROM waitlist w, waitlist me
        WHERE me.id = ${entryId} AND me.status = 'waiting' AND w.mentor_id = me.mentor_id AND w.status = 'waiting'
          AND (w.joined_at, w.id) <= (me.joined_at, me.id)`,
  )
  const n = Number(rows[0]?.position ?? 0)
  return n > 0 ? n : null
}

/** Row lock on the student (see createBooking); taken after the mentors' (docs/decisions/069, "Locks"). */
export async function lockUser(req: PayloadRequest, userId: number): Promise<void> {
  await txQuery(req, sql`SELECT id FROM users WHERE id = ${userId} FOR NO KEY UPDATE`, { requireTransaction: true })
}

/** The student's place in the mentor's queue, if they are waiting. */
export async function findWaitingEntry(req: PayloadRequest, userId: number, mentorId: number): Promise<Waitlist | null> {
  const { docs } = await req.payload.find({
    collection: 'waitlist',
    where: { user: { equals: userId }, mentor: { equals: mentorId }, status: { equals: 'waiting' } },
    limit: 1,
    depth: 0,
    pagination: false,
    overrideAccess: true,
    req,
  })
  return docs[0] ?? null
}

/**
 * Seats the student in the mentor's batch, paid for by `paymentId` (a credit the caller took, or the
 * payment made for this seat): a confirmed booking naming its payment (one INSERT: the seat-limit
 * trigger and the one-seat-a-month index check it), their place in that mentor's queue (if any) is
 * used up, and the mentor is e-mailed. The caller holds the mentor's lock and has checked that a
 * seat is free; the site's seat counts are refreshed after the commit.
 */
export async function confirmSeat(
  req: PayloadRequest,
  input: { userId: number; mentorId: number; batchId: number; source: Booking['source']; paymentId: number },
): Promise<Booking> {
  const at = now().toISOString()
  const [row] = await txQuery<{ id: number; created_at: string | Date }>(
    req,
    sql`INSERT INTO bookings (user_id, mentor_id, batch_id, payment_id, status, source, created_at, updated_at)
        VALUES (${input.userId}, ${input.mentorId}, ${input.batchId}, ${input.paymentId}, 'confirmed', ${input.source},
                ${at}::timestamptz, ${at}::timestamptz)
        RETURNING id, created_at`,
    { requireTransaction: true },
  )
  await txQuery(
    req,
    sql`UPDATE waitlist SET status = 'assigned', updated_at = ${at}::timestamptz
         WHERE user_id = ${input.userId} AND mentor_id = ${input.mentorId} AND status = 'waiting'`,
  )
  await emailMentorAboutSeats(req, input.batchId, [{ kind: 'booked', userId: input.userId }])
  revalidateSite(req.payload, ['availability'])
  const created = new Date(row!.created_at).toISOString()
  return {
    id: Number(row!.id),
    user: input.userId,
    mentor: input.mentorId,
    batch: input.batchId,
    payment: input.paymentId,
    status: 'confirmed',
    source: input.source,
    createdAt: created,
    updatedAt: created,
  } as Booking
}

export type Enqueued = { entry: Waitlist; position: number | null; alreadyWaiting: boolean }

/**
 * Puts the students at the end of the mentor's queue in the order given, with their positions, in
 * one statement: the INSERT (a student already waiting keeps the place they hold: the unique
 * waiting index), the entries, and the count of those ahead. The statement's snapshot sees neither
 * the rows it inserts nor their ids, so each place counts the queue as it was plus the new entries
 * up to and including its own. By user id.
 */
export async function enqueueMany(req: PayloadRequest, students: number[], mentorId: number): Promise<Map<number, Enqueued>> {
  const userIds = [...new Set(students)]
  const at = now().toISOString()
  const rows = await txQuery<{
    id: number
    user_id: number
    joined_at: string | Date
    created_at: string | Date
    updated_at: string | Date
    inserted: boolean
    position: number
  }>(
    req,
    sql`WITH given AS (
          SELECT g.user_id, g.n FROM unnest(${idArray(userIds)}) WITH ORDINALITY AS g(user_id, n)
        ), ins AS (
          INSERT INTO waitlist (user_id, mentor_id, status, joined_at, created_at, updated_at)
          SELECT given.user_id, ${mentorId}, 'waiting', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            FROM given ORDER BY given.n
          ON CONFLICT (user_id, mentor_id) WHERE status = 'waiting' DO NOTHING
          RETURNING id, user_id, joined_at, created_at, updated_at
        ), me AS (
          SELECT id, user_id, joined_at, created_at, updated_at, true AS inserted FROM ins
          UNION ALL
          SELECT id, user_id, joined_at, created_at, updated_at, false FROM waitlist
           WHERE user_id IN (SELECT user_id FROM given) AND mentor_id = ${mentorId} AND status = 'waiting'
        )
        SELECT me.*, ((SELECT count(*) FROM waitlist w
                        WHERE w.mentor_id = ${mentorId} AND w.status = 'waiting' AND (w.joined_at, w.id) <= (me.joined_at, me.id))
                      + (SELECT count(*) FROM ins WHERE (ins.joined_at, ins.id) <= (me.joined_at, me.id)))::int AS position
          FROM me`,
  )
  const out = new Map<number, Enqueued>()
  for (const row of rows) {
    const entry = {
      id: Number(row.id),
      user: Number(row.user_id),
      mentor: mentorId,
      status: 'waiting',
      joinedAt: new Date(row.joined_at).toISOString(),
      createdAt: new Date(row.created_at).toISOString(),
      updatedAt: new Date(row.updated_at).toISOString(),
    } as Waitlist
    out.set(Number(row.user_id), { entry, position: Number(row.position) || null, alreadyWaiting: !row.inserted })
  }
  // A student's other request inserted first and committed while this INSERT waited on the unique
  // index: this statement's snapshot predates that row, so read it with a new one.
  for (const userId of userIds) {
    if (out.has(userId)) continue
    const entry = await findWaitingEntry(req, userId, mentorId)
    if (entry) out.set(userId, { entry, position: await queuePosition(req, entry.id), alreadyWaiting: true })
  }
  return out
}

/** Puts the student at the end of the mentor's queue, or finds the place they already hold. */
export async function enqueue(req: PayloadRequest, userId: number, mentorId: number): Promise<Enqueued> {
  const already = await findWaitingEntry(req, userId, mentorId)
  if (already) return { entry: already, position: await queuePosition(req, already.id), alreadyWaiting: true }
  const entry = await req.payload.create({
    collection: 'waitlist',
    data: { user: userId, mentor: mentorId, status: 'waiting', joinedAt: nowIso() },
    depth: 0,
    overrideAccess: true,
    req,
  })
  return { entry, position: await queuePosition(req, entry.id), alreadyWaiting: false }
}
