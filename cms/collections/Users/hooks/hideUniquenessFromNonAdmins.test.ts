import { ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { hideUniquenessFromNonAdmins, revealsWhoIsRegistered, USER_NOT_SAVED } from './hideUniquenessFromNonAdmins'
import { EMAIL_TAKEN } from './keepEmailsUnique'

const unique = new ValidationError({ collection: 'users', errors: [{ path: 'email', message: 'Value must be unique' }] })
const taken = new ValidationError({ collection: 'users', errors: [{ path: 'email', message: EMAIL_TAKEN }] })
const phone = new ValidationError({
  collection: 'users',
  errors: [{ path: 'phone', message: 'Please enter a valid 10-digit phone number' }],
})
const call = (error: unknown, roles: string[] | null) =>
  hideUniquenessFromNonAdmins({
    error,
    req: { user: roles ? { id: 1, roles } : null },
    result: { errors: [] },
    collection: {},
    context: {},
  } as never)

describe('uniqueness errors on users', () => {
  it('knows the errors that tell who is registered', () => {
    expect(revealsWhoIsRegistered(unique)).toBe(true)
    expect(revealsWhoIsRegistered(taken)).toBe(true)
    expect(revealsWhoIsRegistered(phone)).toBe(false)
    expect(revealsWhoIsRegistered(new Error('Value must be unique'))).toBe(false)
  })

  it('gives non-admins one generic 400 and admins the real message', () => {
    for (const roles of [null, ['student'], ['mentor'], ['staff']]) {
      expect(call(unique, roles)).toEqual({ response: { errors: [{ message: USER_NOT_SAVED }] }, status: 400 })
      expect(call(taken, roles)).toEqual({ response: { errors: [{ message: USER_NOT_SAVED }] }, status: 400 })
      // Other validation messages stay as they are.
      expect(call(phone, roles)).toBeUndefined()
    }
    expect(call(unique, ['admin'])).toBeUndefined()
  })
})
