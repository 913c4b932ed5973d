import { describe, expect, it } from 'vitest'
import { isClientError, requestIdFrom, scrub, scrubFields, serializeError } from './logging'

describe('what may reach a log line', () => {
  it('replaces e-mail addresses, phone numbers and tokens in any text', () => {
    expect(scrub('booking for priya.sharma@students.mentorloop.in failed')).toBe('booking for [email] failed')
    expect(scrub('contact 9876543210 or +91 9876543210')).toBe('contact [phone] or [phone]')
    expect(scrub('GET /api/calendar/Xy3kQ9_abcDEF-ghiJKLmno12345678.ics')).toBe('GET /api/calendar/[token].ics')
    expect(scrub('jwt eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MX0.c2lnbmF0dXJlLWhlcmU rest')).toBe('jwt [token] rest')
    expect(scrub('signature 5f2b6c0d9e8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a')).toBe('signature [token]')
  })

  it('keeps what an operator needs: ids, names of migrations, times, counts', () => {
    const text = 'Migrated: 20261128_120000_worker_heartbeats (12ms) for booking 123 at 2026-11-28T10:00:00.000Z, 1795901915819'
    expect(scrub(text)).toBe(text)
    expect(scrub('request 3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b')).toBe('request 3f1c2a4e-5b6d-4e7f-8a9b-0c1d2e3f4a5b')
  })

  it("drops a failed statement's text and parameters, keeping the SQLSTATE", () => {
    const error = Object.assign(new Error('Failed query: insert into users (email, phone) values ($1, $2)\nparams: a@b.in,9876543210'), {
      cause: Object.assign(new Error('duplicate key value violates unique constraint "users_email_idx"'), { code: '23505' }),
    })
    const out = serializeError(error)
    expect(JSON.stringify(out)).not.toMatch(/a@b\.in|9876543210|insert into/)
    expect(out.message).toBe('Failed query [statement redacted]')
    expect(out.cause?.code).toBe('23505')
  })

  it('keeps no stack for a refusal, and knows one', () => {
    const refusal = Object.assign(new Error('The email or password provided is incorrect.'), { name: 'AuthenticationError', status: 401 })
    expect(serializeError(refusal).stack).toBeUndefined()
    expect(isClientError(refusal)).toBe(true)
    expect(isClientError(new Error('boom'))).toBe(false)
    expect(serializeError(new Error('boom')).stack).toBeTruthy()
  })

  it('removes fields named like secrets and personal data, at any depth', () => {
    const out = scrubFields({
      user: { id: 7, email: 'a@b.in', phone: '9876543210' },
      headers: { cookie: 'x', authorization: 'JWT y' },
      note: 'a@b.in',
    })
    expect(out).toEqual({
      user: { id: 7, email: '[redacted]', phone: '[redacted]' },
      headers: { cookie: '[redacted]', authorization: '[redacted]' },
      note: '[email]',
    })
  })

  it("takes the caller's request id only when it looks like one", () => {
    expect(requestIdFrom('req-1234abcd', () => 'new')).toBe('req-1234abcd')
    expect(requestIdFrom('a@b.in\nforged line', () => 'new')).toBe('new')
    expect(requestIdFrom(undefined, () => 'new')).toBe('new')
  })
})
