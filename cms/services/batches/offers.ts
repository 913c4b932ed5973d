import { nowIso } from '@mentorloop/shared'
import type { Booking, SeatOffer } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { AppError } from '../../lib/errors'
import { revalidateSite } from '../../lib/revalidateSite'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { bookingErrors } from '../booking/errors'
import { confirmSeat, currentSeatOf, lockMentor } from '../booking/seats'
import { getBatch } from './batches'
import { emailOfferExpired, emailSeatConfirmed } from './emails'
import { fillBatch, hasPlanAt, planDateFor } from './seating'

export const offerErrors = {
  notFound: () => new AppError('OFFER_NOT_FOUND', 404, 'That seat offer does not exist.', { title: 'Offer Not Found' }),
  expired: () =>
    new AppError('OFFER_EXPIRED', 410, 'This seat offer has expired and passed to the next student. You keep your place in the queue.', {
      title: 'Offer Expired',
    }),
  notHeld: (status: string) =>
    new AppError('OFFER_NOT_HELD', 409, `This seat offer is no longer open (it was ${status}).`, { title: 'Offer Closed' }),
  needsPlan: (kind: 'waitlist' | 'continuing') =>
    new AppError(
      'PAYMENT_REQUIRED',
      402,
      kind === 'continuing'
        ? 'Renew your plan to keep this seat: choose a plan and pay, and the seat is yours.'
        : 'Choose a plan and pay to claim this seat.',
      { title: 'Payment Required', requiresPayment: true },
    ),
}

const idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

type Actor = { id: number; roles?: unknown } | 'system'

/**
 * Locks the offer for a decision: the mentor's lock first (the order every seat path keeps), then
 * the offer's row. Checks that the actor may decide it (the student it is for, an admin, or our
 * own code) and that it is still held and in time; a hold found past its time is expired here.
 */
async function lockHeldOffer(req: PayloadRequest, offerId: number, actor: Actor): Promise<SeatOffer> {
  const found = await req.payload.findByID({
    collection: 'seat-offers',
    id: offerId,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  if (!found) throw offerErrors.notFound()
  if (actor !== 'system' && !checkRole(actor, 'admin') && idOf(found.user) !== actor.id) throw offerErrors.notFound()
  await lockMentor(req, idOf(found.mentor))
  const [row] = await txQuery<{ status: SeatOffer['status']; expires_at: string | Date }>(
    req,
    sql`SELECT status, expires_at FROM seat_offers WHERE id = ${offerId} FOR UPDATE`,
  )
  if (!row) throw offerErrors.notFound()
  if (row.status === 'expired') throw offerErrors.expired()
  if (row.status !== 'held') throw offerErrors.notHeld(row.status)
  // Past its time but not swept yet: as good as expired (the job passes the seat on).
  if (new Date(row.expires_at) <= new Date(nowIso())) throw offerErrors.expired()
  return found
}

/**
 * The student takes the seat held for them: they need a plan (for a continuing student, one that
 * covers the batch's first day) and no other seat for the period. The hold becomes a confirmed
 * booking in one transaction; a hundred claims at once seat the student once.
 */
export async function claimOffer(req: PayloadRequest, offerId: number, actor: Actor): Promise<Booking> {
  return inTransaction(req, async () => {
    const offer = await lockHeldOffer(req, offerId, actor)
    const userId = idOf(offer.user)
    const batch = await getBatch(req, idOf(offer.batch))
    if (!batch) throw offerErrors.notFound()
    if (!(await hasPlanAt(req, userId, planDateFor(batch, offer.kind)))) throw offerErrors.needsPlan(offer.kind)
    const seat = await currentSeatOf(req, userId)
    if (seat && !(seat.kind === 'offer' && seat.id === offer.id)) {
      throw seat.mentorId === batch.mentorId ? bookingErrors.alreadyBooked() : bookingErrors.mentorAlreadyBooked()
    }
    // The hold stops counting before the booking counts: the seat-limit trigger sees one seat.
    await txQuery(req, sql`UPDATE seat_offers SET status = 'claimed', decided_at = now(), updated_at = now() WHERE id = ${offer.id}`)
    const booking = await confirmSeat(req, {
      userId,
      mentorId: batch.mentorId,
      batchId: batch.id,
      source: offer.kind === 'continuing' ? 'continuing' : 'offer',
    })
    await txQuery(req, sql`UPDATE seat_offers SET claimed_booking_id = ${booking.id} WHERE id = ${offer.id}`)
    const mentor = await req.payload.findByID({ collection: 'mentors', id: batch.mentorId, depth: 0, overrideAccess: true, req })
    const user = await req.payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req })
    await emailSeatConfirmed(req, user, mentor.name, batch, offer.kind === 'continuing' ? 'continuing' : 'offer')
    revalidateSite(req.payload, ['availability'])
    return booking
  })
}

/** The student gives the held seat up; it goes to the next in line at once. */
export async function declineOffer(req: PayloadRequest, offerId: number, actor: Actor): Promise<void> {
  await inTransaction(req, async () => {
    const offer = await lockHeldOffer(req, offerId, actor)
    await txQuery(req, sql`UPDATE seat_offers SET status = 'declined', decided_at = now(), updated_at = now() WHERE id = ${offer.id}`)
    await fillBatch(req, idOf(offer.batch))
    revalidateSite(req.payload, ['availability'])
  })
}

async function expireHeld(req: PayloadRequest, offer: SeatOffer): Promise<boolean> {
  const won = await txQuery(
    req,
    sql`UPDATE seat_offers SET status = 'expired', decided_at = now(), updated_at = now()
         WHERE id = ${offer.id} AND status = 'held' AND expires_at <= ${nowIso()}::timestamptz RETURNING id`,
  )
  if (won.length === 0) return false
  const batch = await getBatch(req, idOf(offer.batch))
  const mentor = await req.payload.findByID({ collection: 'mentors', id: idOf(offer.mentor), depth: 0, overrideAccess: true, req })
  const user = await req.payload.findByID({ collection: 'users', id: idOf(offer.user), depth: 0, overrideAccess: true, req })
  if (batch) await emailOfferExpired(req, user, mentor.name, batch, offer.kind)
  if (batch) await fillBatch(req, batch.id)
  revalidateSite(req.payload, ['availability'])
  return true
}

/**
 * Expires one held offer whose time has come and passes its seat on (the one-off job queued with
 * the offer, and the sweep). Idempotent: only the caller whose conditional UPDATE wins does it.
 */
export async function expireOffer(req: PayloadRequest, offerId: number): Promise<boolean> {
  return inTransaction(req, async () => {
    const offer = await req.payload.findByID({
      collection: 'seat-offers',
      id: offerId,
      depth: 0,
      overrideAccess: true,
      req,
      disableErrors: true,
    })
    if (offer?.status !== 'held' || new Date(offer.expiresAt) > new Date(nowIso())) return false
    await lockMentor(req, idOf(offer.mentor))
    return expireHeld(req, offer)
  })
}

/** The sweep: every held offer past its time, one transaction each. */
export async function expireDueOffers(req: PayloadRequest): Promise<number> {
  const due = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM seat_offers WHERE status = 'held' AND expires_at <= ${nowIso()}::timestamptz ORDER BY expires_at, id LIMIT 1000`,
  )
  let expired = 0
  for (const { id } of due) if (await expireOffer(await newRequest(req.payload), Number(id))) expired++
  return expired
}
