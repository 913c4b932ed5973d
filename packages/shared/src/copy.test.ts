import { describe, expect, it } from 'vitest'
import { REFUND_DECIDED_WITHIN_DAYS, refundDecideBy } from './constants'
import { COPY_PLACEHOLDERS_HELP, copyValues, fillCopy, fillCopyText } from './copy'

const values = copyValues({
  batchSize: '12–15',
  holdHours: 24,
  refundWindowHours: 72,
  plans: [
    { code: 'BEGINNER_TECHY', price: 649, strikePrice: 1100, sessionsIncluded: 4 },
    { code: 'PLAN1', price: 99 },
  ],
})

describe('copy placeholders', () => {
  it('fill prices, batch size, sessions and the hold from the data', () => {
    expect(fillCopyText('Plans from {price:BEGINNER_TECHY} (was {strikePrice:BEGINNER_TECHY}) a month', values)).toBe(
      'Plans from ₹649 (was ₹1,100) a month',
    )
    expect(fillCopyText('Batches of {batchSize} students, {sessions:BEGINNER_TECHY} sessions', values)).toBe(
      'Batches of 12–15 students, 4 sessions',
    )
    expect(fillCopyText('Plus costs {price:PLAN1}; held for {holdHours} hours', values)).toBe('Plus costs ₹99; held for 24 hours')
  })

  it('leave an unknown plan as written, so the preview shows the mistake', () => {
    expect(fillCopyText('{price:NO_SUCH_PLAN} and {sessions:PLAN1}', values)).toBe('{price:NO_SUCH_PLAN} and {sessions:PLAN1}')
  })

  it('fill deeply and leave values without placeholders untouched', () => {
    const copy = { hero: 'Batches of {batchSize}', list: [{ text: '{price:PLAN1}' }, { n: 3 }], none: null }
    expect(fillCopy(copy, values)).toEqual({ hero: 'Batches of 12–15', list: [{ text: '₹99' }, { n: 3 }], none: null })
    const plain = { a: 'no placeholder' }
    expect(fillCopy(plain, values)).toBe(plain)
  })

  it('fall back to the defaults when nothing is set, and list every placeholder for staff', () => {
    const empty = copyValues({ plans: [] })
    expect(fillCopyText('{batchSize} / {holdHours}', empty)).toBe('12–15 / 24')
    for (const token of ['{batchSize}', '{price:CODE}', '{strikePrice:CODE}', '{sessions:CODE}', '{holdHours}'])
      expect(COPY_PLACEHOLDERS_HELP).toContain(token)
  })

  it('fills the refund promise window from the business rules', () => {
    expect(fillCopyText('Ask within {refundWindowHours} hours of Session 1', values)).toBe('Ask within 72 hours of Session 1')
    expect(fillCopyText('{refundWindowHours}', { ...values, refundWindowHours: 96 })).toBe('96')
  })

  it('says how long our team takes to decide a refund, the figure the tick enforces', () => {
    expect(fillCopyText('decided within {refundDecideDays}', values)).toBe(`decided within ${REFUND_DECIDED_WITHIN_DAYS} days`)
    expect(COPY_PLACEHOLDERS_HELP).toContain('{refundDecideDays}')
    expect(refundDecideBy('2026-12-01T06:30:00.000Z').toISOString()).toBe(
      new Date(Date.UTC(2026, 11, 1 + REFUND_DECIDED_WITHIN_DAYS, 6, 30)).toISOString(),
    )
  })
})
