import { now } from '@mentorloop/shared'
import type { Booking } from '@mentorloop/shared/payload-types'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { queueJobs } from '../../lib/queueJobs'
import { revalidateSite } from '../../lib/revalidateSite'
import { requireTransaction, txQuery } from '../../lib/transaction'
import { sendEmailJob } from '../../notifications/queueEmail'
import { emailMentorAboutSeats } from '../booking/mentorEmails'
import { lockMentor } from '../booking/seats'
import { getActivePlan } from '../plans/activePlan'
import { type BatchRow, batchEnd, getBatch, previousBatch, takesStudents } from './batches'
import { seatConfirmedEmail, seatOfferedEmail } from './emails'
import { offerHoldMs } from './rules'

export type SeatOutcome =
  | { kind: 'seated'; userId: number; bookingId: number; source: Booking['source'] }
  | { kind: 'offered'; userId: number; offerId: number; expiresAt: Date; offerKind: 'waitlist' | 'continuing' }

/** The student's plan covers `at` (a mentorship plan running then). */
export const hasPlanAt = async (req: PayloadRequest, userId: number, at: Date) =>
  (await getActivePlan(req, userId, 'mentorship', at)) !== null

/** The plan a seat in this batch needs: for a continuing student, one that covers the batch's first day. */
export const planDateFor = (batch: Pick<BatchRow, 'startsOn'>, kind: 'waitlist' | 'continuing') =>
  kind === 'continuing' && batch.startsOn > now() ? batch.startsOn : now()

/** A student in line for the batch, with what decides their turn (read in one statement per list). */
type Candidate = {
  user_id: number
  entry_id: number | null
  email: string
  name: string | null
  /** Seated or holding a seat here already, or declined it: passed over. */
  closed_here: boolean
  /** Had any offer for this batch (an expired one included): not offered it twice. */
  offered_here: boolean
  /** Seated or holding a seat for the period in another batch: passed over (one seat at a time). */
  elsewhere: boolean
  /** A mentorship plan covers the date the seat needs (hasPlanAt). */
  has_plan: boolean
}

/**
 * The students of a list with their standing for the batch, in the list's order: the same rules as
 * currentSeatOf, hasPlanAt and the one-offer-per-batch index, as one query instead of several per student.
 */
async function candidates(req: PayloadRequest, batchId: number, planAt: Date, list: SQL): Promise<Candidate[]> {
  const at = planAt.toISOString()
  const rows = await txQuery<Candidate>(
    req,
    sql`SELECT l.user_id, l.entry_id, u.email, u.name,
               (EXISTS (SELECT 1 FROM bookings x WHERE x.batch_id = ${batchId} AND x.user_id = l.user_id AND x.status = 'confirmed')
                OR EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batchId} AND x.user_id = l.user_id AND x.status <> 'expired')) AS closed_here,
               EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batchId} AND x.user_id = l.user_id) AS offered_here,
               (EXISTS (SELECT 1 FROM bookings x JOIN batches xb ON xb.id = x.batch_id
                         WHERE x.user_id = l.user_id AND x.status = 'confirmed' AND xb.status = 'open' AND x.batch_id <> ${batchId})
                OR EXISTS (SELECT 1 FROM seat_offers x WHERE x.user_id = l.user_id AND x.status = 'held' AND x.batch_id <> ${batchId})) AS elsewhere,
               EXISTS (SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id
                        WHERE p.user_id = l.user_id AND p.status = 'completed' AND pl.product = 'mentorship'
                          AND p.subscription_starts <= ${at}::timestamptz AND p.subscription_ends > ${at}::timestamptz) AS has_plan
          FROM (${list}) l JOIN users u ON u.id = l.user_id
         ORDER BY l.ord, l.user_id`,
  )
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), entry_id: r.entry_id === null ? null : Number(r.entry_id) }))
}

type Decision =
  | { kind: 'seat'; who: Candidate; source: 'continuing' | 'waitlist' }
  | { kind: 'hold'; who: Candidate; offerKind: 'continuing' | 'waitlist'; expiresAt: Date }

