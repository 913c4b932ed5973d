import { now, nowIso } from '@mentorloop/shared'
import type { Booking, SeatOffer } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { revalidateSite } from '../../lib/revalidateSite'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { bookingErrors } from '../booking/errors'
import { confirmSeat, lockMentor } from '../booking/seats'
import { tellStudent } from '../notices/tell'
import { lockCredits, payForBatch } from '../plans/credits'
import { stepGuard } from '../time/failures'
import { type BatchRow, getBatch, takesStudents } from './batches'
import { emailSeatConfirmed } from './emails'
import { fillMentorBatches } from './seating'

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

/** A payment started on a hold keeps it at least this long (once): a checkout begun at 23:58 still claims a hold ending at 00:00. */
export const CHECKOUT_HOLD_MS = 30 * 60_000

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
  if (new Date(row.expires_at) <= now()) throw offerErrors.expired()
  return found
}

/**
 * The student takes the seat held for them, paid for by `paymentId` (the payment made for it) or by
 * their oldest credit; without either, "Payment Required". One seat per student per month. The hold
 * becomes a confirmed booking in one transaction; a hundred claims at once seat the student once.
 */
export async function claimOffer(req: PayloadRequest, offerId: number, actor: Actor, opts: { paymentId?: number } = {}): Promise<Booking> {
  return inTransaction(req, async () => {
    const offer = await lockHeldOffer(req, offerId, actor)
    const userId = idOf(offer.user)
    const batch = await getBatch(req, idOf(offer.batch))
    if (!batch) throw offerErrors.notFound()
    const [other] = await txQuery<{ mentor_id: number }>(
      req,
      sql`SELECT x.mentor_id FROM bookings x JOIN batches xb ON xb.id = x.batch_id
           WHERE x.user_id = ${userId} AND x.status = 'confirmed' AND x.batch_id <> ${batch.id}
             AND xb.starts_on <= ${batch.endsOn.toISOString()}::timestamptz AND xb.ends_on >= ${batch.startsOn.toISOString()}::timestamptz
           LIMIT 1`,
    )
    if (other) throw Number(other.mentor_id) === batch.mentorId ? bookingErrors.alreadyBooked() : bookingErrors.mentorAlreadyBooked()
    const paymentId = opts.paymentId ?? (await lockCredits(req, [userId])).get(userId)
    if (paymentId === undefined) throw offerErrors.needsPlan(offer.kind)
    await payForBatch(req, batch, [paymentId])
    // The hold stops counting before the booking counts: the seat-limit trigger sees one seat.
    await txQuery(
      req,
      sql`UPDATE seat_offers SET status = 'claimed', decided_at = ${nowIso()}::timestamptz, updated_at = now() WHERE id = ${offer.id}`,
    )
    const booking = await confirmSeat(req, {
      userId,
      mentorId: batch.mentorId,
      batchId: batch.id,
      source: offer.kind === 'continuing' ? 'continuing' : 'offer',
      paymentId,
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
    await txQuery(
      req,
      sql`UPDATE seat_offers SET status = 'declined', decided_at = ${nowIso()}::timestamptz, updated_at = now() WHERE id = ${offer.id}`,
    )
    await fillMentorBatches(req, idOf(offer.mentor))
    revalidateSite(req.payload, ['availability'])
  })
}

/**
 * An order started on a held seat keeps the hold for the checkout (docs/decisions/069, "Holds and
 * checkout"): once per hold, to at least 30 minutes from now. Runs in its own short transaction.
 */
export async function keepHoldForCheckout(req: PayloadRequest, offerId: number): Promise<void> {
  const step = await newRequest(req.payload)
  await inTransaction(step, async () => {
    const at = now()
    await txQuery(
      step,
      sql`UPDATE seat_offers SET checkout_extended_at = ${at.toISOString()}::timestamptz,
                 expires_at = GREATEST(expires_at, ${new Date(at.getTime() + CHECKOUT_HOLD_MS).toISOString()}::timestamptz), updated_at = now()
           WHERE id = ${offerId} AND status = 'held' AND checkout_extended_at IS NULL AND expires_at > ${at.toISOString()}::timestamptz`,
    )
  })
}

/**
 * A payment made for a hold that passed on before it arrived: if the hold's batch still has a free
 * seat it can take (and the student no seat that month), the payment pays for it now. Returns
 * whether the student was seated. In the payment's transaction.
 *
 * The hold may be past its time but not yet swept by a tick. The payment settles it here, so it
 * never stands beside the seat, counted as taken, for a tick to announce later as "passed on": the
 * seat it held becomes the student's (the hold is claimed by the new booking), or, when the student
 * cannot be seated, the hold expires as the tick would have done (the student is told, the seat
 * goes to the next in line).
 */
export async function seatInFreedSeat(req: PayloadRequest, offerId: number, paymentId: number): Promise<boolean> {
  const [found] = await txQuery<{ mentor_id: number; batch_id: number }>(
    req,
    sql`SELECT mentor_id, batch_id FROM seat_offers WHERE id = ${offerId}`,
  )
  if (!found) return false
  await lockMentor(req, Number(found.mentor_id))
  const batch = await getBatch(req, Number(found.batch_id), { lock: true })
  const [offer] = await txQuery<{ user_id: number; kind: SeatOffer['kind']; status: SeatOffer['status']; expires_at: string | Date }>(
    req,
    sql`SELECT user_id, kind, status, expires_at FROM seat_offers WHERE id = ${offerId} FOR UPDATE`,
  )
  if (!offer) return false
  const stale = offer.status === 'held' && new Date(offer.expires_at) <= now()
  const seated = batch !== null && takesStudents(batch) && (await seatIfFree(req, { id: offerId, stale, ...offer }, batch, paymentId))
  if (seated) revalidateSite(req.payload, ['availability'])
  else if (stale) {
    const held = await req.payload.findByID({ collection: 'seat-offers', id: offerId, depth: 0, overrideAccess: true, req })
    await expireHeld(req, held)
  }
  return seated
}

async function seatIfFree(
  req: PayloadRequest,
  offer: { id: number; stale: boolean; user_id: number; kind: SeatOffer['kind'] },
  batch: BatchRow,
  paymentId: number,
): Promise<boolean> {
  // The student's own stale hold is the seat they paid for: it does not count against them.
  const [row] = await txQuery<{ taken: number; elsewhere: boolean }>(
    req,
    sql`SELECT ((SELECT count(*) FROM bookings WHERE batch_id = ${batch.id} AND status = 'confirmed')
              + (SELECT count(*) FROM seat_offers WHERE batch_id = ${batch.id} AND status = 'held' AND id <> ${offer.stale ? offer.id : 0}))::int AS taken,
               EXISTS (SELECT 1 FROM bookings x JOIN batches xb ON xb.id = x.batch_id
                        WHERE x.user_id = ${offer.user_id} AND x.status = 'confirmed'
                          AND xb.starts_on <= ${batch.endsOn.toISOString()}::timestamptz AND xb.ends_on >= ${batch.startsOn.toISOString()}::timestamptz) AS elsewhere`,
  )
  if (!row || row.elsewhere || Number(row.taken) >= batch.capacity) return false
  await payForBatch(req, batch, [paymentId])
  // As in claimOffer: the hold stops counting before the booking counts (the seat-limit trigger).
  if (offer.stale)
    await txQuery(
      req,
      sql`UPDATE seat_offers SET status = 'claimed', decided_at = ${nowIso()}::timestamptz, updated_at = now() WHERE id = ${offer.id}`,
    )
  const booking = await confirmSeat(req, {
    userId: Number(offer.user_id),
    mentorId: batch.mentorId,
    batchId: batch.id,
    source: offer.kind === 'continuing' ? 'continuing' : 'offer',
    paymentId,
  })
  if (offer.stale) await txQuery(req, sql`UPDATE seat_offers SET claimed_booking_id = ${booking.id} WHERE id = ${offer.id}`)
  const [who] = await txQuery<{ email: string; name: string | null; mentor: string }>(
    req,
    sql`SELECT u.email, u.name, m.name AS mentor FROM users u, mentors m WHERE u.id = ${offer.user_id} AND m.id = ${batch.mentorId}`,
  )
  if (who) await emailSeatConfirmed(req, who, who.mentor, batch, offer.kind === 'continuing' ? 'continuing' : 'offer')
  return true
}

async function expireHeld(req: PayloadRequest, offer: SeatOffer): Promise<boolean> {
  const won = await txQuery(
    req,
    sql`UPDATE seat_offers SET status = 'expired', decided_at = ${nowIso()}::timestamptz, updated_at = now()
         WHERE id = ${offer.id} AND status = 'held' AND expires_at <= ${nowIso()}::timestamptz RETURNING id`,
  )
  if (won.length === 0) return false
  const batch = await getBatch(req, idOf(offer.batch))
  const [who] = await txQuery<{ id: number; email: string; name: string | null; mentor: string }>(
    req,
    sql`SELECT u.id, u.email, u.name, m.name AS mentor FROM users u, mentors m WHERE u.id = ${idOf(offer.user)} AND m.id = ${idOf(offer.mentor)}`,
  )
  if (batch && who) await tellExpired(req, { id: Number(who.id), email: who.email, name: who.name }, who.mentor, batch, offer)
  await fillMentorBatches(req, idOf(offer.mentor))
  revalidateSite(req.payload, ['availability'])
  return true
}

function tellExpired(
  req: PayloadRequest,
  student: { id: number; email: string; name: string | null },
  mentorName: string,
  batch: BatchRow,
  offer: SeatOffer,
) {
  return tellStudent(req, student, {
    kind: 'seat-offer-expired',
    title: `The seat held for you in ${mentorName}'s ${batch.label} batch has passed on`,
    paragraphs: [
      `The seat held for you in ${mentorName}'s ${batch.label} batch was not claimed in time, so it went to the next student.`,
      offer.kind === 'waitlist'
        ? 'You keep your place in the queue: we will offer you the next seat that opens.'
        : 'You can still join the waitlist or book another mentor from the site.',
    ],
    action: { label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
    key: `seat-offer-expired:${offer.id}`,
  })
}

/**
 * Expires one held offer whose time has come and passes its seat on (the one-off job queued with
 * the offer, and the tick's sweep). Idempotent: only the caller whose conditional UPDATE wins does it.
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
    if (offer?.status !== 'held' || new Date(offer.expiresAt) > now()) return false
    await lockMentor(req, idOf(offer.mentor))
    return expireHeld(req, offer)
  })
}

/** The sweep: every held offer past its time, one transaction each, earliest first. */
export async function expireDueOffers(req: PayloadRequest): Promise<number> {
  const due = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM seat_offers WHERE status = 'held' AND expires_at <= ${nowIso()}::timestamptz ORDER BY expires_at, id LIMIT 1000`,
  )
  const guard = await stepGuard(req.payload, 'expire-offer')
  let expired = 0
  for (const { id } of due) if (await guard(id, async () => expireOffer(await newRequest(req.payload), Number(id)))) expired++
  return expired
}
