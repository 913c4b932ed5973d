import { describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors'
import { isConstraint, isUniqueViolation, pgError } from './dbErrors'
import { bookingErrors } from './errors'

describe('database errors behind Drizzle and Payload', () => {
  it('finds the PostgreSQL code and constraint through causes', () => {
    const pg = Object.assign(new Error('duplicate key'), { code: '23505', constraint: 'bookings_one_confirmed_per_user' })
    const wrapped = new Error('Failed query', { cause: pg })
    expect(pgError(wrapped)).toMatchObject({ code: '23505', constraint: 'bookings_one_confirmed_per_user' })
    expect(isConstraint(wrapped, 'bookings_one_confirmed_per_user')).toBe(true)
    expect(pgError(new Error('nothing here'))).toBeNull()
  })

  it('recognises Payload’s "Value must be unique" ValidationError for a column', () => {
    const payloadError = Object.assign(new Error('The following field is invalid: user_id'), {
      data: { collection: 'bookings', errors: [{ message: 'Value must be unique', path: 'user_id' }] },
    })
    expect(isUniqueViolation(payloadError, 'bookings', 'user_id')).toBe(true)
    expect(isUniqueViolation(payloadError, 'waitlist', 'user_id')).toBe(false)
  })
})

describe('booking errors carry the spec texts', () => {
  it('payment required answers requiresPayment with the dialog title', () => {
    expect(bookingErrors.paymentRequired().toBody()).toEqual({
      code: 'PAYMENT_REQUIRED',
      title: 'Payment Required',
      error: 'Payment Required',
      message: 'Choose a plan before booking: a plan pays for your seat in one batch.',
      requiresPayment: true,
    })
    const e = bookingErrors.alreadyBooked()
    expect(e).toBeInstanceOf(AppError)
    expect([e.status, e.title, e.message]).toEqual([409, 'Already Booked', 'You have already booked this mentor.'])
  })
})
