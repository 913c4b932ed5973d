import type { PaymentHistoryItem } from '@mentorloop/shared'
import type { Mentor, Payment, Plan, RefundRequest } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'

/**
 * The user's payments for the history screen, newest first: completed, failed and refunded ones
 * (an order whose checkout was never finished is not a payment). The mentor is the one recorded
 * on the payment, else the student's current booking's mentor. Each carries its refund request.
 */
export async function paymentHistory(req: PayloadRequest, userId: number): Promise<PaymentHistoryItem[]> {
  const { docs: payments } = await req.payload.find({
    collection: 'payments',
    where: { user: { equals: userId }, status: { in: ['completed', 'failed', 'refunded'] } },
    sort: '-createdAt',
    limit: 200,
    depth: 1,
    overrideAccess: true,
    req,
  })
  if (payments.length === 0) return []
  const [bookings, refunds] = await Promise.all([
    req.payload.find({
      collection: 'bookings',
      where: { user: { equals: userId }, status: { in: ['confirmed', 'completed'] } },
      sort: '-createdAt',
      limit: 1,
      depth: 1,
      overrideAccess: true,
      req,
    }),
    req.payload.find({
      collection: 'refund-requests',
      where: { user: { equals: userId }, payment: { in: payments.map((p) => p.id) } },
      sort: '-createdAt',
      limit: 500,
      depth: 0,
      overrideAccess: true,
      req,
    }),
  ])
  const bookedMentor = bookings.docs[0]?.mentor
  const currentMentorName = bookedMentor && typeof bookedMentor === 'object' ? (bookedMentor as Mentor).name : null
  const refundByPayment = new Map<number, RefundRequest>()
  for (const r of refunds.docs) {
    const pid = typeof r.payment === 'object' ? r.payment.id : r.payment
    if (!refundByPayment.has(pid)) refundByPayment.set(pid, r)
  }
  return payments.map((p: Payment) => {
    const plan = typeof p.plan === 'object' ? (p.plan as Plan) : null
    const mentor = p.mentor && typeof p.mentor === 'object' ? (p.mentor as Mentor) : null
    const refund = refundByPayment.get(p.id)
    return {
      id: p.id,
      planCode: plan?.code ?? null,
      planName: plan?.name ?? null,
      mentorName: mentor?.name ?? (plan?.product === 'mentorship' ? currentMentorName : null),
      amount: Number(p.amount),
      currency: p.currency,
      status: p.status,
      complimentary: p.gateway === 'complimentary',
      subscriptionStarts: p.subscriptionStarts ?? null,
      subscriptionEnds: p.subscriptionEnds ?? null,
      createdAt: p.createdAt,
      refund: refund
        ? {
            id: refund.id,
            status: refund.status,
            adminNote: refund.status === 'rejected' ? (refund.adminNote ?? null) : null,
            refundedAt: refund.status === 'refunded' ? (refund.refundedAt ?? null) : null,
          }
        : null,
    }
  })
}
