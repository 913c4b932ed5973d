import { MESSAGES } from '@mentorloop/shared'

export type BookingErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'INVALID_INPUT'
  | 'MISSING_FIELDS'
  | 'INVALID_PHONE'
  | 'PAYMENT_REQUIRED'
  | 'MENTOR_ALREADY_BOOKED'
  | 'ALREADY_BOOKED'
  | 'MENTOR_NOT_FOUND'
  | 'USER_NOT_FOUND'
  | 'BOOKING_NOT_FOUND'
  | 'NOT_ON_WAITLIST'
  | 'ALREADY_ON_WAITLIST'

export type BookingErrorBody = {
  code: BookingErrorCode
  /** The dialog or toast title the site shows (SPEC section 8), when the spec names one. */
  error: string
  message: string
  requiresPayment?: boolean
}

/**
 * A refused booking or waitlist operation: a stable code, the HTTP status, and the spec's texts
 * (`error` is the dialog title, `message` the sentence under it).
 */
export class BookingError extends Error {
  constructor(
    readonly code: BookingErrorCode,
    readonly status: number,
    message: string,
    readonly title: string = message,
  ) {
    super(message)
    this.name = 'BookingError'
  }

  toBody(): BookingErrorBody {
    return {
      code: this.code,
      error: this.title,
      message: this.message,
      ...(this.code === 'PAYMENT_REQUIRED' ? { requiresPayment: true } : {}),
    }
  }
}

export const bookingErrors = {
  pleaseLogin: () => new BookingError('UNAUTHENTICATED', 401, MESSAGES.PLEASE_LOGIN),
  forbidden: (what = 'You may only act on your own bookings.') => new BookingError('FORBIDDEN', 403, what, 'Forbidden'),
  paymentRequired: () => new BookingError('PAYMENT_REQUIRED', 402, MESSAGES.PAYMENT_REQUIRED, MESSAGES.PAYMENT_REQUIRED_TITLE),
  mentorAlreadyBooked: () =>
    new BookingError('MENTOR_ALREADY_BOOKED', 409, MESSAGES.MENTOR_ALREADY_BOOKED, MESSAGES.MENTOR_ALREADY_BOOKED_TITLE),
  alreadyBooked: () => new BookingError('ALREADY_BOOKED', 409, MESSAGES.ALREADY_BOOKED, MESSAGES.ALREADY_BOOKED_TITLE),
  mentorNotFound: () => new BookingError('MENTOR_NOT_FOUND', 404, 'That mentor does not exist or is not published.', 'Mentor Not Found'),
  userNotFound: () => new BookingError('USER_NOT_FOUND', 404, 'That user does not exist.', 'User Not Found'),
  bookingNotFound: () => new BookingError('BOOKING_NOT_FOUND', 404, 'That booking does not exist.', 'Booking Not Found'),
  notOnWaitlist: () =>
    new BookingError('NOT_ON_WAITLIST', 404, 'You are not on the waitlist for this mentor.', MESSAGES.FAILED_REMOVE_WAITLIST),
}
