import { now, type PassedOverReason } from '@mentorloop/shared'
import type { Booking } from '@mentorloop/shared/payload-types'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { queueJobs } from '../../lib/queueJobs'
import { revalidateSite } from '../../lib/revalidateSite'
import { inTransaction, newRequest, requireTransaction, txQuery } from '../../lib/transaction'
import { queueOutbox } from '../../notifications/outbox'
import { emailMentorAboutSeats, mentorBatchSummaryEmail } from '../booking/mentorEmails'
import { lockMentor } from '../booking/seats'
import { tellStudent } from '../notices/tell'
import { isCredit, lockCredits, payForBatch } from '../plans/credits'
import { stepGuard } from '../time/failures'
import { type BatchRow, batchEnd, getBatch, LATE_JOIN_MS, previousBatch, takesStudents } from './batches'
import { seatConfirmedEmail, seatOfferedEmail } from './emails'
import { passedOverSql } from './passedOver'
import { offerHoldMs } from './rules'

export type SeatOutcome =
  | { kind: 'seated'; userId: number; bookingId: number; source: Booking['source'] }
  | { kind: 'offered'; userId: number; offerId: number; expiresAt: Date; offerKind: 'waitlist' | 'continuing' }

/** The queue the one-off hold expiries go to (docs/decisions/070-jobs-run-once.md). */
export const OFFERS_QUEUE = 'offers'

/** A student in line for the batch, with what decides their turn (read in one statement per list). */
type Candidate = {
  user_id: number
  entry_id: number | null
  email: string
  name: string | null
  /** Why the student is passed over for this batch (passedOverSql, the one rule), or null: they can take a seat. */
  passed_over: PassedOverReason | null
  /** Had any offer for this batch (an expired one included): not offered it twice. */
  offered_here: boolean
  /** Has a usable credit (a plan bought and not yet used for a batch). */
  has_credit: boolean
}

/**
 * The students of a list with their standing for the batch, in the list's order: the rules of
 * one seat per period, one offer per batch and credits, as one query instead of several per student.
 */
async function candidates(req: PayloadRequest, batch: BatchRow, list: SQL): Promise<Candidate[]> {
  const starts = batch.startsOn.toISOString()
  const ends = batch.endsOn.toISOString()
  const rows = await txQuery<Candidate>(
    req,
    sql`SELECT l.user_id, l.entry_id, u.email, u.name,
               ${passedOverSql({ id: sql`${batch.id}::int`, startsOn: sql`${starts}::timestamptz`, endsOn: sql`${ends}::timestamptz` }, sql`l.user_id`)} AS passed_over,
               EXISTS (SELECT 1 FROM seat_offers x WHERE x.batch_id = ${batch.id} AND x.user_id = l.user_id) AS offered_here,
               EXISTS (SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id
                        WHERE p.user_id = l.user_id AND ${isCredit(sql`p`, sql`pl`)}) AS has_credit
          FROM (${list}) l JOIN users u ON u.id = l.user_id
         ORDER BY l.ord, l.user_id`,
  )
  return rows.map((r) => ({ ...r, user_id: Number(r.user_id), entry_id: r.entry_id === null ? null : Number(r.entry_id) }))
}

type Decision =
  | { kind: 'seat'; who: Candidate; source: 'continuing' | 'waitlist' }
  | { kind: 'hold'; who: Candidate; offerKind: 'continuing' | 'waitlist'; expiresAt: Date; priority: 'urgent' | 'normal' }

export type MentorNews = 'each' | 'summary'

/**
 * Writes the decisions in a few statements: the bookings with the credits that pay for them (the
 * seat-limit trigger checks each row), the used-up queue places, the held seats, their expiry jobs
 * and every e-mail. What the Local API calls did per student, without their per-call cost.
 */
