import type { PaymentHistoryItem } from '@mentorloop/shared'
import { describe, expect, it } from 'vitest'
import { paymentDates, refundablePayments } from './paymentHistory'

const payment = (over: Partial<PaymentHistoryItem>): PaymentHistoryItem => ({
  id: 1,
  planCode: 'BEGINNER_TECHY',
  planName: 'Beginner Techy Plan',
  mentorName: 'Aarav Mehta',
  reference: 'pay_1',
  amount: 59_900,
  currency: 'INR',
  status: 'completed',
  complimentary: false,
  subscriptionStarts: '2026-11-30T18:30:00.000Z',
  subscriptionEnds: '2026-12-30T18:30:00.000Z',
  createdAt: '2026-11-26T06:00:00.000Z',
  covers: null,
  refund: null,
  ...over,
})

describe('the payments screen', () => {
  it('offers only mentorship payments for a refund, not the question bank’s Plus', () => {
    const list = refundablePayments([
      payment({ id: 1 }),
      payment({ id: 2, planCode: 'PLAN1', planName: 'Plus', mentorName: null, amount: 9_900 }),
      payment({ id: 3, status: 'failed' }),
      payment({ id: 4, complimentary: true }),
    ])
    expect(list.map((p) => p.id)).toEqual([1])
  })

  it('shows a refunded payment’s paid date and refunded date, once each', () => {
    const refunded = payment({
      status: 'refunded',
      refund: {
        id: 9,
        status: 'refunded',
        adminNote: null,
        refundedAt: '2026-11-28T06:00:00.000Z',
        requestedAt: '2026-11-27T06:00:00.000Z',
      },
    })
    expect(paymentDates(refunded)).toEqual([
      ['Paid on', '26 Nov 2026'],
      ['Refunded on', '28 Nov 2026'],
    ])
    expect(paymentDates(payment({ status: 'failed' }))).toEqual([['Attempted on', '26 Nov 2026']])
  })
})