/**
 * Writes the decisions in a few statements: the bookings (the seat-limit trigger checks each row),
 * the used-up queue places, the held seats, and their jobs (each hold's expiry, every e-mail) in
 * one INSERT. What the Local API calls did per student, without their per-call cost.
 */
async function writeDecisions(req: PayloadRequest, batch: BatchRow, mentorName: string, decisions: Decision[]): Promise<SeatOutcome[]> {
  const at = new Date().toISOString()
  const seats = decisions.flatMap((d) => (d.kind === 'seat' ? [{ userId: d.who.user_id, source: d.source }] : []))
  const holds = decisions.flatMap((d) =>
    d.kind === 'hold' ? [{ userId: d.who.user_id, kind: d.offerKind, entryId: d.who.entry_id, expiresAt: d.expiresAt.toISOString() }] : [],
  )
  const bookingOf = new Map<number, number>()
  const offerOf = new Map<number, number>()
  if (seats.length > 0) {
    const rows = await txQuery<{ id: number; user_id: number }>(
      req,
      sql`INSERT INTO bookings (user_id, mentor_id, batch_id, status, source, created_at, updated_at)
          SELECT (s.value->>'userId')::int, ${batch.mentorId}, ${batch.id}, 'confirmed', (s.value->>'source')::enum_bookings_source,
                 ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_array_elements(${JSON.stringify(seats)}::jsonb) WITH ORDINALITY AS s(value, n)
           ORDER BY s.n
        RETURNING id, user_id`,
    )
    for (const r of rows) bookingOf.set(Number(r.user_id), Number(r.id))
    // Their places in this mentor's queue are used up (confirmSeat).
    await txQuery(
      req,
      sql`UPDATE waitlist SET status = 'assigned', updated_at = ${at}::timestamptz
           WHERE mentor_id = ${batch.mentorId} AND status = 'waiting'
             AND user_id IN (SELECT (s.value->>'userId')::int FROM jsonb_array_elements(${JSON.stringify(seats)}::jsonb) AS s(value))`,
    )
  }
  if (holds.length > 0) {
    const rows = await txQuery<{ id: number; user_id: number }>(
      req,
      sql`INSERT INTO seat_offers (user_id, mentor_id, batch_id, kind, waitlist_entry_id, status, expires_at, created_at, updated_at)
          SELECT (h.value->>'userId')::int, ${batch.mentorId}, ${batch.id}, (h.value->>'kind')::enum_seat_offers_kind,
                 (h.value->>'entryId')::int, 'held', (h.value->>'expiresAt')::timestamptz, ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_array_elements(${JSON.stringify(holds)}::jsonb) WITH ORDINALITY AS h(value, n)
           ORDER BY h.n
        RETURNING id, user_id`,
    )
    for (const r of rows) offerOf.set(Number(r.user_id), Number(r.id))
  }
  // The mentor hears of every seat taken (one helper for every seating path).
  await emailMentorAboutSeats(
    req,
    batch.id,
    seats.map((x) => ({ kind: 'booked' as const, userId: x.userId })),
  )
  // Each hold expires on time (the periodic sweep is the safety net); every student is told. All
  // queued in this transaction, so only if it commits.
  await queueJobs(
    req,
    decisions.flatMap((d) =>
      d.kind === 'seat'
        ? [sendEmailJob(seatConfirmedEmail(d.who, mentorName, batch, d.source))]
        : [
            { task: 'expireSeatOffer', input: { offerId: offerOf.get(d.who.user_id) }, waitUntil: d.expiresAt },
            sendEmailJob(seatOfferedEmail(d.who, mentorName, batch, d.expiresAt, d.offerKind)),
          ],
    ),
  )
  return decisions.map(
    (d): SeatOutcome =>
      d.kind === 'seat'
        ? { kind: 'seated', userId: d.who.user_id, bookingId: bookingOf.get(d.who.user_id) ?? 0, source: d.source }
        : {
            kind: 'offered',
            userId: d.who.user_id,
            offerId: offerOf.get(d.who.user_id) ?? 0,
            expiresAt: d.expiresAt,
            offerKind: d.offerKind,
          },
  )
}

