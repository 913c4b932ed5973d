import { DAY_MS, formatDateTime, now, nowIso, RENEWAL_REMINDER_DAYS, RENEWAL_WINDOW_DAYS } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmails } from '../../notifications/queueEmail'

/**
 * Question-bank renewal (plans of days): the latest plan window of a product, whether renewal is
 * open (from 7 days before it ends, and any time after), and where a new window starts (where the
 * latest one ends, so no day is lost; now, when it has already ended). Mentorship renewal is paying
 * for the next batch (docs/decisions/069; coverage.ts).
 */
export async function latestWindowEnd(
  req: PayloadRequest,
  userId: number,
  of: { product: Plan['product'] } | { planId: number },
): Promise<Date | null> {
  const which = 'planId' in of ? sql`pl.id = ${of.planId}` : sql`pl.product = ${of.product}`
  const [row] = await txQuery<{ ends: string | Date | null }>(
    req,
    sql`SELECT max(p.subscription_ends) AS ends FROM payments p JOIN plans pl ON pl.id = p.plan_id
         WHERE p.user_id = ${userId} AND p.status = 'completed' AND ${which}`,
  )
  return row?.ends ? new Date(row.ends) : null
}

export const renewalOpensAt = (windowEnd: Date) => new Date(windowEnd.getTime() - RENEWAL_WINDOW_DAYS * DAY_MS)

/** Where a window bought now starts: after the latest running or future window of the product. */
export async function nextWindowStart(req: PayloadRequest, userId: number, product: Plan['product']): Promise<Date> {
  const end = await latestWindowEnd(req, userId, { product })
  const at = now()
  return end && end > at ? end : at
}

/**
 * Reminds each continuing student whose held seat in their mentor's next batch runs out within 3
 * days (docs/decisions/069): renew to keep it. Once per hold: its `reminded_at` is set by a
 * conditional UPDATE that one caller wins.
 */
export async function sendRenewalReminders(given: PayloadRequest): Promise<number> {
  const req = await newRequest(given.payload)
  return inTransaction(req, () => remindDue(req))
}

async function remindDue(req: PayloadRequest): Promise<number> {
  const at = nowIso()
  const horizon = new Date(now().getTime() + RENEWAL_REMINDER_DAYS * DAY_MS).toISOString()
  const won = await txQuery<{ id: number; email: string; name: string | null; mentor: string; label: string; expires_at: string | Date }>(
    req,
    sql`WITH due AS (
          UPDATE seat_offers o SET reminded_at = ${at}::timestamptz, updated_at = now()
           WHERE o.status = 'held' AND o.kind = 'continuing' AND o.reminded_at IS NULL
             AND o.expires_at > ${at}::timestamptz AND o.expires_at <= ${horizon}::timestamptz
          RETURNING o.id, o.user_id, o.mentor_id, o.batch_id, o.expires_at)
        SELECT due.id, u.email, u.name, m.name AS mentor, b.label, due.expires_at
          FROM due JOIN users u ON u.id = due.user_id JOIN mentors m ON m.id = due.mentor_id JOIN batches b ON b.id = due.batch_id
         ORDER BY due.id`,
  )
  await queueEmails(
    req,
    won.map((w) => ({
      to: w.email,
      template: 'renewal-reminder',
      ...renderEmail({
        subject: `Renew by ${formatDateTime(w.expires_at)} to keep your seat with ${w.mentor}`,
        greeting: `Hi ${w.name?.trim() || 'there'},`,
        paragraphs: [
          `Your seat in ${w.mentor}'s ${w.label} batch is held for you until ${formatDateTime(w.expires_at)}.`,
          'Renew your plan from your dashboard before then and the seat is yours; after that it goes to the next student in line.',
        ],
        action: { label: 'Renew from your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
      }),
    })),
    { priority: 'normal' },
  )
  return won.length
}
