import { describe, expect, it } from 'vitest'
import { alreadyPurchasedMessage, planLabel } from './messages'

describe('planLabel', () => {
  it('adds "plan" only when the name does not end with it', () => {
    expect(planLabel('Beginner Techy')).toBe('the Beginner Techy plan')
    expect(planLabel('Placement-Focused Plan')).toBe('the Placement-Focused Plan')
    expect(alreadyPurchasedMessage('Placement-Focused Plan')).toBe(
      'You have already purchased the Placement-Focused Plan. You cannot purchase the same plan twice.',
    )
  })
})
