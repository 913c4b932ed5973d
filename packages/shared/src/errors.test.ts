import { describe, expect, it } from 'vitest'
import { errorBody, parseErrorBody } from './errors'

describe('parseErrorBody', () => {
  const base = { code: 'PAYMENT_REQUIRED', title: 'Payment Required', message: 'Please subscribe.', error: 'Payment Required' }

  it('reads our envelope, with its optional field errors and payment flag', () => {
    expect(parseErrorBody(base)).toEqual(base)
    expect(parseErrorBody({ ...base, fieldErrors: { phone: 'Enter 10 digits.' }, requiresPayment: true, extra: 1 })).toEqual({
      ...base,
      fieldErrors: { phone: 'Enter 10 digits.' },
      requiresPayment: true,
    })
    expect(parseErrorBody(errorBody('X', 'Went wrong.'))).toEqual(errorBody('X', 'Went wrong.'))
  })

  it('is null for anything else', () => {
    for (const body of [null, undefined, 'text', 42, [], {}, { ...base, code: 1 }, { errors: [{ message: 'Payload' }] }]) {
      expect(parseErrorBody(body)).toBeNull()
    }
    expect(parseErrorBody({ ...base, fieldErrors: { phone: 3 } })).toBeNull()
    expect(parseErrorBody({ ...base, fieldErrors: [] })).toBeNull()
    expect(parseErrorBody({ ...base, requiresPayment: false })).toBeNull()
  })
})