async function writeDecisions(
  req: PayloadRequest,
  batch: BatchRow,
  mentorName: string,
  decisions: Decision[],
  credits: Map<number, number>,
  news: MentorNews,
): Promise<SeatOutcome[]> {
  const at = now().toISOString()
  const seats = decisions.flatMap((d) =>
    d.kind === 'seat' ? [{ userId: d.who.user_id, source: d.source, paymentId: credits.get(d.who.user_id)! }] : [],
  )
  const holds = decisions.flatMap((d) =>
    d.kind === 'hold' ? [{ userId: d.who.user_id, kind: d.offerKind, entryId: d.who.entry_id, expiresAt: d.expiresAt.toISOString() }] : [],
  )
  const bookingOf = new Map<number, number>()
  const offerOf = new Map<number, number>()
  if (seats.length > 0) {
    await payForBatch(
      req,
      batch,
      seats.map((s) => s.paymentId),
    )
    const rows = await txQuery<{ id: number; user_id: number }>(
      req,
      sql`INSERT INTO bookings (user_id, mentor_id, batch_id, payment_id, status, source, created_at, updated_at)
          SELECT (s.value->>'userId')::int, ${batch.mentorId}, ${batch.id}, (s.value->>'paymentId')::int, 'confirmed',
                 (s.value->>'source')::enum_bookings_source, ${at}::timestamptz, ${at}::timestamptz
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
    // Each hold expires on time (the tick's sweep is the safety net).
    await queueJobs(
      req,
      holds.map((h) => ({
        task: 'expireSeatOffer',
        queue: OFFERS_QUEUE,
        input: { offerId: offerOf.get(h.userId) },
        waitUntil: new Date(h.expiresAt),
      })),
    )
  }
  // The mentor hears of every seat taken during a month; a month-end gets one summary instead.
  if (news === 'each')
    await emailMentorAboutSeats(
      req,
      batch.id,
      seats.map((x) => ({ kind: 'booked' as const, userId: x.userId })),
    )
  // Every student is told; all of it in this transaction, so only if it commits.
  await queueOutbox(
    req,
    decisions.map((d) =>
      d.kind === 'seat'
        ? { ...seatConfirmedEmail(d.who, mentorName, batch, d.source), priority: 'normal' as const }
        : { ...seatOfferedEmail(d.who, mentorName, batch, d.expiresAt, d.offerKind), priority: d.priority },
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

/** The ids of a list, to lock their credits before their standing is read. */
async function idsOf(req: PayloadRequest, list: SQL): Promise<number[]> {
  const rows = await txQuery<{ user_id: number }>(req, sql`SELECT l.user_id FROM (${list}) l`)
  return rows.map((r) => Number(r.user_id))
}

/**
 * Continuing students who did not fit in the next batch (its capacity is lower than the batch they
 * are in): a place in the queue and an e-mail and notice that say so, once (the queue's unique
 * waiting place decides who is new).
 */
async function queueLeftOvers(req: PayloadRequest, batch: BatchRow, mentorName: string, left: Candidate[]): Promise<void> {
  if (left.length === 0) return
  const at = now().toISOString()
  const added = await txQuery<{ user_id: number }>(
    req,
    sql`INSERT INTO waitlist (user_id, mentor_id, status, joined_at, created_at, updated_at)
        SELECT (x.value)::int, ${batch.mentorId}, 'waiting', ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          FROM jsonb_array_elements_text(${JSON.stringify(left.map((c) => c.user_id))}::jsonb) AS x(value)
        ON CONFLICT (user_id, mentor_id) WHERE status = 'waiting' DO NOTHING
        RETURNING user_id`,
  )
  const isNew = new Set(added.map((r) => Number(r.user_id)))
  for (const c of left.filter((x) => isNew.has(x.user_id))) {
    await tellStudent(
      req,
      { id: c.user_id, email: c.email, name: c.name },
      {
        kind: 'continuing-no-seat',
        title: `No seat for you yet in ${mentorName}'s ${batch.label} batch`,
        paragraphs: [
          `${mentorName}'s ${batch.label} batch has fewer seats than the batch you are in, and they went to the students ahead of you.`,
          'You are on the waitlist for it now: the next seat that opens is offered to the students in line in order, and you keep your place.',
        ],
        action: { label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
        key: `continuing-no-seat:${batch.id}:${c.user_id}`,
      },
    )
  }
}

