/**
 * Booking, capacity and waitlist rules (DESIGN section 5). Every operation runs in one
 * transaction (its own, or the caller's when `req` carries one) and takes the mentor's row lock
 * before deciding anything about seats; the database's seat-limit trigger and unique indexes
 * back every rule.
 *
 * Stable for other areas (payments, refunds):
 * - processWaitlistForUser({ payload, userId, req }) -> { assigned, stillWaiting }
 * - fillOpenSeats({ payload, mentorId, req }) -> { assigned, userIds }
 * - cancelBooking({ payload, bookingId, byUser, req }) -> { booking, alreadyCancelled, assigned }
 * - cancelBookingsOfUser({ payload, userId, req }) -> { cancelled, assigned } (a refund frees the seat)
 */
export { type CancelActor, type CancelBookingResult, cancelBooking, cancelBookingsOfUser } from './cancelBooking'
export { type CreateBookingInput, type CreateBookingResult, createBooking } from './createBooking'
export { BookingError, type BookingErrorBody, type BookingErrorCode, bookingErrors } from './errors'
export { fillOpenSeatsInTransaction, type SeatAssignment } from './fillOpenSeats'
export { fillOpenSeats, processWaitlistForUser } from './processWaitlistForUser'
export { countTaken } from './seats'
export { type JoinWaitlistResult, joinWaitlist, leaveWaitlist, listWaitlist, type WaitlistView } from './waitlist'
