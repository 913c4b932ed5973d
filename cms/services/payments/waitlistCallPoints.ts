import type { Payload, PayloadRequest } from 'payload'

/**
 * The two places where payments meet bookings (DESIGN §5/§6). The booking service (issue 5)
 * provides the real operations; until that branch is merged these are the ONE call point each.
 *
 * CALL POINT (booking): after a mentorship payment completes, waiting students are processed.
 */
export type WaitlistOutcome = { assigned: number; stillWaiting: number; processed: boolean }

export async function processWaitlistAfterPayment(args: {
  payload: Payload
  userId: number
  req: PayloadRequest
}): Promise<WaitlistOutcome> {
  // TODO(issue-5-booking merge): return processWaitlistForUser(args) from '../booking'.
  void args
  return { assigned: 0, stillWaiting: 0, processed: false }
}

/**
 * CALL POINT (booking): an approved refund ends the plan, so the student's booking is cancelled,
 * which frees the seat and gives it to the next waiting student.
 */
export async function releaseSeatAfterRefund(args: { payload: Payload; userId: number; req: PayloadRequest }): Promise<void> {
  // TODO(issue-5-booking merge): cancelBooking(...) for the student's confirmed booking.
  void args
}
