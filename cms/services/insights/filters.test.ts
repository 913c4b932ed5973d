import { istMidnight } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { filtersToParams, InsightsFilterError, monthsOf, parseInsightsFilters } from './filters'

/** 1 March 2027, 02:00 IST: still 28 February in UTC. */
const NOW = new Date(istMidnight(2027, 3, 1).getTime() + 2 * 3_600_000)

describe('parseInsightsFilters', () => {
  it('defaults to the last six months up to this one, India time', () => {
    expect(parseInsightsFilters({}, NOW)).toEqual({
      from: { year: 2026, month: 10 },
      to: { year: 2027, month: 3 },
      mentorId: null,
      planCode: null,
    })
  })

  it('reads months, a mentor and a plan; an empty field is no filter', () => {
    const params = new URLSearchParams('from=2026-12&to=2027-02&mentor=7&plan=PLACEMENT_FOCUSED')
    expect(parseInsightsFilters(params, NOW)).toEqual({
      from: { year: 2026, month: 12 },
      to: { year: 2027, month: 2 },
      mentorId: 7,
      planCode: 'PLACEMENT_FOCUSED',
    })
    expect(parseInsightsFilters({ mentor: '', plan: '' }, NOW).mentorId).toBeNull()
    expect(filtersToParams(parseInsightsFilters(params, NOW)).toString()).toBe(params.toString())
  })

  it.each([
    [{ from: '2027-3' }, 'A month is written as YYYY-MM, e.g. 2027-03.'],
    [{ from: '2027-02', to: '2027-01' }, 'The first month must not be after the last month.'],
    [{ from: '2024-01', to: '2027-01' }, 'Choose at most 24 months at a time.'],
    [{ from: '2027-04', to: '2027-05' }, 'The months chosen have not begun yet.'],
    [{ mentor: '-1' }, 'Choose a mentor from the list.'],
    [{ plan: 'GOLD' }, 'Choose a plan from the list.'],
  ])('refuses %o', (input, message) => {
    expect(() => parseInsightsFilters(input, NOW)).toThrow(InsightsFilterError)
    expect(() => parseInsightsFilters(input, NOW)).toThrow(message)
  })
})

describe('monthsOf', () => {
  it('spans India-time months across a year end', () => {
    const months = monthsOf({ from: { year: 2026, month: 12 }, to: { year: 2027, month: 1 } })
    expect(months.map((m) => [m.key, m.label, m.starts.toISOString(), m.ends.toISOString()])).toEqual([
      ['2026-12', 'December 2026', '2026-11-30T18:30:00.000Z', '2026-12-31T18:30:00.000Z'],
      ['2027-01', 'January 2027', '2026-12-31T18:30:00.000Z', '2027-01-31T18:30:00.000Z'],
    ])
  })
})
