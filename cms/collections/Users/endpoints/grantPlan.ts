import { grantPlanRequestSchema, grantPreviewQuerySchema, idParamsSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { grantComplimentaryPlan, previewGrant } from '../../../services/plans/grantPlan'

/** GET /api/users/:id/grant-plan?plan=CODE — what a grant of that plan would cover, before an admin confirms it. */
export const grantPreviewEndpoint = endpoint({
  path: '/:id/grant-plan',
  method: 'get',
  auth: 'admin',
  params: idParamsSchema,
  query: grantPreviewQuerySchema,
  failure: 'What the grant covers could not be worked out.',
  handler: async ({ req, params, query }) => ({ preview: await previewGrant(req, { userId: params.id, planRef: query.plan }) }),
})

/**
 * POST /api/users/:id/grant-plan { plan, reason } — the Grant plan action on a user in /admin
 * (admins only): a complimentary plan with the reason as its note (services/plans/grantPlan.ts).
 */
export const grantPlanEndpoint = endpoint({
  path: '/:id/grant-plan',
  method: 'post',
  auth: 'admin',
  params: idParamsSchema,
  body: grantPlanRequestSchema,
  failure: 'The plan could not be granted.',
  handler: async ({ req, user, params, body }) => {
    const { payment, plan, waitlist } = await grantComplimentaryPlan(req, {
      userId: params.id,
      planRef: body.plan,
      grantedBy: user,
      note: body.reason,
    })
    return {
      success: true,
      payment: {
        id: payment.id,
        plan: plan.code,
        planName: plan.name,
        batch: typeof payment.batch === 'object' ? (payment.batch?.id ?? null) : (payment.batch ?? null),
        subscriptionStarts: payment.subscriptionStarts,
        subscriptionEnds: payment.subscriptionEnds,
      },
      waitlist,
    }
  },
})
