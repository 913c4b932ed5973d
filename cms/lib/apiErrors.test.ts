import { APIError, NotFound, ValidationError } from 'payload'
import { describe, expect, it } from 'vitest'
import { classifyApiError, mapApiError } from './apiErrors'
import { AppError } from './errors'

/** What drizzle throws for a query PostgreSQL refuses: its message holds the SQL, the cause the SQLSTATE. */
const dbError = (code: string) =>
  Object.assign(new Error('Failed query: select "id" from "users" where "id" = $1 params: abc'), {
    cause: Object.assign(new Error('invalid input syntax for type integer: "abc"'), { code }),
  })

const hook = (error: Error) =>
  mapApiError({ error, req: {} as never, context: {}, result: { errors: [{ message: error.message }] } }) as {
    status: number
    response: Record<string, unknown>
  }

describe('classifyApiError', () => {
  it.each([
    ['22P02', 400],
    ['22003', 400],
    ['2201X', 400],
    ['42703', 400],
    ['23503', 400],
    ['23502', 400],
    ['23505', 409],
  ])('a database refusal %s of the input is %i, without its text', (code, status) => {
    const mapped = hook(dbError(code))
    expect(mapped.status).toBe(status)
    const text = JSON.stringify(mapped.response)
    expect(text).not.toMatch(/select|invalid input syntax|users|abc/i)
    expect(mapped.response.code).toBeTypeOf('string')
  })

  it('any other failure is 500 with no detail', () => {
    const mapped = hook(new TypeError("Cannot read properties of undefined (reading 'split')"))
    expect(mapped.status).toBe(500)
    expect(mapped.response).toMatchObject({
      code: 'INTERNAL',
      message: 'Something went wrong.',
      errors: [{ message: 'Something went wrong.' }],
    })
    // A connection failure is not bad input (its 503 is handled elsewhere).
    expect(classifyApiError(dbError('08006')).status).toBe(500)
  })

  it("Payload's refusals keep their status and message, and the admin panel's errors list", () => {
    const error = new ValidationError({ collection: 'plans', errors: [{ path: 'name', message: 'This field is required.' }] })
    const mapped = hook(error)
    expect(mapped.status).toBe(400)
    expect(mapped.response).toMatchObject({ code: 'INVALID_INPUT', fieldErrors: { name: 'This field is required.' } })
    expect(mapped.response.errors).toEqual([{ message: error.message }])
    expect(hook(new NotFound()).status).toBe(404)
    expect(hook(new APIError('Invalid JSON', 400)).response).toMatchObject({ code: 'INVALID_INPUT', message: 'Invalid JSON' })
  })

  it('our AppError is answered as it is', () => {
    expect(classifyApiError(new AppError('RATE_LIMITED', 429, 'Slow down.')).status).toBe(429)
  })
})