/**
 * Hands out a batch's free seats in queue order (docs/decisions/069-a-plan-pays-for-one-batch.md),
 * under the mentor's lock: first the students of the mentor's previous batch (continuing, including
 * one who gave their seat up while it ran and kept the next hold, issue 37: those who renewed first, then the others in booking order; a credit seats them, otherwise their seat is
 * held until the previous batch ends, never for less than the hold time), then the waitlist FIFO (a
 * credit seats them, otherwise a held seat for the hold time). Passed over: a student with a seat
 * or hold for an overlapping period, one already offered this batch, one who gave a seat in it up.
 * Must run inside the caller's transaction; running it again hands out nothing more. Set-based
 * (docs/decisions/058): a few queries read every student's standing, a few statements write.
 */
export async function fillBatch(req: PayloadRequest, batchId: number, opts: { news?: MentorNews } = {}): Promise<SeatOutcome[]> {
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
  const decisions: Decision[] = []
  const decided = new Set<number>()
  const passedOver = (c: Candidate) => decided.has(c.user_id) || c.passed_over !== null
  const holdMs = await offerHoldMs(req)
  const at = now()

  // The lists, their students' credits locked (in id order) before their standing is read.
  const previous = await previousBatch(req, batch)
  const continuingList = previous
    ? sql`SELECT user_id, NULL::int AS entry_id, min(created_at) AS ord FROM bookings
           WHERE batch_id = ${previous.id} AND (status IN ('confirmed', 'completed') OR (status = 'cancelled' AND keeps_next_hold))
           GROUP BY user_id`
    : null
  const queueList = sql`SELECT user_id, id AS entry_id, (joined_at, id) AS ord FROM waitlist WHERE mentor_id = ${batch.mentorId} AND status = 'waiting'`
  if (free <= 0 && !continuingList) return []
  const credits = await lockCredits(req, [...(continuingList ? await idsOf(req, continuingList) : []), ...(await idsOf(req, queueList))])

  // 1. Continuing students: those of the mentor's batch before this one, renewed ones first.
  if (previous && continuingList) {
    const all = await candidates(req, batch, continuingList)
    const open = all.filter((c) => c.passed_over === null && !c.offered_here)
    const inOrder = [...open.filter((c) => credits.has(c.user_id)), ...open.filter((c) => !credits.has(c.user_id))]
    const left: Candidate[] = []
    for (const c of inOrder) {
      if (free <= 0) {
        left.push(c)
        continue
      }
      decisions.push(
        credits.has(c.user_id)
          ? { kind: 'seat', who: c, source: 'continuing' }
          : {
              kind: 'hold',
              who: c,
              offerKind: 'continuing',
              // Until the batch they are in ends, and never for less than the hold time (never born expired).
              expiresAt: new Date(Math.max(batchEnd(previous).getTime(), at.getTime() + holdMs)),
              priority: 'normal',
            },
      )
      decided.add(c.user_id)
      free--
    }
    // Who does not fit waits in the queue and is told (only while the previous batch is theirs to continue from).
    if (left.length > 0 && previous.status !== 'cancelled') await queueLeftOvers(req, batch, mentor.name, left)
  }

  // 2. The waitlist, first come first served.
  if (free > 0) {
    const queue = await candidates(req, batch, queueList)
    for (const c of queue) {
      if (free <= 0) break
      if (passedOver(c)) continue
      if (credits.has(c.user_id)) decisions.push({ kind: 'seat', who: c, source: 'waitlist' })
      else if (!c.offered_here)
        decisions.push({
          kind: 'hold',
          who: c,
          offerKind: 'waitlist',
          expiresAt: new Date(at.getTime() + holdMs),
          priority: 'urgent',
        })
      else continue
      decided.add(c.user_id)
      free--
    }
  }
  if (decisions.length === 0) return []
  const news = opts.news ?? 'each'
  const out = await writeDecisions(req, batch, mentor.name, decisions, credits, news)
  // The site caches the seat counts of the mentor cards: tell it (after this commits).
  revalidateSite(req.payload, ['availability'])
  return out
}

