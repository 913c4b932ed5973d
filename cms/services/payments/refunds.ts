import {
  formatDateTime,
  formatDay,
  formatRupees,
  nowIso,
  paiseToRupees,
  planLabel,
  REFUND_ARRIVES_WITHIN,
  type RefundReason,
  refundDecideBy,
} from '@mentorloop/shared'
import type { Payment, Plan, RefundRequest, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import type { GatewayRefund } from '../../gateway'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'
import { isUnusedCredit } from '../plans/credits'
import { approveRefundNow, newIdempotencyKey, REFUNDS_QUEUE } from './approveRefund'
import { seatRefundCases } from './refundPromise'
import { refundEmailKey, type SettleOutcome, settleRefund } from './settleRefund'

const complimentaryNotRefundable = () =>
  new AppError('REFUND_NOT_ALLOWED', 400, 'A complimentary plan was not paid for, so there is nothing to refund.')

/** Every request but a rejected one stands in the way of another for the same payment. */
const OPEN_STATUSES = ['requested', 'approved', 'pending', 'refunded', 'failed'] as const
const idOf = (v: number | { id: number } | null | undefined) => (v && typeof v === 'object' ? v.id : (v ?? null))

/**
 * A student asks for a refund of one of their own completed payments. One open request per
 * payment (also a partial unique index in the database, for two tabs racing).
 */
export async function requestRefund(
  req: PayloadRequest,
  user: Pick<User, 'id' | 'email' | 'name'>,
  input: { paymentId: number; reason: RefundReason; feedback: string; keepNextSeat?: boolean },
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
    const amount = formatRupees(paiseToRupees(Number(payment.amount)))
    const planName = planLabel((payment.plan as Plan)?.name ?? 'mentorship')
    // An unused plan (a credit) is returned when the student asks: approved at once (docs/decisions/069).
    if (await unusedCredit(req, payment.id)) {
      return approveAtOnce(
        req,
        { user, paymentId: payment.id, input, endCredit: true },
        {
          template: 'refund-approved',
          subject: 'Your unused plan is being refunded',
          paragraphs: [
            `${planName.replace(/^the/, 'The')} had not paid for a seat yet, so we are refunding ${amount} now.`,
            `The money reaches your account within ${REFUND_ARRIVES_WITHIN}.`,
          ],
        },
      )
    }
    const promised = (await seatRefundCases(req, [payment.id])).get(payment.id)
    // Before the batch starts (docs/decisions/181): approved at once and the seat passes on, as
    // cancelling the seat and asking for the credit back would be.
    if (promised?.kind === 'before-batch') {
      // The credit ends now: a seat cancelled before the refund settles must not turn the payment
      // back into a credit another seat could use.
      return approveAtOnce(
        req,
        { user, paymentId: payment.id, input, endCredit: true },
        {
          template: 'refund-before-batch-approved',
          subject: 'Your refund is approved',
          paragraphs: [
            `Your batch starts on ${formatDay(promised.batchStartsOn)} and you asked before it did, so we are refunding ${amount} for ${planName} in full now.`,
            `Your seat in the batch passes to the next student. The money reaches your account within ${REFUND_ARRIVES_WITHIN}.`,
          ],
        },
      )
    }
    // The promise (docs/decisions/107): inside the window after Session 1 ends, approved at once.
    if (promised?.kind === 'promise') {
      return approveAtOnce(
        req,
        { user, paymentId: payment.id, input, endCredit: false },
        {
          template: 'refund-promise-approved',
          subject: 'Your refund is approved',
          paragraphs: [
            `You asked within ${promised.windowHours} hours of the end of Session 1, so, as promised, we are refunding ${amount} for ${planName} in full now.`,
            `Your plan ends and your seat in the batch is released. The money reaches your account within ${REFUND_ARRIVES_WITHIN}.`,
          ],
        },
      )
    }
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
        data: {
          user: user.id,
          payment: payment.id,
          source: 'student',
          reason: input.reason,
          feedback: input.feedback || null,
          keepNextHold: input.keepNextSeat ?? null,
          status: 'requested',
          // From the one clock: the day it is decided by counts from here (docs/decisions/215).
          createdAt: nowIso(),
        },
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
          `We received your request to refund ${formatRupees(paiseToRupees(Number(payment.amount)))} for ${planLabel(plan?.name ?? 'mentorship')}.`,
          `Our team decides by ${formatDateTime(refundDecideBy(created.createdAt))} and tells you by e-mail; if it has not decided by then, your request is approved automatically. Once it is approved, the money reaches your account within ${REFUND_ARRIVES_WITHIN}. Until then you can withdraw the request on your Payments page.`,
        ],
        action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
      }),
    })
    return created
  })
}

