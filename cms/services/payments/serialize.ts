import type { Mentor, Payment, Plan } from '@mentorloop/shared/payload-types'

/** The payment fields a browser may see (never gateway internals beyond the ids it already has). */
export type PublicPayment = {
  id: number
  planCode: string | null
  planName: string | null
  mentorName: string | null
  amount: number
  currency: string
  status: Payment['status']
  orderId: string
  subscriptionStarts: string | null
  subscriptionEnds: string | null
  createdAt: string
}

export function publicPayment(p: Payment, mentorName: string | null = null): PublicPayment {
  const plan = typeof p.plan === 'object' ? (p.plan as Plan) : null
  const mentor = p.mentor && typeof p.mentor === 'object' ? (p.mentor as Mentor) : null
  return {
    id: p.id,
    planCode: plan?.code ?? null,
    planName: plan?.name ?? null,
    mentorName: mentor?.name ?? mentorName,
    amount: Number(p.amount),
    currency: p.currency,
    status: p.status,
    orderId: p.gatewayOrderId,
    subscriptionStarts: p.subscriptionStarts ?? null,
    subscriptionEnds: p.subscriptionEnds ?? null,
    createdAt: p.createdAt,
  }
}
