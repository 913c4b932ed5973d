import { createLocalReq, type Payload, type PayloadRequest } from 'payload'
import { inTransaction } from '../../lib/transaction'
import { fillMentorBatches, type SeatOutcome } from '../batches/seating'

/**
 * Seats opened at a mentor (capacity raised, bookings reopened, an admin's request): the mentor's
 * batches that take students hand them out in queue order (services/batches/seating.ts), in its
 * own transaction or the caller's.
 */
export async function fillOpenSeats({
  payload,
  mentorId,
  req: given,
}: {
  payload: Payload
  mentorId: number | string
  req?: PayloadRequest
}): Promise<{ assigned: number; offered: number; userIds: number[]; outcomes: SeatOutcome[] }> {
  const req = given ?? (await createLocalReq({}, payload))
  return inTransaction(req, async () => {
    const outcomes = await fillMentorBatches(req, Number(mentorId))
    const seated = outcomes.filter((o) => o.kind === 'seated')
    return { assigned: seated.length, offered: outcomes.length - seated.length, userIds: seated.map((o) => o.userId), outcomes }
  })
}
