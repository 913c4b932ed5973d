import { describe, expect, it } from 'vitest'
import { refundRequestSchema } from './payments'
import { checkoutDescription, coverPhrase, creditLastDay, creditLine, paidMessage } from './paymentWords'

/** A credit's deadline is the start of a month in India (cms/services/plans/credits.ts): 1 Jan 2027, 00:00 IST. */
const UNTIL = '2026-12-31T18:30:00.000Z'

describe('what a payment buys, in one set of words (docs/decisions/183)', () => {
  it('a credit’s day is the last day before its deadline, India time: one day everywhere', () => {
    expect(creditLastDay(UNTIL)).toBe('31 Dec 2026')
    expect(creditLine(UNTIL)).toBe('a credit for your next seat, refunded if no seat uses it by 31 Dec 2026')
  })

  it('a granted (₹0) credit lapses unused: never “we refund it”', () => {
    const line = creditLine(UNTIL, { complimentary: true })
    expect(line).toContain('lapses unused')
    expect(line).not.toMatch(/refund/)
  })

  it('the checkout names the seat (mentor, batch and its days, sessions) or the credit; the confirmation repeats it', () => {
    const seat = {
      kind: 'seat' as const,
      mentor: 'Aarav Mehta',
      batch: { label: 'December 2026', startsOn: '2026-11-30T18:30:00.000Z', endsOn: '2026-12-30T18:30:00.000Z' },
      sessions: 4,
    }
    expect(checkoutDescription('Beginner Techy Plan', seat)).toBe(
      "Beginner Techy Plan: your seat in Aarav Mehta's December 2026 batch (1–31 Dec 2026, 4 live sessions)",
    )
    expect(paidMessage(seat)).toBe(`It pays for ${coverPhrase(seat)}.`)
    const credit = { kind: 'credit' as const, until: UNTIL }
    expect(checkoutDescription('Beginner Techy Plan', credit)).toBe(
      'Beginner Techy Plan: a credit for your next seat, refunded if no seat uses it by 31 Dec 2026',
    )
    expect(paidMessage(credit)).not.toMatch(/now active/)
    expect(paidMessage(credit)).toContain('31 Dec 2026')
    expect(checkoutDescription('Plus', null)).toBe('Plus')
  })
})

describe('refund reasons (docs/decisions/181)', () => {
  it('reasons about a session are offered only once a session happened; the student reads “plan”, not “subscription”', async () => {
    const { refundReasonsFor, refundReasonLabel, REFUND_REASONS } = await import('./constants')
    const before = refundReasonsFor({ sessionHeld: false })
    expect(before).not.toContain('The session felt too fast / too slow')
    expect(before).not.toContain("The mentor's style didn't match my learning preference")
    expect(before).toContain("Timing didn't work for me")
    expect(before).toContain('Other (please share below)')
    expect(refundReasonsFor({ sessionHeld: true })).toEqual(REFUND_REASONS)
    expect(REFUND_REASONS.map(refundReasonLabel).join(' ')).not.toMatch(/subscription/i)
  })
})

describe('the held-seat question of the cancel and refund dialogs (keepNextSeat)', () => {
  it('reads a form’s yes / no and a JSON boolean; unset stays unset (the seat is kept)', () => {
    expect(refundRequestSchema.parse({ paymentId: '4', keepNextSeat: 'yes' })).toEqual({ paymentId: 4, keepNextSeat: true })
    expect(refundRequestSchema.parse({ paymentId: 4, keepNextSeat: 'no' })).toEqual({ paymentId: 4, keepNextSeat: false })
    expect(refundRequestSchema.parse({ paymentId: 4, keepNextSeat: false })).toEqual({ paymentId: 4, keepNextSeat: false })
    expect(refundRequestSchema.parse({ paymentId: 4 })).toEqual({ paymentId: 4 })
  })

  it('refuses anything else with a sentence', () => {
    const parsed = refundRequestSchema.safeParse({ paymentId: 4, keepNextSeat: 'maybe' })
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe('Say whether to keep next month’s held seat.')
  })
})
