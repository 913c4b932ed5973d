import { describe, expect, it } from 'vitest'
import { formatIst } from './session-times'

describe('session times', () => {
  it('are shown in India time whatever the server’s zone', () => {
    // 04:30 UTC is 10:00 in Asia/Kolkata (UTC+5:30).
    const text = formatIst('2026-12-05T04:30:00.000Z')
    expect(text).toMatch(/Sat, 5 Dec,? 2026/)
    expect(text).toMatch(/10:00/)
    expect(text.endsWith('IST')).toBe(true)
  })
})
