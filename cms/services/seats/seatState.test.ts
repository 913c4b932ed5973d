import { seatAction } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { seatState } from './seatState'

const batch = { id: 7, label: 'January 2027', startsOn: '2026-12-31T18:30:00.000Z', endsOn: '2027-01-30T18:30:00.000Z' }

describe('seat state: the one definition of full, paused and open', () => {
  it('a mentor with seats left in their open batch and taking bookings is open', () => {
    expect(seatState({ capacity: 3, booked: 1, acceptingBookings: true, batch })).toEqual({
      capacity: 3,
      booked: 1,
      held: 0,
      seatsLeft: 2,
      full: false,
      paused: false,
      open: true,
      batch,
      nextBatchOpensOn: batch.startsOn,
    })
  })

  it('the next batch opens the day the open one starts, unless staff open it by hand', () => {
    const full = { capacity: 2, booked: 2, acceptingBookings: true, batch }
    expect(seatState(full).nextBatchOpensOn).toBe(batch.startsOn)
    expect(seatState({ ...full, autoOpenNextBatch: null }).nextBatchOpensOn).toBe(batch.startsOn)
    expect(seatState({ ...full, autoOpenNextBatch: false }).nextBatchOpensOn).toBeNull()
    expect(seatState({ ...full, batch: null }).nextBatchOpensOn).toBeNull()
  })

  it('full when every seat is taken or held (numeric columns arrive as strings)', () => {
    expect(seatState({ capacity: '2', booked: '2', acceptingBookings: null, batch })).toMatchObject({
      seatsLeft: 0,
      full: true,
      open: false,
    })
    expect(seatState({ capacity: 3, booked: 1, held: 2, acceptingBookings: true, batch })).toMatchObject({ seatsLeft: 0, full: true })
    // Capacity lowered below the seats taken (the database forbids it, the rule still holds).
    expect(seatState({ capacity: 1, booked: 3, acceptingBookings: true, batch })).toMatchObject({ seatsLeft: 0, full: true })
  })

  it('paused by staff: not open even with seats left, and the site offers the waitlist', () => {
    const paused = seatState({ capacity: 5, booked: 0, acceptingBookings: false, batch })
    expect(paused).toMatchObject({ seatsLeft: 5, full: false, paused: true, open: false })
    expect(seatAction(paused)).toBe('waitlist')
    expect(seatAction(seatState({ capacity: 5, booked: 0, acceptingBookings: true, batch }))).toBe('book')
  })

  it('no open batch: waitlist mode until the next batch opens', () => {
    const none = seatState({ capacity: 5, booked: 0, acceptingBookings: true, batch: null })
    expect(none).toMatchObject({ open: false, full: false, seatsLeft: 0, batch: null })
    expect(seatAction(none)).toBe('waitlist')
  })
})
