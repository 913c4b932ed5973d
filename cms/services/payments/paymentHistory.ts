import { DEFAULT_REFUND_WINDOW_HOURS, nowMs, type PaymentHistoryItem, type RefundStatus } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { caseOf } from './refundPromise'

type Row = {
  id: number
  amount: string | number
  currency: string
  status: PaymentHistoryItem['status']
  gateway: string
  gateway_payment_id: string | null
  gateway_order_id: string
  subscription_starts: string | Date | null
  subscription_ends: string | Date | null
  credit_ended_at: string | Date | null
  created_at: string | Date
  code: string | null
  plan_name: string | null
  product: string | null
  sessions: string | number | null
  batch_id: number | null
  label: string | null
  starts_on: string | Date | null
  ends_on: string | Date | null
  mentor_name: string | null
  refund_id: number | null
  refund_status: RefundStatus | null
  admin_note: string | null
  refunded_at: string | Date | null
  refund_requested_at: string | Date | null
  /** The batch's first session that is not cancelled (the refund promise counts from its end). */
  s1_starts_at: string | Date | null
  s1_duration: number | null
  window_hours: string | number | null
  discount_code: string | null
  discount_amount: string | number | null
}

const iso = (v: string | Date | null) => (v ? new Date(v).toISOString() : null)

/**
 * The user's payments for the history screen, newest first: completed, failed and refunded ones
 * (an order whose checkout was never finished is not a payment), each with what it pays for
 * (docs/decisions/069: a seat in one batch, or a credit for the next seat), its gateway reference
 * and its latest refund request. A mentor is named only when the payment pays (or paid) for a seat
 * with them, or was made for a seat they held for the student. One query, with what the refund
 * promise needs (the batch's Session 1 and the refund window of the business rules).
 */
export async function paymentHistory(req: PayloadRequest, userId: number): Promise<PaymentHistoryItem[]> {
  const rows = await txQuery<Row>(
    req,
    sql`SELECT p.id, p.amount, p.currency, p.status, p.gateway, p.gateway_payment_id, p.gateway_order_id,
               p.subscription_starts, p.subscription_ends, p.credit_ended_at, p.created_at,
               pl.code, pl.name AS plan_name, pl.product, pl.sessions_included AS sessions,
               bt.id AS batch_id, bt.label, bt.starts_on, bt.ends_on,
               COALESCE(bm.name, pm.name, om.name) AS mentor_name,
               r.id AS refund_id, r.status AS refund_status, r.admin_note, r.refunded_at, r.created_at AS refund_requested_at,
               s1.starts_at AS s1_starts_at, s1.duration_minutes AS s1_duration,
               (SELECT br.refund_window_hours FROM business_rules br ORDER BY br.id LIMIT 1) AS window_hours,
               p.discount_code, p.discount_amount
          FROM payments p
          LEFT JOIN plans pl ON pl.id = p.plan_id
          LEFT JOIN batches bt ON bt.id = p.batch_id
          LEFT JOIN mentors bm ON bm.id = bt.mentor_id
          LEFT JOIN mentors pm ON pm.id = p.mentor_id
          LEFT JOIN seat_offers o ON o.id = p.offer_id
          LEFT JOIN mentors om ON om.id = o.mentor_id
          LEFT JOIN LATERAL (
            SELECT id, status, admin_note, refunded_at, created_at FROM refund_requests WHERE payment_id = p.id ORDER BY created_at DESC, id DESC LIMIT 1
          ) r ON true
          LEFT JOIN LATERAL (
            SELECT s.starts_at, s.duration_minutes FROM sessions s
             WHERE s.batch_id = p.batch_id AND s.status IS DISTINCT FROM 'cancelled' AND s.starts_at >= bt.starts_on
             ORDER BY s.starts_at, s.id LIMIT 1
          ) s1 ON p.batch_id IS NOT NULL
         WHERE p.user_id = ${userId} AND p.status IN ('completed', 'failed', 'refunded')
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT 200`,
    // Nine joins: planned once per pooled connection, not on every call (lib/transaction.ts).
    { prepared: 'payment-history' },
  )
  const configured = Number(rows[0]?.window_hours)
  const windowHours = Number.isFinite(configured) && configured > 0 ? configured : DEFAULT_REFUND_WINDOW_HOURS
  const at = nowMs()
  const seated = (r: Row) => r.status === 'completed' && r.gateway !== 'complimentary' && r.batch_id !== null && r.product === 'mentorship'
  return rows.map((r): PaymentHistoryItem => {
    const paid = r.status === 'completed' || r.status === 'refunded'
    const mentorship = r.product === 'mentorship'
    const covers: PaymentHistoryItem['covers'] =
      mentorship && paid && r.batch_id !== null
        ? {
            kind: 'seat',
            mentor: r.mentor_name ?? 'Mentor',
            batch: { label: r.label ?? '', startsOn: iso(r.starts_on)!, endsOn: iso(r.ends_on)! },
            sessions: Number(r.sessions ?? 0),
          }
        : mentorship &&
            r.status === 'completed' &&
            r.credit_ended_at === null &&
            r.subscription_ends &&
            new Date(r.subscription_ends).getTime() > nowMs()
          ? { kind: 'credit', until: iso(r.subscription_ends)! }
          : null
    return {
      id: Number(r.id),
      planCode: r.code,
      planName: r.plan_name,
      mentorName: paid ? r.mentor_name : null,
      reference: r.gateway_payment_id ?? r.gateway_order_id,
      amount: Number(r.amount),
      currency: r.currency,
      status: r.status,
      complimentary: r.gateway === 'complimentary',
      subscriptionStarts: iso(r.subscription_starts),
      subscriptionEnds: iso(r.subscription_ends),
      covers,
      createdAt: iso(r.created_at)!,
      discount: r.discount_code ? { code: r.discount_code, amount: Number(r.discount_amount ?? 0) } : null,
      refundCase: seated(r)
        ? caseOf(r.s1_starts_at, r.s1_duration, windowHours, at, r.starts_on)
        : covers?.kind === 'credit' && r.gateway !== 'complimentary'
          ? { kind: 'credit' }
          : null,
      refund: r.refund_id
        ? {
            id: Number(r.refund_id),
            status: r.refund_status!,
            adminNote: r.refund_status === 'rejected' ? r.admin_note : null,
            refundedAt: r.refund_status === 'refunded' ? iso(r.refunded_at) : null,
            requestedAt: iso(r.refund_requested_at)!,
          }
        : null,
    }
  })
}
