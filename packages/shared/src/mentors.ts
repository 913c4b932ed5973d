/**
 * A mentor's seats (cms/services/seats/seatState.ts is the one place that computes it):
 * `full` when every seat is taken, `paused` when staff stopped new bookings, `open` when a
 * student can book a seat now. A mentor that is not open is in waitlist mode.
 */
export type SeatState = {
  capacity: number
  booked: number
  seatsLeft: number
  full: boolean
  paused: boolean
  open: boolean
}

/** What a mentor's button offers, from the seat state: the one label everywhere on the site. */
export type SeatAction = 'book' | 'waitlist'
export const seatAction = (seats: Pick<SeatState, 'open'>): SeatAction => (seats.open ? 'book' : 'waitlist')

/** One published mentor as `GET /api/mentors/availability` returns it: the public card and its seats. */
export type MentorAvailability = SeatState & {
  id: number
  name: string
  photoUrl: string | null
  profession: string
  company: string
  skills: string
  /** The spec's flag: true in waitlist mode (not open for booking). */
  isFull: boolean
}
