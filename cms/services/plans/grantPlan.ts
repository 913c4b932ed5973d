import { randomUUID } from 'node:crypto'
import { now, type PlanCoverage } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest, Where } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { processWaitlistForUser } from '../booking'
import { planWindow } from './activePlan'
import { coverageOf } from './coverage'
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
  input: { email?: string; userId?: number; planRef: string | number; grantedBy: Pick<User, 'id'>; note?: string },
): Promise<GrantResult> {
  const { payload } = req
  return inTransaction(req, async () => {
    const user = await findUser(req, input)
    const plan = await findPlan(req, input.planRef)
    const window = await grantWindow(req, user.id, plan, now())
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

/** What a grant would give, said before an admin confirms it (the Grant plan action on a user in /admin). */
export type GrantPreview = {
  user: { id: number; email: string; name: string | null }
  plan: { id: number; code: string; name: string; product: Plan['product'] }
  /** `credit`: a mentorship grant pays for the student's next seat; `window`: question-bank access days. */
  kind: 'credit' | 'window'
  startsAt: string
  endsAt: string
  /** What the student's mentorship plans cover now (seats in batches, then credits). */
  current: PlanCoverage[]
  /** Waitlists the student is in: a mentorship grant is offered to them at once where a seat is free. */
  waitingFor: number
}

/**
 * The grant's cover, computed exactly as the grant computes it (grantWindow), without writing
 * anything: a mentorship plan is a credit that the next seat uses, after the seats and credits the
 * student already has (docs/decisions/069); a question-bank plan starts where their latest window ends.
 */
export async function previewGrant(req: PayloadRequest, input: { userId: number; planRef: string | number }): Promise<GrantPreview> {
  const user = await findUser(req, input)
  const plan = await findPlan(req, input.planRef)
  const window = await grantWindow(req, user.id, plan, now())
  const [current, [waiting]] = await Promise.all([
    plan.product === 'mentorship' ? coverageOf(req, user.id) : Promise.resolve([]),
    txQuery<{ n: string }>(req, sql`SELECT count(*) AS n FROM waitlist WHERE user_id = ${user.id} AND status = 'waiting'`),
  ])
  return {
    user: { id: user.id, email: user.email, name: user.name ?? null },
    plan: { id: plan.id, code: plan.code, name: plan.name, product: plan.product },
    kind: plan.product === 'mentorship' ? 'credit' : 'window',
    startsAt: window.startsAt.toISOString(),
    endsAt: window.endsAt.toISOString(),
    current,
    waitingFor: plan.product === 'mentorship' ? Number(waiting?.n ?? 0) : 0,
  }
}

/**
 * After what the student already has: a mentorship grant is a credit for their next seat (a batch
 * after the ones they have, docs/decisions/069); a question-bank grant starts where their latest
 * window ends.
 */
async function grantWindow(req: PayloadRequest, userId: number, plan: Plan, at: Date): Promise<{ startsAt: Date; endsAt: Date }> {
  return plan.product === 'mentorship'
    ? { startsAt: at, endsAt: creditDeadline(at) }
    : planWindow(plan, await nextWindowStart(req, userId, plan.product))
}

async function findUser(req: PayloadRequest, input: { email?: string; userId?: number }): Promise<User> {
  const where: Where =
    input.userId !== undefined ? { id: { equals: input.userId } } : { email: { equals: (input.email ?? '').toLowerCase() } }
  const { docs } = await req.payload.find({ collection: 'users', where, limit: 1, depth: 0, overrideAccess: true, req })
  const user = docs[0]
  if (!user) throw new AppError('USER_NOT_FOUND', 404, 'That user does not exist.', { title: 'User Not Found' })
  return user
}

async function findPlan(req: PayloadRequest, planRef: string | number): Promise<Plan> {
  const byId = typeof planRef === 'number' || /^\d{1,9}$/.test(planRef)
  const planWhere: Where = byId ? { id: { equals: Number(planRef) } } : { code: { equals: planRef } }
  const { docs } = await req.payload.find({ collection: 'plans', where: planWhere, limit: 1, depth: 0, overrideAccess: true, req })
  const plan = docs[0]
  if (!plan) throw new AppError('PLAN_NOT_FOUND', 404, 'That plan does not exist.', { title: 'Plan Not Found' })
  return plan
}
