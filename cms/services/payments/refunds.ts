import { formatRupees, nowIso, paiseToRupees, type RefundReason } from '@mentorloop/shared'
import type { Payment, Plan, RefundRequest, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { GatewayError, getGateway } from '../../gateway'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { releaseSeatAfterRefund } from './waitlistCallPoints'

const complimentaryNotRefundable = () =>
  new AppError('REFUND_NOT_ALLOWED', 400, 'A complimentary plan was not paid for, so there is nothing to refund.')

const OPEN_STATUSES = ['requested', 'approved', 'refunded'] as const
const idOf = (v: number | { id: number } | null | undefined) => (v && typeof v === 'object' ? v.id : (v ?? null))

/**
 * A student asks for a refund of one of their own completed payments. One open request per
 * payment (also a partial unique index in the database, for two tabs racing).
 */
export async function requestRefund(
  req: PayloadRequest,
  user: Pick<User, 'id' | 'email' | 'name'>,
  input: { paymentId: number; reason: RefundReason; feedback: string },
): Promise<RefundRequest> {
  return inTransaction(req, async () => {
    const payment = await req.payload
      .findByID({ collection: 'payments', id: input.paymentId, depth: 1, overrideAccess: true, req, disableErrors: true })
      .catch(() => null)
    if (!payment || idOf(payment.user as User) !== user.id) {
      throw new AppError('PAYMENT_NOT_FOUND', 404, 'Payment not found.')
    }
    if (payment.status !== 'completed') {
      throw new AppError('REFUND_NOT_ALLOWED', 400, 'Only a successful payment can be refunded.')
    }
    if (payment.gateway === 'complimentary') throw complimentaryNotRefundable()
    const open = await req.payload.count({
      collection: 'refund-requests',
      where: { payment: { equals: payment.id }, status: { in: [...OPEN_STATUSES] } },
      overrideAccess: true,
      req,
    })
    if (open.totalDocs > 0) {
      throw new AppError('REFUND_ALREADY_REQUESTED', 409, 'A refund has already been requested for this payment.')
    }
    let created: RefundRequest
    try {
      created = (await req.payload.create({
        collection: 'refund-requests',
        data: { user: user.id, payment: payment.id, reason: input.reason, feedback: input.feedback || null, status: 'requested' },
        overrideAccess: true,
        req,
      })) as RefundRequest
    } catch (error) {
      // Two requests raced past the count: the partial unique index stops the second, and Payload
      // reports it as a uniqueness error on payment_id.
      const e = error as { message?: string; data?: { errors?: { path?: string }[] } }
      if (
        e?.message?.includes('refund_requests_one_open_per_payment') ||
        e?.data?.errors?.some((x) => x.path === 'payment_id' || x.path === 'payment')
      ) {
        throw new AppError('REFUND_ALREADY_REQUESTED', 409, 'A refund has already been requested for this payment.')
      }
      throw error
    }
    const plan = payment.plan as Plan
    await queueEmail(req, {
      to: user.email,
      template: 'refund-requested',
      ...renderEmail({
        subject: 'We received your refund request',
        greeting: `Hi ${user.name ?? 'there'},`,
        paragraphs: [
          `We received your request to refund ${formatRupees(paiseToRupees(Number(payment.amount)))} for the ${plan?.name ?? 'mentorship'} plan.`,
          'Our team will review it and you will be notified once it is processed (usually within 5-7 business days).',
        ],
        action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
      }),
    })
    return created
  })
}

/**
 * An admin's decision (from the admin panel, through the refund request's beforeChange hook, in
 * that update's transaction). Approval: the payment becomes refunded and the plan ends now, the
 * student's booking is released (the seat goes to the waitlist), then the gateway refunds — last,
 * so a gateway refusal rolls all of it back. Returns the fields to store on the request.
 */
export async function decideRefund(
  req: PayloadRequest,
  request: RefundRequest,
  decision: 'approved' | 'rejected',
  adminNote: string | null | undefined,
): Promise<Partial<RefundRequest>> {
  const decidedBy = req.user?.id
  const decidedAt = nowIso()
  // Two admins deciding at once: the row lock makes the second wait, then see it decided.
  const [locked] = await txQuery<{ status: string }>(req, sql`SELECT status FROM refund_requests WHERE id = ${request.id} FOR UPDATE`)
  if (locked?.status !== 'requested') {
    throw new AppError('REFUND_NOT_ALLOWED', 409, 'This refund request has already been decided.')
  }
  const payment = (await req.payload.findByID({
    collection: 'payments',
    id: idOf(request.payment as Payment)!,
    depth: 1,
    overrideAccess: true,
    req,
  })) as Payment
  const student = payment.user as User
  const plan = payment.plan as Plan

  if (decision === 'rejected') {
    await queueEmail(req, {
      to: student.email,
      template: 'refund-rejected',
      ...renderEmail({
        subject: 'About your refund request',
        greeting: `Hi ${student.name ?? 'there'},`,
        paragraphs: [
          `We could not approve your refund request for the ${plan.name} plan.`,
          adminNote ? `Reason: ${adminNote}` : 'Reply to this e-mail if you have questions.',
        ],
      }),
    })
    return { status: 'rejected', decidedBy, decidedAt }
  }

  if (payment.gateway === 'complimentary') throw complimentaryNotRefundable()
  if (!payment.gatewayPaymentId) {
    throw new AppError('REFUND_NOT_ALLOWED', 400, 'Only a completed payment can be refunded.')
  }
  // Only a completed payment becomes refunded, once; the plan ends now.
  const refunded = await txQuery(
    req,
    sql`UPDATE payments
           SET status = 'refunded', subscription_ends = LEAST(subscription_ends, ${nowIso()}::timestamptz), updated_at = now()
         WHERE id = ${payment.id} AND status = 'completed'
        RETURNING id`,
  )
  if (refunded.length === 0) {
    throw new AppError('REFUND_NOT_ALLOWED', 409, 'Only a completed payment can be refunded.')
  }
  if (plan.product === 'mentorship') {
    await releaseSeatAfterRefund({ payload: req.payload, userId: student.id, req })
  }
  let refund: Awaited<ReturnType<ReturnType<typeof getGateway>['refund']>>
  try {
    refund = await getGateway().refund({
      paymentId: payment.gatewayPaymentId,
      amount: Number(payment.amount),
      notes: { refundRequestId: String(request.id) },
    })
  } catch (error) {
    if (error instanceof GatewayError) {
      throw new AppError('REFUND_FAILED', 502, `The refund could not be made: ${error.message}`)
    }
    throw error
  }
  const status = refund.status === 'processed' ? 'refunded' : 'approved'
  await queueEmail(req, {
    to: student.email,
    template: 'refund-approved',
    ...renderEmail({
      subject: 'Your refund is on its way',
      greeting: `Hi ${student.name ?? 'there'},`,
      paragraphs: [
        `We approved your refund of ${formatRupees(paiseToRupees(Number(payment.amount)))} for the ${plan.name} plan.`,
        'The money reaches your account within 5-7 business days. Your plan and any booked seat end today.',
      ],
    }),
  })
  return { status, gatewayRefundId: refund.id, decidedBy, decidedAt }
}

/** Razorpay's `refund.processed` / `refund.failed` webhooks for a refund we started. */
export async function markRefundOutcome(req: PayloadRequest, gatewayRefundId: string, outcome: 'processed' | 'failed'): Promise<boolean> {
  const { docs } = await req.payload.find({
    collection: 'refund-requests',
    where: { gatewayRefundId: { equals: gatewayRefundId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const request = docs[0]
  if (request?.status !== 'approved') return false
  await req.payload.update({
    collection: 'refund-requests',
    id: request.id,
    data:
      outcome === 'processed'
        ? { status: 'refunded' }
        : {
            adminNote: `${request.adminNote ? `${request.adminNote}\n` : ''}The gateway reported this refund as failed; retry it from the Razorpay dashboard.`,
          },
    overrideAccess: true,
    req,
    context: { refundOutcome: true },
  })
  return true
}