/**
 * Hands out a batch's free seats in queue order (docs/decisions/045-batches-in-time.md), under the
 * mentor's lock: first the students of the mentor's running batch (continuing: seated if their plan
 * covers the new batch's first day, else held for them until their batch ends), then the waitlist
 * FIFO (seated with an active plan, else offered for the hold time). A student who already holds a
 * seat for the period, or had an offer for this batch, is passed over. Must run inside the caller's
 * transaction; running it again hands out nothing more. Set-based (docs/decisions/058): one query
 * per list reads every student's standing, a few statements write the outcome.
 */
export async function fillBatch(req: PayloadRequest, batchId: number): Promise<SeatOutcome[]> {
  await requireTransaction(req)
  const first = await getBatch(req, batchId)
  if (!first) return []
  const mentor = await lockMentor(req, first.mentorId)
  const batch = await getBatch(req, batchId, { lock: true })
  if (!mentor?.published || mentor.paused || !batch || !takesStudents(batch)) return []
  const [taken] = await txQuery<{ n: number }>(
    req,
    sql`SELECT ((SELECT count(*) FROM bookings WHERE batch_id = ${batch.id} AND status = 'confirmed')
              + (SELECT count(*) FROM seat_offers WHERE batch_id = ${batch.id} AND status = 'held'))::int AS n`,
  )
  let free = batch.capacity - Number(taken?.n ?? 0)
  if (free <= 0) return []
  const decisions: Decision[] = []
  const decided = new Set<number>()
  const passedOver = (c: Candidate) => decided.has(c.user_id) || c.closed_here || c.elsewhere

  // 1. Continuing students: the batch running now of this mentor, when this one is the next.
  const previous = batch.status === 'open' ? await previousBatch(req, batch) : null
  if (previous?.status === 'running') {
    const continuing = await candidates(
      req,
      batch.id,
      planDateFor(batch, 'continuing'),
      sql`SELECT user_id, NULL::int AS entry_id, min(created_at) AS ord FROM bookings
           WHERE batch_id = ${previous.id} AND status IN ('confirmed', 'completed') GROUP BY user_id`,
    )
    for (const c of continuing) {
      if (free === 0) break
      if (passedOver(c) || c.offered_here) continue
      decisions.push(
        c.has_plan
          ? { kind: 'seat', who: c, source: 'continuing' }
          : { kind: 'hold', who: c, offerKind: 'continuing', expiresAt: batchEnd(previous) },
      )
      decided.add(c.user_id)
      free--
    }
  }

  // 2. The waitlist, first come first served.
  if (free > 0) {
    const holdMs = await offerHoldMs(req)
    const queue = await candidates(
      req,
      batch.id,
      planDateFor(batch, 'waitlist'),
      sql`SELECT user_id, id AS entry_id, (joined_at, id) AS ord FROM waitlist WHERE mentor_id = ${batch.mentorId} AND status = 'waiting'`,
    )
    for (const c of queue) {
      if (free === 0) break
      if (passedOver(c)) continue
      if (c.has_plan) decisions.push({ kind: 'seat', who: c, source: 'waitlist' })
      else if (!c.offered_here)
        decisions.push({ kind: 'hold', who: c, offerKind: 'waitlist', expiresAt: new Date(now().getTime() + holdMs) })
      else continue
      decided.add(c.user_id)
      free--
    }
  }
  if (decisions.length === 0) return []
  const out = await writeDecisions(req, batch, mentor.name, decisions)
  // The site caches the seat counts of the mentor cards: tell it (after this commits).
  revalidateSite(req.payload, ['availability'])
  return out
}

/** Fills every batch of the mentor that takes students now (a running one in its first days, then the open one). */
export async function fillMentorBatches(req: PayloadRequest, mentorId: number): Promise<SeatOutcome[]> {
  const batches = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM batches WHERE mentor_id = ${mentorId} AND status IN ('running', 'open') ORDER BY starts_on, id`,
  )
  const out: SeatOutcome[] = []
  for (const { id } of batches) out.push(...(await fillBatch(req, Number(id))))
  return out
}
