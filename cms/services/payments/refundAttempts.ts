import { now, nowIso } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { type GatewayRefund, getGateway } from '../../gateway'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { describeRefundError, nextRefundAttempt, REFUND_LEASE_MS } from './refundRetry'
import { type SettleOutcome, settleRefund } from './settleRefund'

export type AttemptOutcome = SettleOutcome | 'skipped' | 'retrying'

type Claim = { requestId: number; attempt: number; idempotencyKey: string; gatewayPaymentId: string | null; amount: number }

/**
 * Step 1, in a short transaction of its own: take an `approved` request whose turn has come
 * (`FOR UPDATE SKIP LOCKED`: a second worker passes it by), count the attempt and hold it for the
 * lease. Returns null when there is nothing to do (decided otherwise, settled by a webhook, not due,
 * or another worker has it).
 */
export async function claimRefund(payload: Payload, requestId: number): Promise<Claim | null> {
  const req = await newRequest(payload)
  return inTransaction(req, async () => {
    const [row] = await txQuery<{
      status: string
      attempts: string | number | null
      next_attempt_at: string | Date | null
      idempotency_key: string | null
      gateway_payment_id: string | null
      amount: string | number
    }>(
      req,
      sql`SELECT r.status, r.attempts, r.next_attempt_at, r.idempotency_key, p.gateway_payment_id, p.amount
            FROM refund_requests r JOIN payments p ON p.id = r.payment_id
           WHERE r.id = ${requestId}
             FOR UPDATE OF r SKIP LOCKED`,
      { requireTransaction: true },
    )
    if (row?.status !== 'approved' || !row.idempotency_key) return null
    if (row.next_attempt_at && new Date(row.next_attempt_at) > now()) return null
    const attempt = Number(row.attempts ?? 0) + 1
    const leaseEnds = new Date(now().getTime() + REFUND_LEASE_MS).toISOString()
    await txQuery(
      req,
      sql`UPDATE refund_requests SET attempts = ${attempt}, next_attempt_at = ${leaseEnds}::timestamptz, updated_at = now()
           WHERE id = ${requestId}`,
    )
    return {
      requestId,
      attempt,
      idempotencyKey: row.idempotency_key,
      gatewayPaymentId: row.gateway_payment_id,
      amount: Number(row.amount),
    }
  })
}

/**
 * One attempt at an approved refund, after the decision committed: claim it, call the gateway with
 * the request's idempotency key (no transaction open meanwhile), then settle what the gateway said
 * (settleRefund). A failed call is recorded with the time of the next try, or, when retries are used
 * up or the gateway refused for good, the request becomes `failed` with the payment untouched. A
 * crash anywhere leaves the claim to run out; the next attempt repeats the call with the same key,
 * so the gateway answers the refund it made, never a second one.
 */
export async function attemptRefund(payload: Payload, requestId: number): Promise<AttemptOutcome> {
  const claim = await claimRefund(payload, requestId)
  if (!claim) return 'skipped'
  let refund: GatewayRefund
  try {
    if (!claim.gatewayPaymentId) throw new Error('The payment has no gateway payment id to refund.')
    refund = await getGateway().refund({
      paymentId: claim.gatewayPaymentId,
      amount: claim.amount,
      idempotencyKey: claim.idempotencyKey,
      notes: { refundRequestId: String(requestId) },
    })
  } catch (error) {
    return recordFailure(payload, claim, error)
  }
  return settleRefund(await newRequest(payload), requestId, refund)
}

async function recordFailure(payload: Payload, claim: Claim, error: unknown): Promise<AttemptOutcome> {
  const next = claim.gatewayPaymentId ? nextRefundAttempt(claim.attempt, error, now()) : null
  const message = describeRefundError(error)
  const req = await newRequest(payload)
  // Only while the request is still this attempt's: a webhook may have settled it meanwhile.
  const changed = await inTransaction(req, () =>
    txQuery(
      req,
      next
        ? sql`UPDATE refund_requests SET next_attempt_at = ${next.toISOString()}::timestamptz, last_error = ${message}, updated_at = now()
               WHERE id = ${claim.requestId} AND status = 'approved' AND attempts = ${claim.attempt} RETURNING id`
        : sql`UPDATE refund_requests SET status = 'failed', next_attempt_at = NULL, last_error = ${message}, updated_at = now()
               WHERE id = ${claim.requestId} AND status = 'approved' AND attempts = ${claim.attempt} RETURNING id`,
    ),
  )
  if (changed.length === 0) return 'unchanged'
  payload.logger.warn({
    msg: next ? 'Refund attempt failed; will retry' : 'Refund failed',
    refundRequestId: claim.requestId,
    attempt: claim.attempt,
    error: message,
  })
  return next ? 'retrying' : 'failed'
}

/** The approved refunds whose next try is due (the scheduled sweep: retries and crashed attempts). */
export async function retryDueRefunds(payload: Payload, limit = 50): Promise<{ attempted: number; settled: number }> {
  const req = await newRequest(payload)
  const due = await txQuery<{ id: number }>(
    req,
    sql`SELECT id FROM refund_requests
         WHERE status = 'approved' AND (next_attempt_at IS NULL OR next_attempt_at <= ${nowIso()}::timestamptz)
         ORDER BY next_attempt_at NULLS FIRST, id LIMIT ${limit}`,
  )
  let attempted = 0
  let settled = 0
  for (const { id } of due) {
    const outcome = await attemptRefund(payload, Number(id))
    if (outcome !== 'skipped') attempted++
    if (outcome === 'pending' || outcome === 'refunded') settled++
  }
  return { attempted, settled }
}
