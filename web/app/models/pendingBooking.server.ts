import { bookingFormSchema, seatAction } from '@mentorloop/shared'
import type { PendingBooking } from '~/components/booking/types'
import { getMentorAvailability } from '~/models/content.server'
import { readBookingDraft } from '~/utils/booking-draft.server'

/**
 * The booking the student started and has not finished (kept by booking-draft.server.ts), with its
 * mentor's name and seat state: what the payment's success dialog and the dashboard's credit card
 * offer to finish in one step. Null when there is none the form would accept, or on any failure
 * (only the shortcut is lost: the form still has the values).
 */
export async function pendingBookingFor(request: Request, userId: number): Promise<PendingBooking | null> {
  try {
    const draft = await readBookingDraft(request, userId)
    if (!draft || !bookingFormSchema.safeParse({ ...draft, mentorId: String(draft.mentorId) }).success) return null
    const mentor = (await getMentorAvailability()).find((m) => m.id === draft.mentorId)
    return mentor ? { ...draft, mentorName: mentor.name, action: seatAction(mentor) } : null
  } catch {
    return null
  }
}
