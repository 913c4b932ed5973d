import type { PaymentHistoryItem } from '@mentorloop/shared'
import type { Mentor, Payment, Plan, RefundRequest } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'

/**
 * The user's payments for the history screen, newest first: completed, failed and refunded ones
 * (an order whose checkout was never finished is not a payment). A mentor is named only when the
 * payment really belongs to a booking: the one recorded on the payment, the seat offer it claimed,
 * or a seat the student took while this payment's plan window ran; never for a failed attempt or
 * a plan bought before any booking. Each carries its gateway reference and its refund request.
 */
export async function paymentHistory(req: PayloadRequest, userId: number): Promise<PaymentHistoryItem[]> {
  const { docs: payments } = await req.payload.find({
    collection: 'payments',
    where: { user: { equals: userId }, status: { in: ['completed', 'failed', 'refunded'] } },
    sort: '-createdAt',
    limit: 200,
    depth: 2,
    overrideAccess: true,
    req,
  })
  if (payments.length === 0) return []
  const [bookings, refunds] = await Promise.all([
    req.payload.find({
      collection: 'bookings',
      where: { user: { equals: userId }, status: { in: ['confirmed', 'completed', 'cancelled'] } },
      sort: 'createdAt',
      limit: 500,
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
  const mentorNameOf = (m: unknown) => (m && typeof m === 'object' ? ((m as Mentor).name ?? null) : null)
  // The first seat taken inside the payment's window is the booking that plan paid for.
  const bookedInWindow = (p: Payment): string | null => {
    if (!p.subscriptionStarts || !p.subscriptionEnds) return null
    const from = Date.parse(p.subscriptionStarts)
    const to = Date.parse(p.subscriptionEnds)
    const booking = bookings.docs.find((b) => {
      const at = Date.parse(b.createdAt)
      return at >= from && at < to
    })
    return booking ? mentorNameOf(booking.mentor) : null
  }
  const refundByPayment = new Map<number, RefundRequest>()
  for (const r of refunds.docs) {
    const pid = typeof r.payment === 'object' ? r.payment.id : r.payment
    if (!refundByPayment.has(pid)) refundByPayment.set(pid, r)
  }
  return payments.map((p: Payment) => {
    const plan = typeof p.plan === 'object' ? (p.plan as Plan) : null
    const offer = p.offer && typeof p.offer === 'object' ? p.offer : null
    const paid = p.status === 'completed' || p.status === 'refunded'
    const mentorName =
      mentorNameOf(p.mentor) ?? (paid ? (mentorNameOf(offer?.mentor) ?? (plan?.product === 'mentorship' ? bookedInWindow(p) : null)) : null)
    const refund = refundByPayment.get(p.id)
    return {
      id: p.id,
      planCode: plan?.code ?? null,
      planName: plan?.name ?? null,
      mentorName,
      reference: p.gatewayPaymentId ?? p.gatewayOrderId,
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
