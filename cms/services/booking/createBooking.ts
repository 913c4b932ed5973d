import type { Booking, Waitlist } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { getBatch } from '../batches/batches'
import { fillMentorBatches } from '../batches/seating'
import { takeCredit } from '../plans/credits'
import { readSeats } from '../seats/seatState'
import { isConstraint, isUniqueViolation } from './dbErrors'
import { emailAddedToWaitlist, emailBookingConfirmed } from './emails'
import { bookingErrors } from './errors'
import { bookingStudent, confirmSeat, enqueueFast, lockMentor, lockUser } from './seats'

export type CreateBookingInput = {
  userId: number
  mentorId: number
  /** From the booking form: stored on the student's profile. Already validated by the caller. */
  name?: string
  phone?: string
}

export type CreateBookingResult =
  | { kind: 'booked'; booking: Booking }
  | { kind: 'waitlisted'; entry: Waitlist; position: number | null; alreadyWaiting: boolean }

/**
 * A student books a seat with a mentor: one seat per student for the coming period (a confirmed
 * booking or a held seat in an open batch); a seat in the mentor's open batch if one is left, paid
 * for by the student's credit (a plan they bought: docs/decisions/069), else "Payment Required"; a
 * full mentor puts the student on the waitlist, which is free and needs no plan (docs/design.md §11).
 *
 * Fast under a rush (issue "Fast at real data sizes"): a seat is decided under the mentor's row lock,
 * which only the few who can still get a seat take; once the batch is full, students join the queue
 * under a shared lock of the same row, all at once and in arrival order, without waiting for each
 * other; a seat that opened meanwhile is handed out right after (the queue's own fill). Backed by
 * the database: the per-batch seat-limit trigger, one seat per student per month, one booking per
 * payment, one waiting place per student and mentor.
 */
export async function createBooking(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult> {
  // A hint without locks: decided again under the lock.
  const hint = await readSeats(req, input.mentorId)
  if (!hint?.published) throw bookingErrors.mentorNotFound()
  try {
    if (hint.open) {
      const booked = await inTransaction(req, () => book(req, input))
      if (booked !== FULL) return booked
      // Full (or paused) by the time the lock came: that transaction only read, and its commit let
      // the next one in line decide; this student joins the queue beside the others.
    }
    const queued = await inTransaction(req, () => queue(req, input))
    if (!queued.seatFree) return queued.result
    // A seat opened while they joined: the queue hands it out in order (maybe to them).
    const fill = await newRequest(req.payload)
    const outcomes = await inTransaction(fill, () => fillMentorBatches(fill, input.mentorId))
    const mine = outcomes.find((o) => o.userId === input.userId && o.kind === 'seated')
    if (mine?.kind === 'seated') {
      const booking = await req.payload.findByID({ collection: 'bookings', id: mine.bookingId, depth: 0, overrideAccess: true })
      return { kind: 'booked', booking }
    }
    return queued.result
  } catch (error) {
    // A parallel request of the same student won the race for their one booking.
    if (isConstraint(error, 'bookings_one_seat_per_period') || isUniqueViolation(error, 'bookings', 'user_id')) {
      throw bookingErrors.mentorAlreadyBooked()
    }
    throw error
  }
}

/**
 * The student, checked: no seat for the coming period elsewhere or here; on the way to the queue
 * (`joiningQueue`) also not seated with this mentor now (running batch or a held seat): continuing
 * into the next batch is the renewal's priority, not a queue place, the same rule as joinWaitlist,
 * so both doors to the queue answer alike.
 */
async function student(req: PayloadRequest, { userId, mentorId, name, phone }: CreateBookingInput, joiningQueue = false) {
  const user = await bookingStudent(req, userId, mentorId)
  if (!user) throw bookingErrors.userNotFound()
  if (user.seat) throw user.seat.mentorId === mentorId ? bookingErrors.alreadyBooked() : bookingErrors.mentorAlreadyBooked()
  if (joiningQueue && user.seatedWithMentor) throw bookingErrors.alreadyBooked()
  await saveContact(req, userId, user, { name, phone })
  return { email: user.email, name: name ?? user.name }
}

/** The booking form's name (when the profile has none) and phone go on the profile. */
async function saveContact(
  req: PayloadRequest,
  userId: number,
  user: { phone: string | null; name: string | null },
  given: { name?: string; phone?: string },
) {
  const phone = given.phone && given.phone !== user.phone ? given.phone : null
  const name = given.name && !user.name?.trim() ? given.name : null
  if (!phone && !name) return
  await txQuery(
    req,
    sql`UPDATE users SET phone = COALESCE(${phone}, phone), name = COALESCE(${name}, name), updated_at = now() WHERE id = ${userId}`,
  )
}

const FULL = Symbol('full')

/**
 * The seat path: the mentor's row lock (then the student's) and a seat if one is left. A student
 * who finds no seat under the lock returns at once (FULL): the lock is held only for the seat
 * decision, so in a rush the hundreds after the last seat do not join the queue one at a time
 * under it.
 */
async function book(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult | typeof FULL> {
  const mentor = await lockMentor(req, input.mentorId)
  if (!mentor?.published) throw bookingErrors.mentorNotFound()
  if (!mentor.open || !mentor.batch) return FULL
  await lockUser(req, input.userId)
  const recipient = await student(req, input)
  const batch = await getBatch(req, mentor.batch.id)
  const paymentId = batch ? await takeCredit(req, input.userId, batch) : null
  if (paymentId === null) throw bookingErrors.paymentRequired()
  const booking = await confirmSeat(req, {
    userId: input.userId,
    mentorId: input.mentorId,
    batchId: mentor.batch.id,
    source: 'direct',
    paymentId,
  })
  if (batch) await emailBookingConfirmed(req, recipient, mentor.name, batch)
  return { kind: 'booked', booking }
}

/**
 * The queue path: a shared lock of the mentor's row (queue joiners do not wait for each other, and a
 * seat decision never runs in between), the place in line, and whether a seat is free now (then the
 * caller runs the queue's fill after this commits).
 */
async function queue(req: PayloadRequest, input: CreateBookingInput): Promise<{ result: CreateBookingResult; seatFree: boolean }> {
  await txQuery(req, sql`SELECT id FROM mentors WHERE id = ${input.mentorId} FOR SHARE`, { requireTransaction: true })
  const recipient = await student(req, input, true)
  const seats = await readSeats(req, input.mentorId)
  if (!seats?.published) throw bookingErrors.mentorNotFound()
  const queued = await enqueueFast(req, input.userId, input.mentorId)
  if (!queued.alreadyWaiting) await emailAddedToWaitlist(req, recipient, seats.name, queued.position)
  return { result: { kind: 'waitlisted', ...queued }, seatFree: seats.open }
}
