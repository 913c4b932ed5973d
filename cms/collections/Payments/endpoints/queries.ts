import type { PaymentCover } from '@mentorloop/shared'
import { z } from 'zod'
import { resolveSubjectUserId } from '../../../access/guards'
import { endpoint } from '../../../lib/endpoint'
import { paymentHistory } from '../../../services/payments/paymentHistory'
import { hasPlanByCode, listActivePlans } from '../../../services/plans/activePlan'
import { coverageOf } from '../../../services/plans/coverage'
import { purchaseDecisionsByCode } from '../../../services/plans/purchaseRule'

const emailQuery = z.object({ email: z.string().max(320).optional() })
const hasPlanQuery = emailQuery.extend({
  planType: z
    .string()
    .trim()
    .max(40)
    .regex(/^[A-Z0-9_]*$/, 'Unknown plan.')
    .optional()
    .transform((v) => v || undefined),
})

/** GET /api/payments/has-plan?email=&planType= — own data only (admins: anyone's). */
export const hasPlanEndpoint = endpoint({
  path: '/has-plan',
  method: 'get',
  auth: 'user',
  query: hasPlanQuery,
  failure: 'Failed to check plan',
  handler: async ({ req, user, query }) => hasPlanByCode(req, await resolveSubjectUserId(req, user, query.email), query.planType),
})

/** GET /api/payments/history?email= — own data only (admins: anyone's). */
export const historyEndpoint = endpoint({
  path: '/history',
  method: 'get',
  auth: 'user',
  query: emailQuery,
  failure: 'Failed to load payment history',
  handler: async ({ req, user, query }) => paymentHistory(req, await resolveSubjectUserId(req, user, query.email)),
})

/**
 * GET /api/payments/active-plans?email= — the plans running now, each with its end, and the plans
 * the student may not buy now with the reason (own data; admins: anyone's).
 */
export const activePlansEndpoint = endpoint({
  path: '/active-plans',
  method: 'get',
  auth: 'user',
  query: emailQuery,
  failure: 'Failed to check plan',
  handler: async ({ req, user, query }) => {
    const userId = await resolveSubjectUserId(req, user, query.email)
    const [active, decisions, coverage] = await Promise.all([
      listActivePlans(req, userId),
      purchaseDecisionsByCode(req, userId),
      coverageOf(req, userId),
    ])
    const covers = new Map(
      coverage.map((c): [number, PaymentCover] => [
        c.paymentId,
        c.kind === 'credit'
          ? { kind: 'credit', until: c.creditUntil }
          : {
              kind: 'seat',
              mentor: c.mentor.name,
              batch: { label: c.batch.label, startsOn: c.batch.startsOn, endsOn: c.batch.endsOn },
              sessions: c.sessions,
            },
      ]),
    )
    return {
      // Plans the student may not buy now, with the reason (cms/services/plans/purchaseRule.ts).
      refused: Object.fromEntries(
        Object.entries(decisions).flatMap(([code, d]) => (d.allowed ? [] : [[code, { title: d.title, message: d.message }]])),
      ),
      plans: active.map((a) => ({
        planCode: a.plan.code,
        planName: a.plan.name,
        product: a.plan.product,
        startsAt: a.startsAt,
        endsAt: a.endsAt,
        covers: covers.get(a.payment.id) ?? null,
      })),
    }
  },
})
