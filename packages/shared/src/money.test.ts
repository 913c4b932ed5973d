import { describe, expect, it } from 'vitest'
import { formatRupees, paiseToRupees, rupeesToPaise } from './money'

describe('money', () => {
  it('converts rupees to whole paise without float drift', () => {
    expect(rupeesToPaise(599)).toBe(59900)
    expect(rupeesToPaise(99)).toBe(9900)
    expect(rupeesToPaise(0.29)).toBe(29)
    expect(rupeesToPaise(599.99)).toBe(59999)
  })

  it('refuses negative or non-finite amounts', () => {
    expect(() => rupeesToPaise(-1)).toThrow(RangeError)
    expect(() => rupeesToPaise(Number.NaN)).toThrow(RangeError)
    expect(() => paiseToRupees(1.5)).toThrow(RangeError)
  })

  it('formats rupees the Indian way', () => {
    expect(formatRupees(599)).toBe('₹599')
    expect(formatRupees(1100)).toBe('₹1,100')
    expect(formatRupees(150000)).toBe('₹1,50,000')
    expect(paiseToRupees(9900)).toBe(99)
  })
})
