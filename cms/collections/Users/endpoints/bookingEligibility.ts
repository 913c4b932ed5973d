import { MESSAGES, subscribeRequestSchema } from '@mentorloop/shared'
import type { Endpoint, Where } from 'payload'
import { handle, isAdminUser, json, parseOr400, readJson, requireUser } from '../../../lib/endpoint'
import { inTransaction } from '../../../lib/transaction'
import { BookingError, bookingErrors, processWaitlistForUser } from '../../../services/booking'
import { planStatusFor, resolveUserParam } from '../../Bookings/endpoints/planStatus'

/** GET /api/users/checkBookingAllowed/:email — may this user book now? (own e-mail, or an admin) */
export const checkBookingAllowedEndpoint: Endpoint = {
  path: '/checkBookingAllowed/:email',
  method: 'get',
  handler: handle('Failed to check booking eligibility', async (req) => {
    const user = requireUser(req)
    const userId = await resolveUserParam(req, user, req.routeParams?.email)
    const plan = await planStatusFor(req, userId)
    const { docs } = await req.payload.find({
      collection: 'bookings',
      where: { user: { equals: userId }, status: { equals: 'confirmed' } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const hasBooking = docs.length > 0
    const allowed = plan.hasActivePlan && !hasBooking
    const reason = hasBooking ? MESSAGES.MENTOR_ALREADY_BOOKED : plan.hasActivePlan ? null : MESSAGES.PAYMENT_REQUIRED
    return json({ allowed, hasActivePlan: plan.hasActivePlan, hasBooking, reason, plan: plan.plan, expiresAt: plan.expiresAt })
  }),
}

const DAY = 86_400_000

/**
 * POST /api/users/subscribe {email, planId} (admin) — give a user a mentorship or question-bank
 * plan without a payment (support cases), recorded as a completed zero-gateway payment; their
 * waitlists are processed in the same transaction.
 */
export const subscribeEndpoint: Endpoint = {
  path: '/subscribe',
  method: 'post',
  handler: handle('Failed to subscribe to plan', async (req) => {
    const admin = requireUser(req)
    if (!isAdminUser(admin)) throw bookingErrors.forbidden('Only admins may subscribe a user to a plan.')
    const input = parseOr400(subscribeRequestSchema, await readJson(req))
    const { payload } = req
    const { docs: users } = await payload.find({
      collection: 'users',
      where: { email: { equals: input.email } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const user = users[0]
    if (!user) throw bookingErrors.userNotFound()
    const planWhere: Where =
      typeof input.planId === 'number' || /^\d{1,9}$/.test(input.planId)
        ? { id: { equals: Number(input.planId) } }
        : { code: { equals: input.planId } }
    const { docs: plans } = await payload.find({ collection: 'plans', where: planWhere, limit: 1, depth: 0, overrideAccess: true, req })
    const plan = plans[0]
    if (!plan) throw new BookingError('INVALID_INPUT', 404, 'That plan does not exist.', 'Plan Not Found')
    const result = await inTransaction(req, async () => {
      const now = Date.now()
      const orderId = `admin_${user.id}_${now.toString(36)}`
      const payment = await payload.create({
        collection: 'payments',
        data: {
          user: user.id,
          plan: plan.id,
          amount: 0,
          currency: 'INR',
          status: 'completed',
          gateway: 'sandbox',
          gatewayOrderId: orderId,
          gatewayPaymentId: `pay_${orderId}`,
          subscriptionStarts: new Date(now).toISOString(),
          subscriptionEnds: new Date(now + Number(plan.durationDays ?? 30) * DAY).toISOString(),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      const waitlist =
        plan.product === 'mentorship' ? await processWaitlistForUser({ payload, userId: user.id, req }) : { assigned: 0, stillWaiting: 0 }
      return { payment, waitlist }
    })
    return json({
      message: 'Subscribed to plan successfully',
      payment: { id: result.payment.id, plan: plan.code, subscriptionEnds: result.payment.subscriptionEnds },
      waitlistResults: result.waitlist,
    })
  }),
}