/**
 * Fills every batch of the mentor that takes students now, in time order: a running one in its
 * first days, then the open one (whose continuing list includes whoever was just seated in the
 * running one).
 */
export async function fillMentorBatches(req: PayloadRequest, mentorId: number, opts: { news?: MentorNews } = {}): Promise<SeatOutcome[]> {
  const batches = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM batches WHERE mentor_id = ${mentorId} AND status IN ('running', 'open') ORDER BY starts_on, id`,
  )
  const out: SeatOutcome[] = []
  for (const { id } of batches) out.push(...(await fillBatch(req, Number(id), opts)))
  return out
}

/** The mentor's one e-mail about a batch that just opened at a month end: who continues, who joined, seats left. */
export async function summariseNewBatch(req: PayloadRequest, batchId: number): Promise<void> {
  const message = await mentorBatchSummaryEmail(req, batchId)
  if (message) await queueOutbox(req, [{ ...message, priority: 'bulk', key: `mentor-batch-summary:${batchId}` }])
}

/**
 * The tick's safety net (docs/decisions/069, 073): every mentor taking bookings with a free seat in
 * a batch that takes students and someone in line for it (their queue, or a student of the batch
 * before it) gets a fill, one transaction each, in mentor id order. A student passed over because
 * they held a seat elsewhere is eligible again once that hold or seat ends, but the fill that
 * follows such an end runs for the mentor of that seat only (it may not take a second mentor's
 * lock out of order): the other queues they wait in hand out their seats here, within a minute.
 * Found by the model-based test (a March seat left unoffered to the only student in line after
 * their hold at another mentor expired). Filling is idempotent, so a second run does nothing.
 */
export async function fillFreeSeats(req: PayloadRequest): Promise<number> {
  const at = now()
  const lateJoin = new Date(at.getTime() - LATE_JOIN_MS).toISOString()
  const mentors = await txQuery<{ id: number }>(
    req,
    sql`SELECT DISTINCT b.mentor_id AS id FROM batches b JOIN mentors m ON m.id = b.mentor_id
         WHERE m._status = 'published' AND m.accepting_bookings IS NOT FALSE
           AND (b.status = 'open' OR (b.status = 'running' AND b.starts_on > ${lateJoin}::timestamptz))
           AND COALESCE(b.capacity, m.capacity) > (SELECT count(*) FROM bookings x WHERE x.batch_id = b.id AND x.status = 'confirmed')
                                                + (SELECT count(*) FROM seat_offers x WHERE x.batch_id = b.id AND x.status = 'held')
           AND (EXISTS (SELECT 1 FROM waitlist w WHERE w.mentor_id = b.mentor_id AND w.status = 'waiting')
                OR EXISTS (SELECT 1 FROM bookings pb JOIN batches p ON p.id = pb.batch_id
                            WHERE p.mentor_id = b.mentor_id AND p.starts_on < b.starts_on AND p.status <> 'cancelled'
                              AND pb.status IN ('confirmed', 'completed')))
         ORDER BY 1`,
  )
  const guard = await stepGuard(req.payload, 'fill-free-seats')
  let handed = 0
  for (const { id } of mentors) {
    const out = await guard(id, async () => {
      const step = await newRequest(req.payload)
      return inTransaction(step, () => fillMentorBatches(step, Number(id)))
    })
    handed += out?.length ?? 0
  }
  return handed
}
