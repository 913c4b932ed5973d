import { describe, expect, it } from 'vitest'
import { formatDate, formatIst } from './dates'

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
    expect(formatDate('2026-11-22T20:00:00.000Z', 'longDate')).toBe('23 November 2026')
    expect(formatDate(null)).toBe('—')
    expect(formatDate('not a date')).toBe('—')
  })
})
