import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { inTransaction } from '../../lib/transaction'
import { bookingErrors } from './errors'
import { type ReleasedSeat, releaseSeat } from './releaseSeat'

/** Who cancels: a signed-in user (the owner or an admin), or our own code after checks ('system', e.g. an approved refund). */
export type CancelActor = { id: number | string; roles?: unknown } | 'system'

export type CancelBookingResult = ReleasedSeat

const relId = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * Cancels a confirmed booking, in one transaction under the mentor's lock: the payment that paid for
 * it becomes a credit again when its batch has not started (docs/decisions/069; in a running batch
 * the plan stays used for that batch), the mentor is told, the student too when someone else
 * cancelled, and the freed seat goes to the mentor's queue (continuing students, then the
 * waitlist; never back to this student in this batch). The student may cancel their own booking, an
 * admin any. Cancelling an already cancelled booking changes nothing.
 */
export async function cancelBooking({
  payload,
  bookingId,
  byUser,
  req: given,
  reason,
  keepNextHold = true,
}: {
  payload: Payload
  bookingId: number | string
  byUser: CancelActor
  req?: PayloadRequest
  /** `refunded`: the refund releases the seat and its e-mail tells the student. */
  reason?: 'refunded'
  /**
   * A seat given up while its batch runs: keep the held seat in the mentor's next batch (the
   * default: the continuing hold lasts until the month ends), or pass it on at once (DESIGN.md §11).
   */
  keepNextHold?: boolean
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
    return releaseSeat(req, {
      bookingId: Number(found.id),
      ownerId,
      mentorId: relId(found.mentor),
      reason,
      keepNextHold,
      tellOwner: byUser === 'system' || Number(byUser.id) !== ownerId,
    })
  })
}
