import { MESSAGES, userRefParamsSchema } from '@mentorloop/shared'
import { resolveSubjectUserId } from '../../../access/guards'
import { endpoint } from '../../../lib/endpoint'
import { mentorshipPlanStatus } from '../../../services/plans/activePlan'

/** GET /api/bookings/user/:idOrEmail/plan-status — the caller's own mentorship plan (admins: anyone's). */
export const planStatusEndpoint = endpoint({
  path: '/user/:id/plan-status',
  method: 'get',
  auth: 'user',
  params: userRefParamsSchema,
  failure: MESSAGES.FAILED_FETCH_PLAN_STATUS,
  handler: async ({ req, user, params }) => mentorshipPlanStatus(req, await resolveSubjectUserId(req, user, params.id)),
})
