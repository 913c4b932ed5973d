import type { Booking } from '@mentorloop/shared/payload-types'
import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { inTransaction } from '../../lib/transaction'
import { fillBatch } from '../batches/seating'
import { bookingErrors } from './errors'
import { emailMentorAboutSeats } from './mentorEmails'
import { lockMentor } from './seats'

/** Who cancels: a signed-in user (the owner or an admin), or our own code after checks ('system', e.g. an approved refund). */
export type CancelActor = { id: number | string; roles?: unknown } | 'system'

export type CancelBookingResult = { booking: Booking; alreadyCancelled: boolean; assigned: number }

const relId = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * Cancels a confirmed booking, tells the mentor, and gives the freed seat to the batch's queue (continuing students,
 * then the waitlist), in one transaction. The student may cancel their own booking, an admin any. Cancelling
 * an already cancelled booking changes nothing.
 */
export async function cancelBooking({
  payload,
  bookingId,
  byUser,
  req: given,
}: {
  payload: Payload
  bookingId: number | string
  byUser: CancelActor
  req?: PayloadRequest
}): Promise<CancelBookingResult> {
  const req = given ?? (await createLocalReq({}, payload))
  return inTransaction(req, async () => {
    const found = await payload.findByID({
      collection: 'bookings',
      id: bookingId,
      depth: 0,
      overrideAccess: true,
      req,
      disableErrors: true,
    })
    if (!found) throw bookingErrors.bookingNotFound()
    const ownerId = relId(found.user)
    if (byUser !== 'system' && !checkRole(byUser, 'admin') && Number(byUser.id) !== ownerId) {
      throw bookingErrors.forbidden('You may only cancel your own booking.')
    }
    const mentorId = relId(found.mentor)
    await lockMentor(req, mentorId)
    // Re-read under the lock: a parallel cancel may have won.
    const booking = await payload.findByID({ collection: 'bookings', id: found.id, depth: 0, overrideAccess: true, req })
    if (booking.status !== 'confirmed') return { booking, alreadyCancelled: true, assigned: 0 }
    const cancelled = await payload.update({
      collection: 'bookings',
      id: booking.id,
      data: { status: 'cancelled' },
      depth: 0,
      overrideAccess: true,
      req,
      context: { seatsHandled: true },
    })
    await emailMentorAboutSeats(req, relId(booking.batch), [{ kind: 'cancelled', userId: ownerId }])
    const outcomes = await fillBatch(req, relId(booking.batch))
    return { booking: cancelled, alreadyCancelled: false, assigned: outcomes.filter((o) => o.kind === 'seated').length }
  })
}
