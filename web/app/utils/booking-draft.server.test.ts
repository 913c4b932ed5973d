import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  BOOKING_DRAFT_MAX_AGE_SECONDS,
  bookingDraftCookie,
  clearBookingDraft,
  hasBookingDraftCookie,
  readBookingDraft,
  saveBookingDraft,
} from './booking-draft.server'

const requestWith = (setCookie: string | null) =>
  new Request('http://localhost/', { headers: setCookie ? { cookie: setCookie.split(';')[0]! } : {} })

const values = { mentorId: '3', name: 'Rahul Verma', contact: '9876543210' }

afterEach(() => {
  vi.useRealTimers()
})

describe('the kept booking', () => {
  it('is a short-lived, HttpOnly, SameSite=Lax cookie for the whole site', async () => {
    const cookie = (await saveBookingDraft(values, 7))!
    expect(cookie).toMatch(/^ml_booking_draft=/)
    expect(cookie).toContain(`Max-Age=${BOOKING_DRAFT_MAX_AGE_SECONDS}`)
    expect(cookie).toContain('Path=/')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(await clearBookingDraft()).toMatch(/Max-Age=0/)
  })

  it('comes back with the mentor, name and phone for the student who started it', async () => {
    const request = requestWith(await saveBookingDraft(values, 7))
    expect(hasBookingDraftCookie(request)).toBe(true)
    expect(await readBookingDraft(request, 7)).toEqual({ mentorId: 3, name: 'Rahul Verma', contact: '9876543210' })
  })

  it('is not shown to another account; one started signed out goes to whoever signs in', async () => {
    expect(await readBookingDraft(requestWith(await saveBookingDraft(values, 7)), 8)).toBeNull()
    expect(await readBookingDraft(requestWith(await saveBookingDraft(values, 7)), null)).toBeNull()
    expect(await readBookingDraft(requestWith(await saveBookingDraft(values, null)), 8)).toMatchObject({ mentorId: 3 })
  })

  it('keeps nothing without a mentor to come back to', async () => {
    for (const mentorId of ['', 'abc', '0', '-1', '1.5', '99999999999']) {
      expect(await saveBookingDraft({ ...values, mentorId }, 7)).toBeNull()
    }
  })

  it('trims and bounds what it keeps', async () => {
    const kept = await readBookingDraft(requestWith(await saveBookingDraft({ ...values, name: `  ${'x'.repeat(500)} ` }, 7)), 7)
    expect(kept?.name).toHaveLength(120)
  })

  it('expires after its lifetime, by the clock', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T10:00:00Z'))
    const cookie = await saveBookingDraft(values, 7)
    vi.setSystemTime(new Date(Date.now() + BOOKING_DRAFT_MAX_AGE_SECONDS * 1000 - 1000))
    expect(await readBookingDraft(requestWith(cookie), 7)).not.toBeNull()
    vi.setSystemTime(new Date(Date.now() + 2000))
    expect(await readBookingDraft(requestWith(cookie), 7)).toBeNull()
  })

  it('refuses a tampered or foreign cookie', async () => {
    const forged = `ml_booking_draft=${Buffer.from(JSON.stringify({ mentorId: 3, name: 'x', contact: '1', userId: null, savedAt: Date.now() })).toString('base64')}`
    expect(await readBookingDraft(requestWith(forged), 7)).toBeNull()
    const wrongShape = await bookingDraftCookie.serialize({ mentorId: 'three' })
    expect(await readBookingDraft(requestWith(wrongShape), 7)).toBeNull()
    expect(await readBookingDraft(requestWith(null), 7)).toBeNull()
  })
})
