import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'

/** A use of a code: kept for a checkout, counted once paid, or given back (decision 196). */
export const DISCOUNT_USE_STATUSES = ['reserved', 'used', 'released'] as const
export type DiscountUseStatus = (typeof DISCOUNT_USE_STATUSES)[number]

/** How long a checkout keeps its use of a code (as long as a held seat's checkout, decision 069). */
export const RESERVE_MS = 30 * 60_000

export type UseCounts = { used: number; reserved: number; usedByStudent: number }

/**
 * The code's uses at `at`: paid ones, reservations of other students' checkouts still running,
 * and the student's own paid ones. A student's own running checkout is not counted against them:
 * a new checkout of theirs replaces it (reserveDiscount releases it).
 */
export async function countUsesOf(req: PayloadRequest, codeId: number, userId: number, at: Date): Promise<UseCounts> {
  const [row] = await txQuery<{ used: string; reserved: string; used_by_student: string }>(
    req,
    sql`SELECT count(*) FILTER (WHERE status = 'used') AS used,
               count(*) FILTER (WHERE status = 'reserved' AND expires_at > ${at.toISOString()}::timestamptz AND user_id <> ${userId}) AS reserved,
               count(*) FILTER (WHERE status = 'used' AND user_id = ${userId}) AS used_by_student
          FROM discount_code_uses WHERE discount_code_id = ${codeId}`,
  )
  return { used: Number(row?.used ?? 0), reserved: Number(row?.reserved ?? 0), usedByStudent: Number(row?.used_by_student ?? 0) }
}

/** Payments verified with the code (the admin's "Used"). */
export async function usedCount(req: PayloadRequest, codeId: number): Promise<number> {
  const [row] = await txQuery<{ n: string }>(
    req,
    sql`SELECT count(*) AS n FROM discount_code_uses WHERE discount_code_id = ${codeId} AND status = 'used'`,
  )
  return Number(row?.n ?? 0)
}

/**
 * The payment was verified: its use counts, once. Called from completePayment (the one completion
 * path of verification, webhooks and reconciliation) only when it moved the payment to completed,
 * and the conditional UPDATE makes a repeat a no-op. A released use (the payment failed, then a
 * retry in the same checkout succeeded) counts too: the money was taken at the discounted price.
 */
export async function countDiscountUse(req: PayloadRequest, paymentId: number): Promise<boolean> {
  const rows = await txQuery(
    req,
    sql`UPDATE discount_code_uses SET status = 'used', updated_at = now()
         WHERE payment_id = ${paymentId} AND status <> 'used' RETURNING id`,
  )
  return rows.length > 0
}

/** The order's payment failed: its reserved use goes back to the code at once. */
export async function releaseDiscountUseOfOrder(req: PayloadRequest, orderId: string): Promise<void> {
  await txQuery(
    req,
    sql`UPDATE discount_code_uses SET status = 'released', updated_at = now()
         WHERE status = 'reserved' AND payment_id = (SELECT id FROM payments WHERE gateway_order_id = ${orderId})`,
  )
}

/** A reservation whose order was never made (the gateway refused it): given back. */
export async function releaseReservation(req: PayloadRequest, useId: number): Promise<void> {
  await txQuery(req, sql`UPDATE discount_code_uses SET status = 'released', updated_at = now() WHERE id = ${useId} AND status = 'reserved'`)
}

/** The order's payment row, once it exists, owns the reservation. */
export async function attachReservation(req: PayloadRequest, useId: number, paymentId: number): Promise<void> {
  await txQuery(req, sql`UPDATE discount_code_uses SET payment_id = ${paymentId}, updated_at = now() WHERE id = ${useId}`)
}
