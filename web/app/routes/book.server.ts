import { MESSAGES, queueTurnText, waitlistJoinedMessage } from '@mentorloop/shared'
import { getPlanTimeline, getUserBookings, getUserWaitlist } from '~/models/booking.server'
import { getBusinessRules, getMentorAvailability } from '~/models/content.server'

/**
 * "You're on Aarav Mehta's waitlist (number 2). Joining is free; …": the mentor by name, the place,
 * and what happens when a seat opens for this student (held for a while, or theirs at once with a
 * plan). A lookup that fails only loses the detail, never the answer.
 */
export async function waitlistedMessage(token: string, userId: number, mentorId: number, position: number | null): Promise<string> {
  const [mentors, plan, rules, queues] = await Promise.all([
    getMentorAvailability().catch(() => []),
    getPlanTimeline(token, userId).catch(() => null),
    getBusinessRules(),
    getUserWaitlist(token, userId).catch(() => []),
  ])
  const mentorName = mentors.find((m) => m.id === mentorId)?.name
  if (!mentorName) return MESSAGES.WAITLIST_TOKEN
  // Passed over for the batch that takes students now (a seat elsewhere for those days, a seat
  // given up in it): the seating's own answer says when their turn comes instead.
  const turn = queues.find((w) => w.mentorId === mentorId && w.status === 'waiting')?.turn
  if (turn && turn.when !== 'this-batch') return `You’re on ${mentorName}’s waitlist. Joining is free. ${queueTurnText(turn, position)}`
  return waitlistJoinedMessage({ mentorName, position, holdHours: rules.offerHoldHours, hasPlan: Boolean(plan?.hasActivePlan) })
}

/** "Mentor Already Booked" names the seat the student has, so they know where to look. */
export async function alreadySeatedMessage(token: string, userId: number, fallback: string): Promise<string> {
  const bookings = await getUserBookings(token, userId).catch(() => [])
  const seat = bookings.find((b) => b.status === 'confirmed')
  if (!seat) return `${fallback} See it on your dashboard.`
  const batch = seat.batch ? ` in the ${seat.batch.label} batch` : ''
  return `You already have a seat with ${seat.mentor.name}${batch}. A student takes one seat at a time: see it on your dashboard, where you can also cancel it.`
}
