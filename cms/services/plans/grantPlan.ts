import { randomUUID } from 'node:crypto'
import { now } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import type { PayloadRequest, Where } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction } from '../../lib/transaction'
import { processWaitlistForUser } from '../booking'
import { planWindow } from './activePlan'
import { creditDeadline } from './credits'
import { nextWindowStart } from './renewal'

export type GrantResult = { payment: Payment; plan: Plan; waitlist: { assigned: number; stillWaiting: number } }

/**
 * An admin gives a student a plan without a payment (support cases; docs/decisions/044-complimentary-plans.md, 069).
 * It is recorded as a completed payment of gateway `complimentary`, amount 0, with who granted it:
 * it counts as an active plan like a paid one, shows as "Complimentary" in the history, and can
 * never be refunded through the gateway (there is nothing to refund). A mentorship grant
 * processes the student's waitlists in the same transaction.
 */
export async function grantComplimentaryPlan(
  req: PayloadRequest,
  input: { email: string; planRef: string | number; grantedBy: Pick<User, 'id'>; note?: string },
): Promise<GrantResult> {
  const { payload } = req
  return inTransaction(req, async () => {
    const { docs: users } = await payload.find({
      collection: 'users',
      where: { email: { equals: input.email.toLowerCase() } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const user = users[0]
    if (!user) throw new AppError('USER_NOT_FOUND', 404, 'That user does not exist.', { title: 'User Not Found' })
    const byId = typeof input.planRef === 'number' || /^\d{1,9}$/.test(input.planRef)
    const planWhere: Where = byId ? { id: { equals: Number(input.planRef) } } : { code: { equals: input.planRef } }
    const { docs: plans } = await payload.find({ collection: 'plans', where: planWhere, limit: 1, depth: 0, overrideAccess: true, req })
    const plan = plans[0]
    if (!plan) throw new AppError('PLAN_NOT_FOUND', 404, 'That plan does not exist.', { title: 'Plan Not Found' })
    // After what the student already has: a mentorship grant is a credit for their next seat (a
    // batch after the ones they have, docs/decisions/069); a question-bank grant starts where their
    // latest window ends.
    const at = now()
    const window =
      plan.product === 'mentorship'
        ? { startsAt: at, endsAt: creditDeadline(at) }
        : planWindow(plan, await nextWindowStart(req, user.id, plan.product))
    const payment = await payload.create({
      collection: 'payments',
      data: {
        user: user.id,
        plan: plan.id,
        amount: 0,
        currency: plan.currency ?? 'INR',
        status: 'completed',
        gateway: 'complimentary',
        gatewayOrderId: `grant_${randomUUID()}`,
        grantedBy: input.grantedBy.id,
        note: input.note ?? null,
        subscriptionStarts: window.startsAt.toISOString(),
        subscriptionEnds: window.endsAt.toISOString(),
      },
      depth: 0,
      overrideAccess: true,
      req,
    })
    const waitlist =
      plan.product === 'mentorship'
        ? await processWaitlistForUser({ payload, userId: user.id, req, paymentId: payment.id })
        : { assigned: 0, stillWaiting: 0 }
    // Read again: processing the queues may have made the credit pay for a seat.
    const applied = (await payload.findByID({ collection: 'payments', id: payment.id, depth: 0, overrideAccess: true, req })) as Payment
    return { payment: applied, plan, waitlist: { assigned: waitlist.assigned, stillWaiting: waitlist.stillWaiting } }
  })
}
