import { DEFAULT_REFUND_WINDOW_HOURS, HOUR_MS, nowMs, type RefundCase } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'

/**
 * The refund promise (docs/decisions/107): "not satisfied after Session 1? Get a full refund". A
 * refund asked for within the window (Business rules → hours, default 72) after the end of Session 1
 * (the first session, not cancelled, on or after the first day of the batch the payment seats the
 * student in: a session placed before the batch starts cannot close the window early, issue 37) is
 * approved at once, through the same state machine as an admin's approval, and so is one asked
 * before the batch starts (docs/decisions/181); from the batch's start until Session 1 has ended,
 * or after the window, an admin decides. The landing copy states the window through `{refundWindowHours}`.
 */
export async function refundWindowHours(req: PayloadRequest): Promise<number> {
  const rules = await req.payload.findGlobal({ slug: 'business-rules', depth: 0, overrideAccess: true, req }).catch(() => null)
  const hours = Number(rules?.refundWindowHours)
  return Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_REFUND_WINDOW_HOURS
}

/** The case of each seated payment (the batch it pays for), by payment id; payments without a batch are left out. */
export async function seatRefundCases(req: PayloadRequest, paymentIds: number[], windowHours?: number): Promise<Map<number, RefundCase>> {
  const out = new Map<number, RefundCase>()
  if (paymentIds.length === 0) return out
  const hours = windowHours ?? (await refundWindowHours(req))
  const rows = await txQuery<{
    id: number
    starts_at: string | Date | null
    duration_minutes: number | null
    batch_starts_on: string | Date | null
  }>(
    req,
    sql`SELECT p.id, s1.starts_at, s1.duration_minutes, b.starts_on AS batch_starts_on FROM payments p
          LEFT JOIN batches b ON b.id = p.batch_id
          LEFT JOIN LATERAL (
            SELECT s.starts_at, s.duration_minutes FROM sessions s
             WHERE s.batch_id = p.batch_id AND s.status IS DISTINCT FROM 'cancelled' AND s.starts_at >= b.starts_on
             ORDER BY s.starts_at, s.id LIMIT 1) s1 ON true
         WHERE p.batch_id IS NOT NULL AND p.id IN (${sql.join(
           paymentIds.map((id) => sql`${id}`),
           sql`, `,
         )})`,
  )
  const at = nowMs()
  for (const r of rows) {
    out.set(Number(r.id), caseOf(r.starts_at, r.duration_minutes, hours, at, r.batch_starts_on))
  }
  return out
}

/**
 * Before the batch's first day a refund is approved at once (docs/decisions/181): the seat has not
 * been used, so asking for the money back is the same as cancelling the seat and asking for the
 * credit back, which is approved at once too. One rule, whichever route the student takes.
 */
export function caseOf(
  startsAt: string | Date | null,
  durationMinutes: number | null,
  windowHours: number,
  at: number,
  batchStartsOn?: string | Date | null,
): RefundCase {
  if (batchStartsOn && at < new Date(batchStartsOn).getTime())
    return { kind: 'before-batch', windowHours, batchStartsOn: new Date(batchStartsOn).toISOString() }
  if (!startsAt) return { kind: 'before-session-1', windowHours, session1EndsAt: null }
  const ended = new Date(startsAt).getTime() + Number(durationMinutes ?? 60) * 60_000
  const until = ended + windowHours * HOUR_MS
  if (at < ended) return { kind: 'before-session-1', windowHours, session1EndsAt: new Date(ended).toISOString() }
  if (at <= until)
    return { kind: 'promise', windowHours, session1EndedAt: new Date(ended).toISOString(), until: new Date(until).toISOString() }
  return { kind: 'after-window', windowHours, closedAt: new Date(until).toISOString() }
}
