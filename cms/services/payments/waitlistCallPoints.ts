import type { Payload, PayloadRequest } from 'payload'
import { cancelBooking, processWaitlistForUser } from '../booking'

/** Where payments meet bookings (docs/design.md §5, §6), through the booking service's operations. */
export type WaitlistOutcome = { assigned: number; stillWaiting: number; processed: boolean }

/** After a mentorship payment completes (its transaction committed), waiting students are processed. */
export async function processWaitlistAfterPayment(args: {
  payload: Payload
  userId: number
  req: PayloadRequest
}): Promise<WaitlistOutcome> {
  const { assigned, stillWaiting } = await processWaitlistForUser(args)
  return { assigned, stillWaiting, processed: true }
}

/**
 * An approved refund ends the plan, so the student's confirmed booking is cancelled (in the
 * refund's transaction), which frees the seat and gives it to the next waiting student.
 */
export async function releaseSeatAfterRefund({
  payload,
  userId,
  req,
}: {
  payload: Payload
  userId: number
  req: PayloadRequest
}): Promise<number> {
  const { docs } = await payload.find({
    collection: 'bookings',
    where: { user: { equals: userId }, status: { equals: 'confirmed' } },
    depth: 0,
    limit: 10,
    overrideAccess: true,
    req,
  })
  let assigned = 0
  for (const booking of docs) {
    const result = await cancelBooking({ payload, bookingId: booking.id, byUser: 'system', req })
    assigned += result.assigned
  }
  return assigned
}
