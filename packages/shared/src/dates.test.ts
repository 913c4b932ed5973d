import { describe, expect, it } from 'vitest'
import {
  formatCountdown,
  formatDate,
  formatDateRange,
  formatDateTime,
  formatDay,
  formatIst,
  istDay,
  istMidnight,
  istMonth,
  nextIstMonth,
} from './dates'

describe('one date style per context (docs/vocabulary.md), in India time', () => {
  it('writes a day as "26 Dec 2026", whatever the server’s zone', () => {
    // 20:00 UTC on the 22nd is already the 23rd in India.
    expect(formatDay('2026-11-22T20:00:00.000Z')).toBe('23 Nov 2026')
    expect(formatDate('2026-11-22T20:00:00.000Z')).toBe('23 Nov 2026')
    // September is "Sep" on the server and in every browser (ICU's en-IN says "Sept" on some).
    expect(formatDay('2026-09-05T04:30:00.000Z')).toBe('5 Sep 2026')
    expect(formatDate(null)).toBe('—')
    expect(formatDate('not a date')).toBe('—')
  })

  it('writes a moment as "Fri 27 Nov, 6:25 am IST"', () => {
    // 00:55 UTC is 6:25 in Asia/Kolkata (UTC+5:30).
    expect(formatDateTime('2026-11-27T00:55:00.000Z')).toBe('Fri 27 Nov, 6:25 am IST')
    expect(formatDateTime('2026-12-05T04:30:00.000Z')).toBe('Sat 5 Dec, 10:00 am IST')
    expect(formatDateTime('2026-12-05T06:30:00.000Z')).toBe('Sat 5 Dec, 12:00 pm IST')
    expect(formatDateTime('2026-12-04T18:30:00.000Z')).toBe('Sat 5 Dec, 12:00 am IST')
    expect(formatIst('2026-12-05T04:30:00.000Z')).toBe('Sat 5 Dec, 10:00 am IST')
    expect(formatDate('2026-12-05T04:30:00.000Z', 'time')).toBe('10:00 am')
  })

  it('writes a batch’s days as one short range', () => {
    const dec1 = istMidnight(2026, 12, 1)
    const dec31 = istMidnight(2026, 12, 31)
    expect(formatDateRange(dec1, dec31)).toBe('1–31 Dec 2026')
    expect(formatDateRange(istMidnight(2026, 11, 28), istMidnight(2026, 12, 3))).toBe('28 Nov – 3 Dec 2026')
    expect(formatDateRange(istMidnight(2026, 12, 28), istMidnight(2027, 1, 3))).toBe('28 Dec 2026 – 3 Jan 2027')
    expect(formatDateRange(dec1, dec1)).toBe('1 Dec 2026')
    expect(formatDateRange(null, dec31)).toBe('31 Dec 2026')
  })

  it('names a month and counts down to a moment', () => {
    expect(formatDate(istMidnight(2027, 1, 1), 'month')).toBe('January 2027')
    expect(formatCountdown(2 * 86_400_000 + 5_000)).toBe('2 days left')
    expect(formatCountdown(23 * 3_600_000 + 56 * 60_000 + 10_000)).toBe('23 h 56 min left')
    expect(formatCountdown(20_000)).toBe('1 min left')
    expect(formatCountdown(0)).toBe('time is up')
  })

  it('keeps the old style names working, each mapped onto the small set', () => {
    const at = '2026-11-22T20:00:00.000Z'
    for (const style of ['date', 'dayFirst', 'longDate'] as const) expect(formatDate(at, style)).toBe('23 Nov 2026')
    expect(formatDate('2026-12-05T04:30:00.000Z', 'full')).toBe('Sat 5 Dec, 10:00 am IST')
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
