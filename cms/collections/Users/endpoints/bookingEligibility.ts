import { MESSAGES, subscribeRequestSchema, userRefParamsSchema } from '@mentorloop/shared'
import { resolveSubjectUserId } from '../../../access/guards'
import { endpoint } from '../../../lib/endpoint'
import { currentSeatOf } from '../../../services/booking/seats'
import { mentorshipPlanStatus } from '../../../services/plans/activePlan'
import { grantComplimentaryPlan } from '../../../services/plans/grantPlan'

/** GET /api/users/checkBookingAllowed/:email — may this user book now? (own e-mail, or an admin) */
export const checkBookingAllowedEndpoint = endpoint({
  path: '/checkBookingAllowed/:id',
  method: 'get',
  auth: 'user',
  params: userRefParamsSchema,
  failure: 'Failed to check booking eligibility',
  handler: async ({ req, user, params }) => {
    const userId = await resolveSubjectUserId(req, user, params.id)
    const [plan, booking] = await Promise.all([mentorshipPlanStatus(req, userId), currentSeatOf(req, userId)])
    const hasBooking = booking !== null
    const allowed = plan.hasActivePlan && !hasBooking
    const reason = hasBooking ? MESSAGES.MENTOR_ALREADY_BOOKED : plan.hasActivePlan ? null : MESSAGES.PAYMENT_REQUIRED
    return { allowed, hasActivePlan: plan.hasActivePlan, hasBooking, reason, plan: plan.plan, expiresAt: plan.expiresAt }
  },
})

/**
 * POST /api/users/subscribe {email, planId} (admin) — give a user a plan without a payment
 * (support cases): a complimentary grant, never a gateway payment (services/plans/grantPlan.ts).
 */
export const subscribeEndpoint = endpoint({
  path: '/subscribe',
  method: 'post',
  auth: 'admin',
  body: subscribeRequestSchema,
  failure: 'Failed to subscribe to plan',
  handler: async ({ req, user, body }) => {
    const { payment, plan, waitlist } = await grantComplimentaryPlan(req, { email: body.email, planRef: body.planId, grantedBy: user })
    return {
      message: 'Subscribed to plan successfully',
      payment: { id: payment.id, plan: plan.code, gateway: payment.gateway, subscriptionEnds: payment.subscriptionEnds },
      waitlistResults: waitlist,
    }
  },
})
