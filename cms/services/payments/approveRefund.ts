import { randomBytes } from 'node:crypto'
import { formatRupees, nowIso, paiseToRupees, planLabel, REFUND_ARRIVES_WITHIN, type RefundReason } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { tellStudent } from '../notices/tell'
import { refundEmailKey } from './settleRefund'

/**
 * Refunds as decisions over rows (docs/architecture.md: the core): a refund we decide is an
 * `approved` refund request and a `processRefund` job on the refunds queue, both written in the
 * caller's transaction; the job (refundAttempts.ts) calls the gateway after the commit and
 * settleRefund.ts applies its answer. Nothing here calls the gateway or an entry point.
 */

/** The jobs queue the refund tasks run on (not `default`: a slow gateway never holds up e-mails). */
export const REFUNDS_QUEUE = 'refunds'

/**
 * A refund decided without an admin (an unused credit the student asks back, the Session-1 promise, one past its deadline,
 * a payment that came after its seat passed on): the request is created `approved` with its key,
 * the credit ends, and the refund job is queued, all in the caller's transaction; the refund itself
 * then goes through the same state machine as an admin's approval (docs/decisions/056). Returns the
 * request's id, or null when the payment already has an open request.
 */
export async function approveRefundNow(
  req: PayloadRequest,
  input: {
    userId: number
    paymentId: number
    source: 'student' | 'automatic'
    reason?: RefundReason
    feedback?: string
    /** The refund dialog's answer: keep next month's held seat (unset: kept). */
    keepNextHold?: boolean
    /** A credit (no seat yet) stops paying for a seat now; a seated payment's plan ends when the refund settles. */
    endCredit?: boolean
  },
): Promise<number | null> {
  const at = nowIso()
  const [row] = await txQuery<{ id: number }>(
    req,
    sql`INSERT INTO refund_requests (user_id, payment_id, source, reason, feedback, keep_next_hold, status, attempts, decided_at, created_at, updated_at)
        VALUES (${input.userId}, ${input.paymentId}, ${input.source}, ${input.reason ?? null}, ${input.feedback || null},
                ${input.keepNextHold ?? null}, 'approved', 0,
                ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz)
        ON CONFLICT (payment_id) WHERE status <> 'rejected' DO NOTHING
        RETURNING id`,
  )
  // A refund we decide ourselves takes over a request still waiting for an admin on that payment
  // (its credit reached its deadline meanwhile): it is approved now rather than left to wait.
  const [taken] = row
    ? []
    : input.source === 'automatic'
      ? await txQuery<{ id: number }>(
          req,
          sql`UPDATE refund_requests SET status = 'approved', decided_at = ${at}::timestamptz, updated_at = ${at}::timestamptz
               WHERE payment_id = ${input.paymentId} AND status = 'requested' RETURNING id`,
        )
      : []
  if (!row && !taken) return null
  const id = Number((row ?? taken)!.id)
  await txQuery(req, sql`UPDATE refund_requests SET idempotency_key = COALESCE(idempotency_key, ${newIdempotencyKey(id)}) WHERE id = ${id}`)
  if (input.endCredit !== false) {
    await txQuery(
      req,
      sql`UPDATE payments SET credit_ended_at = ${at}::timestamptz WHERE id = ${input.paymentId} AND credit_ended_at IS NULL`,
    )
  }
  await req.payload.jobs.queue({ task: 'processRefund', queue: REFUNDS_QUEUE, input: { refundRequestId: id }, req })
  return id
}

/**
 * Our own refund of a paid credit (docs/decisions/069): one past its deadline (no seat came), or a
 * payment that arrived after the held seat it was made for passed on. The student is told why.
 */
export async function refundAutomatically(
  req: PayloadRequest,
  paymentId: number,
  why: 'credit-expired' | 'late-for-seat',
): Promise<boolean> {
  const [p] = await txQuery<{ user_id: number; amount: string | number; email: string; name: string | null; plan: string }>(
    req,
    sql`SELECT p.user_id, p.amount, u.email, u.name, pl.name AS plan FROM payments p JOIN users u ON u.id = p.user_id JOIN plans pl ON pl.id = p.plan_id
         WHERE p.id = ${paymentId}`,
  )
  if (!p) return false
  const id = await approveRefundNow(req, { userId: Number(p.user_id), paymentId, source: 'automatic' })
  if (id === null) return false
  const amount = formatRupees(paiseToRupees(Number(p.amount)))
  await tellStudent(
    req,
    { id: Number(p.user_id), email: p.email, name: p.name },
    why === 'late-for-seat'
      ? {
          kind: 'refund-late-payment',
          title: 'Your payment came after the seat passed on: we are refunding it',
          paragraphs: [
            `The seat held for you passed to the next student before your payment of ${amount} for ${planLabel(p.plan)} arrived, and no other seat was free for you.`,
            `We are refunding it in full now; the money reaches your account within ${REFUND_ARRIVES_WITHIN}. You keep your place in any queue you are in.`,
          ],
          action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
          key: refundEmailKey(id),
        }
      : {
          kind: 'credit-refunded',
          title: 'No seat came for your plan: we are refunding it',
          paragraphs: [
            `Your payment of ${amount} for ${planLabel(p.plan)} was waiting for a seat, and none came in time.`,
            `We are refunding it in full now; the money reaches your account within ${REFUND_ARRIVES_WITHIN}. You keep your place in any queue you are in.`,
          ],
          action: { label: 'See your payments', url: `${env.WEB_PUBLIC_URL}/paymentHistory` },
          key: refundEmailKey(id),
        },
  )
  return true
}

/** Ours, unique, at most 40 characters (Razorpay's receipt): the request id and some randomness. */
export const newIdempotencyKey = (requestId: number) => `rfq_${requestId}_${randomBytes(8).toString('hex')}`
