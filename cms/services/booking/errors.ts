import { MESSAGES } from '@mentorloop/shared'
import { AppError } from '../../lib/errors'

/**
 * The booking and waitlist refusals, with the spec's texts: for these calls the spec's clients
 * show `error` as the dialog title ("Payment Required") and `message` as the sentence under it.
 */
const refusal = (code: string, status: number, message: string, title: string, extra: { requiresPayment?: boolean } = {}) =>
  new AppError(code, status, message, { title, error: title, ...extra })

export const bookingErrors = {
  forbidden: (what = 'You may only act on your own bookings.') => refusal('FORBIDDEN', 403, what, 'Forbidden'),
  paymentRequired: () =>
    refusal('PAYMENT_REQUIRED', 402, MESSAGES.PAYMENT_REQUIRED, MESSAGES.PAYMENT_REQUIRED_TITLE, { requiresPayment: true }),
  mentorAlreadyBooked: () => refusal('MENTOR_ALREADY_BOOKED', 409, MESSAGES.MENTOR_ALREADY_BOOKED, MESSAGES.MENTOR_ALREADY_BOOKED_TITLE),
  alreadyBooked: () => refusal('ALREADY_BOOKED', 409, MESSAGES.ALREADY_BOOKED, MESSAGES.ALREADY_BOOKED_TITLE),
  mentorNotFound: () => refusal('MENTOR_NOT_FOUND', 404, 'That mentor does not exist or is not published.', 'Mentor Not Found'),
  userNotFound: () => refusal('USER_NOT_FOUND', 404, 'That user does not exist.', 'User Not Found'),
  bookingNotFound: () => refusal('BOOKING_NOT_FOUND', 404, 'That booking does not exist.', 'Booking Not Found'),
  notOnWaitlist: () => refusal('NOT_ON_WAITLIST', 404, 'You are not on the waitlist for this mentor.', MESSAGES.FAILED_REMOVE_WAITLIST),
}
