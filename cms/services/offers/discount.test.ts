import { describe, expect, it } from 'vitest'
import { discountFor, LEAST_AMOUNT_PAISE } from './discount'

describe('discountFor', () => {
  it('takes a percent off, rounded to the paisa', () => {
    expect(discountFor({ kind: 'percent', percentOff: 20 }, 59_900)).toBe(11_980)
    expect(discountFor({ kind: 'percent', percentOff: 15 }, 9_999)).toBe(1_500)
  })
  it('takes rupees off in paise', () => {
    expect(discountFor({ kind: 'flat', amountOff: 100 }, 79_900)).toBe(10_000)
  })
  it('never makes a plan cost less than ₹1, and never goes past 90 percent', () => {
    expect(discountFor({ kind: 'flat', amountOff: 5_000 }, 59_900)).toBe(59_900 - LEAST_AMOUNT_PAISE)
    expect(discountFor({ kind: 'percent', percentOff: 100 }, 10_000)).toBe(9_000)
  })
  it('takes nothing off a free plan', () => {
    expect(discountFor({ kind: 'percent', percentOff: 50 }, 0)).toBe(0)
  })
})