/**
 * An admin's decision (from the admin panel, through the refund request's beforeChange hook, in
 * that update's transaction). Rejection e-mails the student. Approval only records the decision:
 * it gives the request its idempotency key and queues the refund job in this transaction, so the
 * gateway is called after the commit (refundAttempts.ts) and the payment, plan and seat change
 * when the gateway takes the refund (settleRefund.ts). A `failed` request approved again is
 * retried with the same key. Returns the fields to store on the request.
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
  const [locked] = await txQuery<{ status: string; idempotency_key: string | null }>(
    req,
    sql`SELECT status, idempotency_key FROM refund_requests WHERE id = ${request.id} FOR UPDATE`,
  )
  const retry = locked?.status === 'failed' && decision === 'approved'
  if (locked?.status !== 'requested' && !retry) {
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
    await queueEmail(
      req,
      {
        to: student.email,
        template: 'refund-rejected',
        ...renderEmail({
          subject: 'About your refund request',
          greeting: `Hi ${student.name ?? 'there'},`,
          paragraphs: [
            `We could not approve your refund request for ${planLabel(plan.name)}.`,
            adminNote ? `Reason: ${adminNote}` : 'Reply to this e-mail if you have questions.',
          ],
        }),
      },
      { key: refundEmailKey(request.id) },
    )
    return { status: 'rejected', decidedBy, decidedAt }
  }

  if (payment.gateway === 'complimentary') throw complimentaryNotRefundable()
  if (!payment.gatewayPaymentId) {
    throw new AppError('REFUND_NOT_ALLOWED', 400, 'Only a completed payment can be refunded.')
  }
  // A retry may follow a refund the gateway took and then failed: the payment is refunded already.
  if (payment.status !== 'completed' && !(retry && payment.status === 'refunded')) {
    throw new AppError('REFUND_NOT_ALLOWED', 409, 'Only a completed payment can be refunded.')
  }
  await req.payload.jobs.queue({ task: 'processRefund', queue: REFUNDS_QUEUE, input: { refundRequestId: request.id }, req })
  // An unused credit being refunded pays for no seat from now on.
  await txQuery(
    req,
    sql`UPDATE payments SET credit_ended_at = ${nowIso()}::timestamptz WHERE id = ${payment.id} AND batch_id IS NULL AND credit_ended_at IS NULL`,
  )
  return {
    status: 'approved',
    idempotencyKey: locked?.idempotency_key ?? newIdempotencyKey(request.id),
    attempts: 0,
    nextAttemptAt: null,
    lastError: null,
    decidedBy,
    decidedAt,
  }
}

/** An unused credit, or one past its deadline that no tick has refunded yet (the tick would refund it automatically anyway). */
async function unusedCredit(req: PayloadRequest, paymentId: number): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`SELECT 1 FROM payments p JOIN plans pl ON pl.id = p.plan_id WHERE p.id = ${paymentId} AND ${isUnusedCredit(sql`p`, sql`pl`)}`,
  )
  return rows.length > 0
}

