import { describe, expect, it } from 'vitest'
import { type CodeFacts, refusal } from './rules'

const code: CodeFacts = {
  code: 'EARLY20',
  active: true,
  startsAt: new Date('2026-12-01T00:00:00+05:30'),
  endsAt: new Date('2026-12-10T00:00:00+05:30'),
  planIds: [1],
  maxUses: 2,
  maxUsesPerStudent: 1,
  firstPurchaseOnly: true,
}
const ok = {
  at: new Date('2026-12-05T12:00:00+05:30'),
  plan: { id: 1, name: 'the Beginner Techy Plan' },
  boughtBefore: false,
  uses: { used: 0, reserved: 0, usedByStudent: 0 },
}

describe('refusal (each rule of a discount code)', () => {
  it('allows a code that is on, for the plan, for a new student, with a use left', () => {
    expect(refusal(code, ok)).toBeNull()
  })
  it('refuses a switched-off code as unknown', () => {
    expect(refusal({ ...code, active: false }, ok)?.code).toBe('DISCOUNT_CODE_UNKNOWN')
  })
  it('refuses before From and from Until on (India time)', () => {
    expect(refusal(code, { ...ok, at: new Date('2026-11-30T23:59:00+05:30') })?.code).toBe('DISCOUNT_CODE_NOT_STARTED')
    expect(refusal(code, { ...ok, at: new Date('2026-11-30T23:59:00+05:30') })?.message).toBe(
      'The code EARLY20 starts on Tue 1 Dec, 12:00 am IST.',
    )
    expect(refusal(code, { ...ok, at: new Date('2026-12-10T00:00:00+05:30') })?.code).toBe('DISCOUNT_CODE_ENDED')
    expect(refusal({ ...code, endsAt: null }, { ...ok, at: new Date('2030-01-01T00:00:00Z') })).toBeNull()
  })
  it('refuses another plan; no plans named means every plan', () => {
    expect(refusal(code, { ...ok, plan: { id: 2, name: 'the Placement Focused Plan' } })?.code).toBe('DISCOUNT_CODE_NOT_FOR_PLAN')
    expect(refusal({ ...code, planIds: [] }, { ...ok, plan: { id: 2, name: 'x' } })).toBeNull()
  })
  it('refuses a student who bought before when the code is for a first purchase', () => {
    expect(refusal(code, { ...ok, boughtBefore: true })?.code).toBe('DISCOUNT_CODE_FIRST_PURCHASE')
    expect(refusal({ ...code, firstPurchaseOnly: false }, { ...ok, boughtBefore: true })).toBeNull()
  })
  it('refuses a student past their uses, and everyone once paid uses and running checkouts reach the total', () => {
    expect(refusal(code, { ...ok, uses: { used: 1, reserved: 0, usedByStudent: 1 } })?.code).toBe('DISCOUNT_CODE_USED_BY_YOU')
    expect(refusal(code, { ...ok, uses: { used: 1, reserved: 1, usedByStudent: 0 } })?.code).toBe('DISCOUNT_CODE_USED_UP')
    expect(refusal({ ...code, maxUses: null }, { ...ok, uses: { used: 99, reserved: 9, usedByStudent: 0 } })).toBeNull()
  })
})
