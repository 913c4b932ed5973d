import { now } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { commonErrors } from '../../lib/errors'
import { txQuery } from '../../lib/transaction'

/**
 * The student closed the checkout of their own order without paying: the order is marked, once
 * (run twice, nothing more happens), so that the admin's Payments list stops showing it at once
 * (collections/Payments/abandonedOrders.ts). Nothing else changes: the order stays `created` and
 * payable, since a payment already under way (a UPI request approved on the phone after the window
 * closed) still arrives by the checkout or the webhook and completes it. Someone else's order, an
 * unknown one and one that is no longer unpaid are not touched; an order that is not the caller's
 * (or does not exist) is 404, never told apart.
 */
export async function closeCheckout(req: PayloadRequest, userId: number, orderId: string): Promise<{ closed: boolean }> {
  const rows = await txQuery<{ id: number; closed: boolean }>(
    req,
    sql`WITH mine AS (
          SELECT id FROM payments WHERE gateway_order_id = ${orderId} AND user_id = ${userId}
        ), closed AS (
          -- The conditions on the row itself: a second call waiting on the first's row lock sees them false.
          UPDATE payments p SET checkout_closed_at = ${now().toISOString()}::timestamptz, updated_at = now()
            FROM mine WHERE p.id = mine.id AND p.status = 'created' AND p.checkout_closed_at IS NULL
          RETURNING p.id
        )
        SELECT mine.id, EXISTS (SELECT 1 FROM closed WHERE closed.id = mine.id) AS closed FROM mine`,
  )
  if (rows.length === 0) throw commonErrors.notFound('No such order of yours.')
  return { closed: rows.some((r) => r.closed) }
}