/** A student's request approved at once (an unused credit, or the Session 1 promise): the request, and the e-mail that says so. */
async function approveAtOnce(
  req: PayloadRequest,
  ask: {
    user: Pick<User, 'id' | 'email' | 'name'>
    paymentId: number
    input: { reason: RefundReason; feedback: string; keepNextSeat?: boolean }
    endCredit: boolean
  },
  mail: { template: string; subject: string; paragraphs: string[] },
): Promise<RefundRequest> {
  const approved = await approveRefundNow(req, {
    userId: ask.user.id,
    paymentId: ask.paymentId,
    source: 'student',
    reason: ask.input.reason,
    feedback: ask.input.feedback,
    keepNextHold: ask.input.keepNextSeat,
    endCredit: ask.endCredit,
  })
  if (!approved) throw new AppError('REFUND_ALREADY_REQUESTED', 409, 'A refund has already been requested for this payment.')
  // The refund's one e-mail (its settlement, keyed the same, sends nothing more).
  await queueEmail(
    req,
    {
      to: ask.user.email,
      template: mail.template,
      ...renderEmail({
        subject: mail.subject,
        greeting: `Hi ${ask.user.name ?? 'there'},`,
        paragraphs: mail.paragraphs,
        action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
      }),
    },
    { priority: 'urgent', key: refundEmailKey(approved) },
  )
  return (await req.payload.findByID({ collection: 'refund-requests', id: approved, depth: 0, overrideAccess: true, req })) as RefundRequest
}

/** A refund as a Razorpay refund webhook describes it (`payload.refund.entity`). */
export type RefundEntity = {
  id: string
  payment_id?: string
  status?: string
  receipt?: string | null
  notes?: Record<string, unknown> | unknown[]
}

const EVENT_STATUS: Record<string, GatewayRefund['status']> = {
  'refund.created': 'pending',
  'refund.processed': 'processed',
  'refund.failed': 'failed',
}

/**
 * Razorpay's refund webhooks for a refund we asked for, found by its refund id or by our
 * idempotency key (its receipt, or its notes): the state moves as when the job hears it from the
 * gateway (settleRefund), so a webhook before, during or after the job, or twice, does it once.
 * A refund we did not ask for (made in the Razorpay dashboard) changes nothing.
 */
export async function reconcileRefundEvent(req: PayloadRequest, event: string, refund: RefundEntity): Promise<SettleOutcome | 'unknown'> {
  const status = EVENT_STATUS[event]
  if (!status) return 'unknown'
  const notes = refund.notes && !Array.isArray(refund.notes) ? refund.notes : {}
  const key = refund.receipt || (typeof notes.idempotency_key === 'string' ? notes.idempotency_key : null)
  const [found] = await txQuery<{ id: number; gateway_payment_id: string | null }>(
    req,
    sql`SELECT r.id, p.gateway_payment_id FROM refund_requests r JOIN payments p ON p.id = r.payment_id
         WHERE r.gateway_refund_id = ${refund.id} ${key ? sql`OR r.idempotency_key = ${key}` : sql``}
         ORDER BY r.id LIMIT 1`,
  )
  if (!found) return 'unknown'
  if (refund.payment_id && found.gateway_payment_id && refund.payment_id !== found.gateway_payment_id) return 'unknown'
  return settleRefund(req, Number(found.id), { id: refund.id, status })
}

/**
 * The student takes back a refund request our team has not decided yet (docs/decisions/181): the
 * request goes, so the payment is as it was before the request (its seat or credit unchanged, a
 * refund askable again). Only a `requested` one, and only one's own: the row is deleted under the
 * same condition, so an admin deciding at the same moment (who holds the row lock) wins, and the
 * student is told it was decided already.
 */
export async function withdrawRefund(req: PayloadRequest, user: Pick<User, 'id'>, requestId: number): Promise<{ paymentId: number }> {
  return inTransaction(req, async () => {
    const [gone] = await txQuery<{ payment_id: number }>(
      req,
      sql`DELETE FROM refund_requests WHERE id = ${requestId} AND user_id = ${user.id} AND status = 'requested' RETURNING payment_id`,
    )
    if (gone) {
      req.payload.logger.info({ msg: 'Refund request withdrawn', refundRequestId: requestId, paymentId: Number(gone.payment_id) })
      return { paymentId: Number(gone.payment_id) }
    }
    const [mine] = await txQuery(req, sql`SELECT 1 FROM refund_requests WHERE id = ${requestId} AND user_id = ${user.id}`)
    if (!mine) throw new AppError('NOT_FOUND', 404, 'Refund request not found.')
    throw new AppError('REFUND_NOT_ALLOWED', 409, 'This refund request has already been decided, so it can no longer be withdrawn.')
  })
}
