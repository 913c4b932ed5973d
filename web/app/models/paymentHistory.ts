import { formatDate, MENTORSHIP_PLAN_CODES, type PaymentHistoryItem } from '@mentorloop/shared'

/**
 * The card's dates, each once, with the verb that fits: a failed attempt was never paid; a refunded
 * payment was paid on one day and refunded on another.
 */
export function paymentDates(p: PaymentHistoryItem): [string, string][] {
  if (p.status === 'failed') return [['Attempted on', formatDate(p.createdAt)]]
  if (p.complimentary) return [['Granted on', formatDate(p.createdAt)]]
  const paid: [string, string] = ['Paid on', formatDate(p.createdAt)]
  if (p.status === 'refunded') return [paid, ['Refunded on', p.refund?.refundedAt ? formatDate(p.refund.refundedAt) : '—']]
  return [paid]
}

/** A refund is asked for a mentorship plan: the question bank's Plus is not a seat with a mentor. */
export function refundablePayments(payments: PaymentHistoryItem[]) {
  const mentorship: readonly string[] = MENTORSHIP_PLAN_CODES
  return payments
    .filter(
      (p) =>
        p.status === 'completed' &&
        !p.complimentary &&
        p.planCode !== null &&
        mentorship.includes(p.planCode) &&
        (!p.refund || p.refund.status === 'rejected'),
    )
    .map((p) => ({ id: p.id, planName: p.planName, mentorName: p.mentorName, amount: p.amount, refundCase: p.refundCase ?? null }))
}
