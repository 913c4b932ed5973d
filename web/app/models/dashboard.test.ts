import { istMidnight } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { cancelSeatText, claimedSeatMessage } from './dashboard'

const batch = (status: 'open' | 'running') => ({
  id: 3,
  label: 'December 2026',
  startsOn: istMidnight(2026, 12, 1).toISOString(),
  endsOn: istMidnight(2026, 12, 31).toISOString(),
  status,
})

describe('the dashboard says what happens to the plan', () => {
  it('when a seat is cancelled before its batch starts, and in a running batch', () => {
    const mentor = { id: 1, name: 'Aarav Mehta' }
    expect(cancelSeatText({ mentor, batch: batch('open') })).toBe(
      "Your seat in Aarav Mehta's December 2026 batch goes to the next student in line. Your plan comes back as a credit: the next seat you book or are given uses it. You cannot undo this.",
    )
    expect(cancelSeatText({ mentor, batch: batch('running') })).toContain('your plan stays used for it')
  })

  it('when a held seat is claimed, naming the seat', () => {
    expect(claimedSeatMessage({ mentor: { id: 1, name: 'Aarav Mehta' }, batch: batch('open') })).toBe(
      'Your seat with Aarav Mehta in the December 2026 batch (1–31 Dec 2026) is booked, and your plan pays for it.',
    )
  })
})
