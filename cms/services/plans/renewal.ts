import { DAY_MS, formatDate, now, nowIso, RENEWAL_REMINDER_DAYS, RENEWAL_WINDOW_DAYS } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueEmail } from '../../notifications/queueEmail'

/**
 * Renewal (docs/decisions/045-batches-in-time.md): the latest plan window of a product, whether
 * renewal is open (from 7 days before it ends, and any time after), and where a new window starts
 * (where the latest one ends, so no day is lost; now, when it has already ended).
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
 * Reminds each student whose latest mentorship plan ends within 3 days (and who has not renewed)
 * once: the payment's `renewalReminderSentAt` is set by a conditional UPDATE that one caller wins.
 */
export async function sendRenewalReminders(req: PayloadRequest): Promise<number> {
  const horizon = new Date(now().getTime() + RENEWAL_REMINDER_DAYS * DAY_MS).toISOString()
  const due = await txQuery<{ id: number }>(
    req,
    sql`SELECT p.id FROM payments p JOIN plans pl ON pl.id = p.plan_id
         WHERE p.status = 'completed' AND pl.product = 'mentorship' AND p.renewal_reminder_sent_at IS NULL
           AND p.subscription_ends > ${nowIso()}::timestamptz AND p.subscription_ends <= ${horizon}::timestamptz
           AND NOT EXISTS (
             SELECT 1 FROM payments q JOIN plans ql ON ql.id = q.plan_id
              WHERE q.user_id = p.user_id AND q.status = 'completed' AND ql.product = 'mentorship' AND q.subscription_ends > p.subscription_ends)
         ORDER BY p.subscription_ends, p.id`,
  )
  let sent = 0
  for (const { id } of due) {
    const step = await newRequest(req.payload)
    await inTransaction(step, async () => {
      const won = await txQuery(
        step,
        sql`UPDATE payments SET renewal_reminder_sent_at = now() WHERE id = ${id} AND renewal_reminder_sent_at IS NULL RETURNING id`,
      )
      if (won.length === 0) return
      const payment = await step.payload.findByID({ collection: 'payments', id: Number(id), depth: 1, overrideAccess: true, req: step })
      const user = typeof payment.user === 'object' ? payment.user : null
      const plan = typeof payment.plan === 'object' ? payment.plan : null
      if (!user?.email || !plan) return
      sent++
      await queueEmail(step, {
        to: user.email,
        template: 'renewal-reminder',
        ...renderEmail({
          subject: `Your ${plan.name} ends on ${formatDate(payment.subscriptionEnds)}`,
          greeting: `Hi ${user.name?.trim() || 'there'},`,
          paragraphs: [
            `Your ${plan.name} ends on ${formatDate(payment.subscriptionEnds)}.`,
            'Renew now and the next month starts the day this one ends, so you lose no day; if you renew before your batch ends, you keep your seat with your mentor in the next batch.',
          ],
          action: { label: 'Renew from your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
        }),
      })
    })
  }
  return sent
}
