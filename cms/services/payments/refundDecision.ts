import { nowIso, type RefundDecisionInput, type RefundStatus, refundDecideBy } from '@mentorloop/shared'
import type { RefundRequest } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { APIError, type PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { txQuery } from '../../lib/transaction'

/**
 * What an admin reads before deciding a refund request (the Approve / Reject panel in /admin):
 * the money and dates come from the payment row, never from the browser. Sessions "held" are the
 * sessions of the seat's batch that had started by now (the product records no attendance); a
 * cancelled session counts in neither figure (issue 32 counted it as held and scheduled).
 */
export type RefundRequestSummary = {
  id: number
  status: RefundStatus
  source: 'student' | 'automatic'
  reason: string | null
  feedback: string | null
  adminNote: string | null
  decidedAt: string | null
  /** While it waits: when the tick approves it if nobody decided it (docs/decisions/215). */
  decideBy: string | null
  lastError: string | null
  student: { id: number; name: string | null; email: string }
  payment: {
    id: number
    /** Paise. */
    amount: number
    status: string
    gateway: string
    /** The order's creation time: payments carry no separate paid-at time (services/admin/attention.ts). */
    paidAt: string
  }
  plan: { name: string; sessionsIncluded: number }
  batch: { label: string; startsOn: string; endsOn: string; sessionsHeld: number; sessionsScheduled: number } | null
  /** Whether Approve / Reject apply now: a `requested` request is decided once; a `failed` one may be approved again. */
  canApprove: boolean
  canReject: boolean
}

export async function refundRequestSummary(req: PayloadRequest, id: number): Promise<RefundRequestSummary | null> {
  const at = nowIso()
  const [r] = await txQuery<{
    id: number
    status: RefundStatus
    source: 'student' | 'automatic'
    reason: string | null
    feedback: string | null
    admin_note: string | null
    decided_at: string | Date | null
    requested_at: string | Date
    last_error: string | null
    user_id: number
    name: string | null
    email: string
    payment_id: number
    amount: string | number
    payment_status: string
    gateway: string
    paid_at: string | Date
    plan_name: string
    sessions_included: string | number | null
    batch_label: string | null
    starts_on: string | Date | null
    ends_on: string | Date | null
    held: string | null
    scheduled: string | null
  }>(
    req,
    sql`SELECT r.id, r.status, r.source, r.reason, r.feedback, r.admin_note, r.decided_at, r.created_at AS requested_at, r.last_error,
               u.id AS user_id, u.name, u.email,
               p.id AS payment_id, p.amount, p.status AS payment_status, p.gateway, p.created_at AS paid_at,
               pl.name AS plan_name, pl.sessions_included,
               b.label AS batch_label, b.starts_on, b.ends_on,
               -- A cancelled session was never held and is not one of the batch's sessions.
               (SELECT count(*) FROM sessions s WHERE s.batch_id = b.id AND s.status IS DISTINCT FROM 'cancelled'
                   AND s.starts_at <= ${at}::timestamptz) AS held,
               (SELECT count(*) FROM sessions s WHERE s.batch_id = b.id AND s.status IS DISTINCT FROM 'cancelled') AS scheduled
          FROM refund_requests r
          JOIN payments p ON p.id = r.payment_id
          JOIN users u ON u.id = r.user_id
          JOIN plans pl ON pl.id = p.plan_id
          LEFT JOIN batches b ON b.id = p.batch_id
         WHERE r.id = ${id}`,
  )
  if (!r) return null
  const iso = (v: string | Date) => new Date(v).toISOString()
  return {
    id: Number(r.id),
    status: r.status,
    source: r.source,
    reason: r.reason,
    feedback: r.feedback,
    adminNote: r.admin_note,
    decidedAt: r.decided_at ? iso(r.decided_at) : null,
    decideBy: r.status === 'requested' ? refundDecideBy(r.requested_at).toISOString() : null,
    lastError: r.last_error,
    student: { id: Number(r.user_id), name: r.name, email: r.email },
    payment: {
      id: Number(r.payment_id),
      amount: Number(r.amount),
      status: r.payment_status,
      gateway: r.gateway,
      paidAt: iso(r.paid_at),
    },
    plan: { name: r.plan_name, sessionsIncluded: Number(r.sessions_included ?? 0) },
    batch:
      r.batch_label !== null && r.starts_on && r.ends_on
        ? {
            label: r.batch_label,
            startsOn: iso(r.starts_on),
            endsOn: iso(r.ends_on),
            sessionsHeld: Number(r.held ?? 0),
            sessionsScheduled: Number(r.scheduled ?? 0),
          }
        : null,
    canApprove: r.status === 'requested' || r.status === 'failed',
    canReject: r.status === 'requested',
  }
}

/**
 * The Approve / Reject buttons' decision. It goes through the same path as a status change saved in
 * the panel or over REST: an update of the request, whose beforeChange hook (applyRefundDecision)
 * checks the state under a row lock and calls decideRefund (refunds.ts). Nothing of the decision's
 * rules is repeated here; only the answer is shaped for the endpoint (409 once decided).
 */
export async function decideRefundRequest(req: PayloadRequest, id: number, input: RefundDecisionInput): Promise<RefundRequestSummary> {
  const before = await refundRequestSummary(req, id)
  if (!before) throw new AppError('NOT_FOUND', 404, 'That refund request does not exist.')
  const allowed = input.decision === 'approve' ? before.canApprove : before.canReject
  if (!allowed) {
    throw new AppError(
      'REFUND_ALREADY_DECIDED',
      409,
      before.status === 'failed'
        ? 'A failed refund can only be approved again (to retry it).'
        : 'This refund request has already been decided.',
    )
  }
  const status: RefundRequest['status'] = input.decision === 'approve' ? 'approved' : 'rejected'
  try {
    await req.payload.update({
      collection: 'refund-requests',
      id,
      data: { status, ...(input.note ? { adminNote: input.note } : {}) },
      depth: 0,
      // The endpoint let only admins in; the hook decides whether this change is allowed.
      overrideAccess: true,
      req,
    })
  } catch (error) {
    // The hook answers in Payload's error type; a request decided meanwhile (another admin) is a 409.
    if (error instanceof APIError && !(error instanceof AppError)) {
      const decided = /already been decided|only be approved again/.test(error.message)
      throw new AppError(decided ? 'REFUND_ALREADY_DECIDED' : 'REFUND_NOT_ALLOWED', decided ? 409 : error.status, error.message)
    }
    throw error
  }
  return (await refundRequestSummary(req, id))!
}
