import { describe, expect, it } from 'vitest'
import { scheduleLine } from './MentorOffer'

describe('the schedule line (when the open batch meets)', () => {
  const first = (iso: string) => `first at ${iso}`
  it('names the weekdays the sessions fall on and the first session', () => {
    expect(scheduleLine({ sessions: 4, firstAt: 'A', weekdays: [6] }, first)).toBe('4 live sessions on Saturdays, first first at A')
    expect(scheduleLine({ sessions: 4, firstAt: 'A', weekdays: [6, 7] }, (x) => x)).toBe(
      '4 live sessions on Saturdays and Sundays, first A',
    )
    expect(scheduleLine({ sessions: 5, firstAt: 'A', weekdays: [3, 6, 7] }, (x) => x)).toBe(
      '5 live sessions on Wednesdays, Saturdays and Sundays, first A',
    )
    expect(scheduleLine({ sessions: 1, firstAt: 'A', weekdays: [7] }, (x) => x)).toBe('1 live session on Sundays, first A')
  })
  it('says when times will be known before the sessions are laid out', () => {
    expect(scheduleLine(null, (x) => x)).toBe('Weekend session times are posted before the batch starts')
    expect(scheduleLine({ sessions: 0, firstAt: 'A', weekdays: [] }, (x) => x)).toBe(
      'Weekend session times are posted before the batch starts',
    )
  })
})
