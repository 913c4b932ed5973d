import type { Booking, Waitlist } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { inTransaction } from '../../lib/transaction'
import { getBatch } from '../batches/batches'
import { takeCredit } from '../plans/credits'
import { isConstraint, isUniqueViolation } from './dbErrors'
import { emailAddedToWaitlist, emailBookingConfirmed } from './emails'
import { bookingErrors } from './errors'
import { confirmSeat, currentSeatOf, enqueue, lockMentor, lockUser } from './seats'

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
 * A student books a seat with a mentor, in one transaction, under the mentor's row lock and then the
 * student's: one seat per student for the coming period (a confirmed booking or a held seat in an
 * open batch); a seat in the mentor's open batch if one is left, paid for by the student's credit
 * (a plan they bought: docs/decisions/069), else "Payment Required"; a full mentor puts the student
 * on the waitlist, which is free and needs no plan (docs/design.md §11). Backed by the database: the
 * per-batch seat-limit trigger, one seat per student per month, one booking per payment.
 */
export async function createBooking(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult> {
  try {
    return await inTransaction(req, () => book(req, input))
  } catch (error) {
    // A parallel request of the same student won the race for their one booking.
    if (isConstraint(error, 'bookings_one_seat_per_period') || isUniqueViolation(error, 'bookings', 'user_id')) {
      throw bookingErrors.mentorAlreadyBooked()
    }
    throw error
  }
}

async function book(req: PayloadRequest, { userId, mentorId, name, phone }: CreateBookingInput): Promise<CreateBookingResult> {
  const { payload } = req
  const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req, disableErrors: true })
  if (!user) throw bookingErrors.userNotFound()

  // Mentor first, then the student (one global lock order); the student's lock serialises their own
  // requests (two tabs, a double click) so the rule below sees the other's booking.
  const mentor = await lockMentor(req, mentorId)
  if (!mentor?.published) throw bookingErrors.mentorNotFound()
  await lockUser(req, userId)
  const existing = await currentSeatOf(req, userId)
  if (existing) throw existing.mentorId === mentorId ? bookingErrors.alreadyBooked() : bookingErrors.mentorAlreadyBooked()

  const profile: { name?: string; phone?: string } = {}
  if (phone && phone !== user.phone) profile.phone = phone
  if (name && !user.name?.trim()) profile.name = name
  if (Object.keys(profile).length > 0) {
    await payload.update({ collection: 'users', id: userId, data: profile, depth: 0, overrideAccess: true, req })
  }
  const recipient = { email: user.email, name: name ?? user.name }

  if (mentor.open && mentor.batch) {
    const batch = await getBatch(req, mentor.batch.id)
    const paymentId = batch ? await takeCredit(req, userId, batch) : null
    if (paymentId === null) throw bookingErrors.paymentRequired()
    const booking = await confirmSeat(req, { userId, mentorId, batchId: mentor.batch.id, source: 'direct', paymentId })
    if (batch) await emailBookingConfirmed(req, recipient, mentor.name, batch)
    return { kind: 'booked', booking }
  }

  // Full (or paused): the waitlist, free for everyone; a seat is paid for when it is offered.
  const queued = await enqueue(req, userId, mentorId)
  if (!queued.alreadyWaiting) await emailAddedToWaitlist(req, recipient, mentor.name, queued.position)
  return { kind: 'waitlisted', ...queued }
}
