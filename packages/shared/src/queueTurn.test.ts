import { describe, expect, it } from 'vitest'
import { queueTurnText } from './queueTurn'

const batch = { id: 3, label: 'January 2027', startsOn: '2026-12-31T18:30:00.000Z', endsOn: '2027-01-30T18:30:00.000Z' }

describe('the queue card’s sentence', () => {
  it('this batch: the place and the batch named', () => {
    expect(queueTurnText({ when: 'this-batch', batch }, 2)).toBe(
      'You are number 2 in the queue. You can be offered a seat in the January 2027 batch (1–31 Jan 2027): we will e-mail you when one opens.',
    )
  })
  it('passed over: why, and from when', () => {
    expect(
      queueTurnText(
        { when: 'next-batch', batch, reason: 'seated-elsewhere', elsewhere: { mentorName: 'Priya Nair', batchLabel: 'January 2027' } },
        1,
      ),
    ).toBe(
      'You are number 1 in the queue. You are not offered a seat in the January 2027 batch (1–31 Jan 2027): you have a seat with Priya Nair in the January 2027 batch, and a student takes one seat at a time. Your turn comes from the batch after it; we will e-mail you when a seat opens then.',
    )
    expect(queueTurnText({ when: 'next-batch', batch, reason: 'gave-up-here', elsewhere: null }, null)).toContain(
      'You are in the queue. You are not offered a seat in the January 2027 batch (1–31 Jan 2027): you gave up your seat in it.',
    )
  })
  it('no batch takes students', () => {
    expect(queueTurnText({ when: 'no-batch' }, 4)).toContain('when the mentor opens the next one')
  })
})
