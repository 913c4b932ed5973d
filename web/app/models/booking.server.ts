import {
  type BookingView,
  type MentorBookingsView,
  type MentorCard,
  type NoticeView,
  type PlanTimeline,
  type SeatAction,
  type SeatOfferView,
  type SeatState,
  seatAction,
  type WaitlistEntryView,
} from '@mentorloop/shared'
import { CmsError, cms } from './cms.server'

/**
 * The booking calls of docs/spec.md §7, made server to server with the signed-in user's token:
 * the CMS checks every id against that user, this module only shapes the answers.
 */
export type BookingAnswer =
  | { ok: true; kind: 'booked'; message: string; bookingId: number }
  | { ok: true; kind: 'waitlisted'; message: string; title: string; position: number | null }
  | { ok: false; status: number; code: string; title: string; message: string }

type BookingResponse = {
  code: 'BOOKED' | 'WAITLISTED'
  message: string
  title?: string
  booking: { id: number } | null
  waitlistEntry: { position: number | null } | null
}

export async function postBooking(token: string, body: { mentorId: number; name: string; contact: string }): Promise<BookingAnswer> {
  try {
    const res = await cms<BookingResponse>('/bookings', { method: 'POST', token, body, timeoutMs: 20_000 })
    if (res.code === 'BOOKED' && res.booking) return { ok: true, kind: 'booked', message: res.message, bookingId: res.booking.id }
    return { ok: true, kind: 'waitlisted', message: res.message, title: res.title ?? '', position: res.waitlistEntry?.position ?? null }
  } catch (error) {
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal)
      return { ok: false, status: (error as CmsError).status, code: refusal.code, title: refusal.title, message: refusal.message }
    throw error
  }
}

export const getUserBookings = (token: string, userId: number) =>
  cms<{ bookings: BookingView[] }>(`/bookings/user/${userId}`, { token }).then((r) => r.bookings)

export const getUserWaitlist = (token: string, userId: number) =>
  cms<{ waitlistEntries: WaitlistEntryView[] }>(`/waitlist/user/${userId}`, { token }).then((r) => r.waitlistEntries)

/** A mentor's students in one batch (default: the running, else the open one), and the mentor's batches to switch between. */
export const getMentorBookings = (token: string, mentorId: number, batchId?: number | null) =>
  cms<MentorBookingsView>(`/bookings/mentor/${mentorId}`, {
    token,
    query: batchId ? { batch: batchId } : undefined,
  })

/** The student's mentorship plan: until when, and whether renewal is open. */
export const getPlanTimeline = (token: string, userId: number) => cms<PlanTimeline>(`/bookings/user/${userId}/plan-status`, { token })

/** Seats held for the student (seat offers, continuing students' holds). */
/** What changed for the student lately without their doing it (a released seat, an expired hold, a refunded credit). */
export const getMyNotices = (token: string) => cms<{ notices: NoticeView[] }>('/notices/mine', { token }).then((r) => r.notices)

export const getMyOffers = (token: string) => cms<{ offers: SeatOfferView[] }>('/seat-offers/mine', { token }).then((r) => r.offers)

export const claimOffer = (token: string, offerId: number) =>
  cms<{ message: string; booking: { id: number } }>(`/seat-offers/${offerId}/claim`, { method: 'POST', token })

export const declineOffer = (token: string, offerId: number) =>
  cms<{ message: string }>(`/seat-offers/${offerId}/decline`, { method: 'POST', token })

/** `keepNextSeat`: the dialog's answer for a seat in a running batch (keep next month's held seat?). */
export const cancelBooking = (token: string, bookingId: number, keepNextSeat?: boolean) =>
  cms<{ message: string }>(`/bookings/${bookingId}/cancel`, {
    method: 'POST',
    token,
    ...(keepNextSeat === undefined ? {} : { body: { keepNextSeat } }),
  })

export const joinWaitlist = (token: string, mentorId: number) =>
  cms<{ message: string; assigned: boolean; waitlistEntry: { position: number | null } }>('/waitlist/add', {
    method: 'POST',
    token,
    body: { mentorId },
  })

export const leaveWaitlist = (token: string, mentorId: number) =>
  cms<{ message: string }>('/waitlist/remove', { method: 'POST', token, body: { mentorId } })

export type MentorListItem = { id: number; name: string; action: SeatAction; seats: SeatState | null }

/**
 * Published mentors with their seat state: two CMS calls whatever the number of mentors. No e-mail
 * addresses: the CMS shows a mentor's address only to staff and that mentor (issue 12).
 */
export async function getMentorsWithSeats(token: string | null): Promise<MentorListItem[]> {
  const [{ docs }, seats] = await Promise.all([
    cms<{ docs: { id: number; name: string }[] }>('/mentors', {
      token,
      query: { depth: 0, limit: 100, sort: 'displayOrder', select: { name: true } },
    }),
    // docs/spec.md: a failed seat lookup is tolerated as "not full"; the booking itself decides under the lock.
    cms<{ docs: MentorCard[] }>('/mentors/availability', { token }).catch(() => ({ docs: [] })),
  ])
  const byId = new Map(seats.docs.map((m) => [m.id, m]))
  return docs.map((m) => {
    const seat = byId.get(m.id)
    return { id: m.id, name: m.name, action: seat ? seatAction(seat) : 'book', seats: seat ?? null }
  })
}
