import { now } from '@mentorloop/shared'
import type { Booking } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { revalidateSite } from '../../lib/revalidateSite'
import { requireTransaction, txQuery } from '../../lib/transaction'
import { confirmSeat, currentSeatOf, lockMentor } from '../booking/seats'
import { getActivePlan } from '../plans/activePlan'
import { type BatchRow, batchEnd, getBatch, previousBatch, takesStudents } from './batches'
import { emailSeatConfirmed, emailSeatOffered } from './emails'
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

async function userOf(req: PayloadRequest, userId: number) {
  return req.payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req })
}

/** Holds a seat in the batch for the student until `expiresAt` (the seat-limit trigger counts it). */
export async function holdSeat(
  req: PayloadRequest,
  input: { batch: BatchRow; userId: number; kind: 'waitlist' | 'continuing'; expiresAt: Date; entryId?: number; mentorName: string },
) {
  const offer = await req.payload.create({
    collection: 'seat-offers',
    data: {
      user: input.userId,
      mentor: input.batch.mentorId,
      batch: input.batch.id,
      kind: input.kind,
      waitlistEntry: input.entryId ?? null,
      status: 'held',
      expiresAt: input.expiresAt.toISOString(),
    },
    depth: 0,
    overrideAccess: true,
    req,
  })
  // Expire it on time (the periodic sweep is the safety net); queued with `req`, so only if this commits.
  await req.payload.jobs.queue({ task: 'expireSeatOffer', input: { offerId: offer.id }, waitUntil: input.expiresAt, req })
  await emailSeatOffered(req, await userOf(req, input.userId), input.mentorName, input.batch, input.expiresAt, input.kind)
  return offer
}

/**
 * Hands out a batch's free seats in queue order (docs/decisions/045-batches-in-time.md), under the
 * mentor's lock: first the students of the mentor's running batch (continuing: seated if their plan
 * covers the new batch's first day, else held for them until their batch ends), then the waitlist
 * FIFO (seated with an active plan, else offered for the hold time). A student who already holds a
 * seat for the period, or had an offer for this batch, is passed over. Must run inside the caller's
 * transaction; running it again hands out nothing more.
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
  const out: SeatOutcome[] = []
  if (free <= 0) return out

  /**
   * Who is passed over: a student seated for the period (here or in another open batch), one who
   * declined this batch or holds a seat in it already; `offered` says whether they had any offer
   * for this batch (an expired one included: they are not offered it twice, but may be seated
   * once they have a plan).
   */
  const standing = async (userId: number): Promise<{ passedOver: boolean; offered: boolean }> => {
    const [row] = await txQuery<{ confirmed: number; offers: number; closed: number }>(
      req,
      sql`SELECT (SELECT count(*) FROM bookings WHERE batch_id = ${batch.id} AND user_id = ${userId} AND status = 'confirmed')::int AS confirmed,
                 (SELECT count(*) FROM seat_offers WHERE batch_id = ${batch.id} AND user_id = ${userId})::int AS offers,
                 (SELECT count(*) FROM seat_offers WHERE batch_id = ${batch.id} AND user_id = ${userId} AND status <> 'expired')::int AS closed`,
    )
    const offered = Number(row?.offers ?? 0) > 0
    if (Number(row?.confirmed ?? 0) > 0 || Number(row?.closed ?? 0) > 0) return { passedOver: true, offered }
    // One seat at a time: a seat for the coming period, or a seat held anywhere.
    const seat = await currentSeatOf(req, userId)
    if (seat !== null && seat.batchId !== batch.id) return { passedOver: true, offered }
    const [hold] = await txQuery(
      req,
      sql`SELECT 1 FROM seat_offers WHERE user_id = ${userId} AND status = 'held' AND batch_id <> ${batch.id} LIMIT 1`,
    )
    return { passedOver: hold !== undefined, offered }
  }

  // 1. Continuing students: the batch running now of this mentor, when this one is the next.
  const previous = batch.status === 'open' ? await previousBatch(req, batch) : null
  if (previous?.status === 'running') {
    const continuing = await txQuery<{ user_id: number }>(
      req,
      sql`SELECT user_id FROM bookings WHERE batch_id = ${previous.id} AND status IN ('confirmed', 'completed')
           GROUP BY user_id ORDER BY min(created_at), user_id`,
    )
    for (const { user_id } of continuing) {
      if (free === 0) break
      const userId = Number(user_id)
      const { passedOver, offered } = await standing(userId)
      if (passedOver || offered) continue
      if (await hasPlanAt(req, userId, planDateFor(batch, 'continuing'))) {
        const booking = await confirmSeat(req, { userId, mentorId: batch.mentorId, batchId: batch.id, source: 'continuing' })
        await emailSeatConfirmed(req, await userOf(req, userId), mentor.name, batch, 'continuing')
        out.push({ kind: 'seated', userId, bookingId: booking.id, source: 'continuing' })
      } else {
        const expiresAt = batchEnd(previous)
        const offer = await holdSeat(req, { batch, userId, kind: 'continuing', expiresAt, mentorName: mentor.name })
        out.push({ kind: 'offered', userId, offerId: offer.id, expiresAt, offerKind: 'continuing' })
      }
      free--
    }
  }

  // 2. The waitlist, first come first served.
  if (free > 0) {
    const holdMs = await offerHoldMs(req)
    const queue = await txQuery<{ id: number; user_id: number }>(
      req,
      sql`SELECT id, user_id FROM waitlist WHERE mentor_id = ${batch.mentorId} AND status = 'waiting' ORDER BY joined_at, id`,
    )
    for (const row of queue) {
      if (free === 0) break
      const userId = Number(row.user_id)
      const { passedOver, offered } = await standing(userId)
      if (passedOver) continue
      if (await hasPlanAt(req, userId, now())) {
        const booking = await confirmSeat(req, { userId, mentorId: batch.mentorId, batchId: batch.id, source: 'waitlist' })
        await emailSeatConfirmed(req, await userOf(req, userId), mentor.name, batch, 'waitlist')
        out.push({ kind: 'seated', userId, bookingId: booking.id, source: 'waitlist' })
      } else if (!offered) {
        const expiresAt = new Date(now().getTime() + holdMs)
        const offer = await holdSeat(req, { batch, userId, kind: 'waitlist', expiresAt, entryId: Number(row.id), mentorName: mentor.name })
        out.push({ kind: 'offered', userId, offerId: offer.id, expiresAt, offerKind: 'waitlist' })
      } else {
        continue
      }
      free--
    }
  }
  // The site caches the seat counts of the mentor cards: tell it (after this commits).
  if (out.length > 0) revalidateSite(req.payload, ['availability'])
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
