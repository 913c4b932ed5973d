import { describe, expect, it } from 'vitest'
import { istMidnight } from './dates'
import { layoutSessionsSchema, openBatchSchema, parseDayInput, scheduleSessionSchema, sessionStart, weekdayOfDay } from './mentorHome'

describe('typed and picked days (the mentor home’s forms)', () => {
  it('reads a date input’s value, a day-first date and a written one; refuses days that do not exist', () => {
    expect(parseDayInput('2026-12-05')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(parseDayInput('05/12/2026')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(parseDayInput('5.12.2026')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(parseDayInput(' 5 Dec 2026 ')).toEqual({ year: 2026, month: 12, day: 5 })
    expect(parseDayInput('5 December, 2026')).toEqual({ year: 2026, month: 12, day: 5 })
    for (const bad of ['2026-02-30', '31/04/2026', 'tomorrow', '', '5 Dek 2026', '2026-13-01']) expect(parseDayInput(bad)).toBeNull()
  })

  it('a session starts at the day and time in India, whatever the server’s zone', () => {
    expect(sessionStart('2026-12-05', '18:30').toISOString()).toBe(
      new Date(istMidnight(2026, 12, 5).getTime() + 18.5 * 3_600_000).toISOString(),
    )
  })

  it('the schemas name the field and say what to write', () => {
    const bad = scheduleSessionSchema.safeParse({
      batchId: '3',
      date: 'soon',
      time: '7pm',
      durationMinutes: '5',
      meetingLink: 'http://x.in',
    })
    expect(bad.success).toBe(false)
    const fields = Object.fromEntries((bad.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]))
    expect(Object.keys(fields).sort()).toEqual(['date', 'durationMinutes', 'meetingLink', 'time'])
    const ok = scheduleSessionSchema.parse({
      batchId: '3',
      date: '2026-12-05',
      time: '18:30',
      durationMinutes: '60',
      meetingLink: 'https://meet.example.com/a',
      confirmWeekday: 'on',
    })
    expect(ok).toMatchObject({ batchId: 3, durationMinutes: 60, confirmWeekday: true })
    expect(scheduleSessionSchema.parse({ ...ok, confirmWeekday: undefined }).confirmWeekday).toBe(false)
    expect(openBatchSchema.safeParse({ startsOn: '2027-01-01' }).success).toBe(false)
  })
})

describe('lay out the sessions (form or JSON)', () => {
  const base = { batchId: '7', time: '18:00', durationMinutes: '60', meetingLink: 'https://meet.example.com/x' }
  it('reads one day or several, the preview’s 4 dates and the confirmation boxes', () => {
    expect(layoutSessionsSchema.parse({ ...base, days: 'sat' })).toMatchObject({
      batchId: 7,
      days: ['sat'],
      preview: false,
      confirmOutside: false,
    })
    const full = layoutSessionsSchema.parse({
      ...base,
      days: ['sat', 'sun'],
      dates: ['2027-04-03', '04/04/2027', '10 Apr 2027', '2027-04-11'],
      confirmOutside: 'on',
      preview: 'true',
    })
    expect(full).toMatchObject({ days: ['sat', 'sun'], confirmOutside: true, preview: true })
    expect(full.dates).toHaveLength(4)
    expect(layoutSessionsSchema.parse({ ...base, days: 'sun', dates: [] }).dates).toBeUndefined()
  })

  it('refuses no day, a weekday name, a wrong number of dates or a date that is not one', () => {
    const issue = (v: Record<string, unknown>) => layoutSessionsSchema.safeParse({ ...base, ...v }).error?.issues[0]?.message
    expect(issue({})).toBe('Pick Saturday, Sunday or both.')
    expect(issue({ days: ['mon'] })).toBe('Pick Saturday, Sunday or both.')
    expect(issue({ days: 'sat', dates: ['2027-04-03'] })).toBe('Give the 4 dates of the plan.')
    expect(issue({ days: 'sat', dates: ['2027-04-03', '2027-04-10', '2027-04-17', '2027-02-30'] })).toContain('not a date')
  })

  it('names the day of the week of a typed day', () => {
    expect([weekdayOfDay('2027-04-03'), weekdayOfDay('04/04/2027'), weekdayOfDay('5 Apr 2027')]).toEqual([6, 0, 1])
    expect(weekdayOfDay('2027-02-30')).toBeNaN()
  })
})
