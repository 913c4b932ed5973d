import { nowMs } from '@mentorloop/shared'
import type { BaseFilter, Where } from 'payload'

/** An order created this long ago and never paid is abandoned (the checkout was closed or lost). */
export const ABANDONED_AFTER_MS = 60 * 60 * 1000

/**
 * The Payments list in /admin hides abandoned orders (status `created`, older than an hour, or
 * whose checkout the student closed without paying: `checkoutClosedAt`, issue 32) so that paid,
 * failed and refunded payments, and checkouts still open, are what admins see. Only the admin list view applies a
 * `baseFilter`; the API and every other query are unaffected. Filtering the list by Status shows
 * exactly what was asked, abandoned orders included ("Status is created").
 */
/**
 * The hour is counted to the minute (an order leaves the list within a minute after its hour): the
 * filter is then the same for a minute, so the list's total is kept between loads instead of counted
 * over every payment on each one (lib/db/keptCounts.ts, docs/decisions/217).
 */
const toTheMinute = (ms: number) => Math.floor(ms / 60_000) * 60_000

export const hideAbandonedOrders: BaseFilter = ({ req }) => {
  const asked = (req.query as { where?: unknown } | undefined)?.where
  if (asked && JSON.stringify(asked).includes('"status"')) return null
  const where: Where = {
    or: [
      { status: { not_equals: 'created' } },
      {
        and: [
          { createdAt: { greater_than: new Date(toTheMinute(nowMs() - ABANDONED_AFTER_MS)).toISOString() } },
          { checkoutClosedAt: { exists: false } },
        ],
      },
    ],
  }
  return where
}

export const ABANDONED_HELP =
  'Orders never paid for (the student closed the checkout, or an hour passed) are hidden here; filter by Status "created" to see them.'
