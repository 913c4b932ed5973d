import type { MentorHomeBatch } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { suggestedDay } from './ScheduleSessionForm'

// December 2026 in India: 1 Dec is a Tuesday; Sat 5, Sun 6, Sat 12, Sun 13 are its first weekend days.
const december = (sessions: { startsAt: string; cancelled?: boolean }[]) =>
  ({
    startsOn: '2026-11-30T18:30:00.000Z',
    endsOn: '2026-12-30T18:30:00.000Z',
    sessions: sessions.map((s, i) => ({ id: i + 1, cancelled: false, ...s })),
  }) as unknown as MentorHomeBatch

describe('the day "Schedule a session" proposes', () => {
  it('is the first weekend day still to come', () => {
    expect(suggestedDay(december([]), '2026-11-28T06:00:00.000Z')).toBe('2026-12-05')
    expect(suggestedDay(december([]), '2026-12-05T06:00:00.000Z')).toBe('2026-12-06')
  })

  it('skips a day that already has a session (10:00 am IST on Sat 5 Dec), not Session 1’s own day', () => {
    expect(suggestedDay(december([{ startsAt: '2026-12-05T04:30:00.000Z' }]), '2026-11-28T06:00:00.000Z')).toBe('2026-12-06')
    const weekendTaken = december([{ startsAt: '2026-12-05T04:30:00.000Z' }, { startsAt: '2026-12-06T04:30:00.000Z' }])
    expect(suggestedDay(weekendTaken, '2026-11-28T06:00:00.000Z')).toBe('2026-12-12')
  })

  it('a session late in the evening counts on its India day (Sat 5 Dec, 11:30 pm IST is 18:00 UTC)', () => {
    expect(suggestedDay(december([{ startsAt: '2026-12-05T18:00:00.000Z' }]), '2026-11-28T06:00:00.000Z')).toBe('2026-12-06')
  })

  it('a cancelled session frees its day', () => {
    expect(suggestedDay(december([{ startsAt: '2026-12-05T04:30:00.000Z', cancelled: true }]), '2026-11-28T06:00:00.000Z')).toBe(
      '2026-12-05',
    )
  })

  it('with every weekend day taken, the first free weekday; with every day taken, the first day to come', () => {
    const weekends = ['05', '06', '12', '13', '19', '20', '26', '27'].map((d) => ({ startsAt: `2026-12-${d}T04:30:00.000Z` }))
    expect(suggestedDay(december(weekends), '2026-12-01T06:00:00.000Z')).toBe('2026-12-02')
    const all = Array.from({ length: 31 }, (_, i) => ({ startsAt: `2026-12-${String(i + 1).padStart(2, '0')}T04:30:00.000Z` }))
    expect(suggestedDay(december(all), '2026-12-01T06:00:00.000Z')).toBe('2026-12-02')
  })
})
