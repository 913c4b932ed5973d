/**
 * Booking, capacity and waitlist rules (docs/decisions/030-booking-service.md). Every operation
 * runs in one transaction (its own, or the caller's when `req` carries one) and takes the
 * mentor's row lock before deciding anything about seats; the database's seat-limit trigger and
 * unique indexes back every rule. Seats themselves are defined in ../seats/seatState.ts.
 */
export { type CancelActor, type CancelBookingResult, cancelBooking } from './cancelBooking'
export { type CreateBookingInput, type CreateBookingResult, createBooking } from './createBooking'
export { bookingErrors } from './errors'
export { fillOpenSeats } from './fillOpenSeats'
export { processWaitlistForUser } from './processWaitlistForUser'
export { type JoinWaitlistResult, joinWaitlist, leaveWaitlist, listWaitlist, type WaitlistView } from './waitlist'
