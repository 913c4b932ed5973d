import { describe, expect, it } from 'vitest'
import { formatDate, formatIst, istDay, istMidnight, istMonth, nextIstMonth } from './dates'

describe('session times', () => {
  it('are shown in India time whatever the server’s zone', () => {
    // 04:30 UTC is 10:00 in Asia/Kolkata (UTC+5:30).
    const text = formatIst('2026-12-05T04:30:00.000Z')
    expect(text).toMatch(/Sat, 5 Dec,? 2026/)
    expect(text).toMatch(/10:00/)
    expect(text.endsWith('IST')).toBe(true)
  })

  it('format dates in Indian English and India time, with "—" for none', () => {
    // 20:00 UTC on the 22nd is already the 23rd in India.
    expect(formatDate('2026-11-22T20:00:00.000Z')).toBe('Nov 23, 2026')
    expect(formatDate('2026-11-22T20:00:00.000Z', 'dayFirst')).toBe('23 Nov 2026')
    expect(formatDate('2026-11-22T20:00:00.000Z', 'longDate')).toBe('23 November 2026')
    expect(formatDate(null)).toBe('—')
    expect(formatDate('not a date')).toBe('—')
  })
})

describe('India calendar days and months', () => {
  it('finds the Indian day of an instant and its midnight', () => {
    expect(istDay(new Date('2026-11-30T18:30:00.000Z'))).toEqual({ year: 2026, month: 12, day: 1 })
    expect(istMidnight(2026, 12, 1).toISOString()).toBe('2026-11-30T18:30:00.000Z')
  })

  it('names the next month and its first and last days, across a year end', () => {
    const next = nextIstMonth(new Date('2026-12-15T06:00:00.000Z'))
    expect(next.label).toBe('January 2027')
    expect(next.startsOn.toISOString()).toBe('2026-12-31T18:30:00.000Z')
    expect(next.endsOn.toISOString()).toBe('2027-01-30T18:30:00.000Z')
    expect(istMonth(2027, 2).endsOn.toISOString()).toBe('2027-02-27T18:30:00.000Z')
  })
})
