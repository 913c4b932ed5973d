import { seatAction } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { seatState } from './seatState'

describe('seat state: the one definition of full, paused and open', () => {
  it('a mentor with seats left and taking bookings is open', () => {
    expect(seatState({ capacity: 3, booked: 1, acceptingBookings: true })).toEqual({
      capacity: 3,
      booked: 1,
      seatsLeft: 2,
      full: false,
      paused: false,
      open: true,
    })
  })

  it('full when every seat is taken (numeric columns arrive as strings)', () => {
    expect(seatState({ capacity: '2', booked: '2', acceptingBookings: null })).toMatchObject({ seatsLeft: 0, full: true, open: false })
    // Capacity lowered below the seats taken (the database forbids it, the rule still holds).
    expect(seatState({ capacity: 1, booked: 3, acceptingBookings: true })).toMatchObject({ seatsLeft: 0, full: true })
  })

  it('paused by staff: not open even with seats left, and the site offers the waitlist', () => {
    const paused = seatState({ capacity: 5, booked: 0, acceptingBookings: false })
    expect(paused).toMatchObject({ seatsLeft: 5, full: false, paused: true, open: false })
    expect(seatAction(paused)).toBe('waitlist')
    expect(seatAction(seatState({ capacity: 5, booked: 0, acceptingBookings: true }))).toBe('book')
  })
})
