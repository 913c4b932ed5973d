import { addDays, now, type PlanTimeline } from '@mentorloop/shared'
import type { Payment, Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest, Where } from 'payload'
import { latestWindowEnd, renewalOpensAt } from './renewal'

export type ActivePlan = { payment: Payment; plan: Plan; startsAt: string; endsAt: string }

/**
 * The one definition of "has a plan": a completed payment (or complimentary grant) for a plan,
 * whose window has started and not yet ended at `at` (now by default). Narrowed by product,
 * plan id or plan code; the window ending last comes first.
 */
export async function listActivePlans(
  req: PayloadRequest,
  userId: number | string,
  filter: { product?: Plan['product']; planId?: number; planCode?: string; at?: Date } = {},
): Promise<ActivePlan[]> {
  const at = (filter.at ?? now()).toISOString()
  const where: Where = {
    user: { equals: userId },
    status: { equals: 'completed' },
    subscriptionStarts: { less_than_equal: at },
    subscriptionEnds: { greater_than: at },
    ...(filter.product ? { 'plan.product': { equals: filter.product } } : {}),
    ...(filter.planId ? { plan: { equals: filter.planId } } : {}),
    ...(filter.planCode ? { 'plan.code': { equals: filter.planCode } } : {}),
  }
  const { docs } = await req.payload.find({
    collection: 'payments',
    where,
    sort: '-subscriptionEnds',
    limit: 20,
    depth: 1,
    overrideAccess: true,
    req,
  })
  return docs.flatMap((payment) =>
    typeof payment.plan === 'object' && payment.subscriptionStarts && payment.subscriptionEnds
      ? [{ payment, plan: payment.plan, startsAt: payment.subscriptionStarts, endsAt: payment.subscriptionEnds }]
      : [],
  )
}

/** The user's current plan for a product (the one ending last when several run at once), or null. */
export async function getActivePlan(
  req: PayloadRequest,
  userId: number | string,
  product: Plan['product'],
  at?: Date,
): Promise<ActivePlan | null> {
  return (await listActivePlans(req, userId, { product, at }))[0] ?? null
}

/** The window a plan bought or granted at `startsAt` covers: its duration in days from then. */
export function planWindow(plan: Pick<Plan, 'durationDays'>, startsAt: Date): { startsAt: Date; endsAt: Date } {
  const days = Number(plan.durationDays)
  if (!Number.isFinite(days) || days <= 0) throw new Error(`A plan's duration must be a positive number of days (got ${plan.durationDays})`)
  return { startsAt, endsAt: addDays(startsAt, days) }
}

/**
 * The mentorship plan status the booking calls answer (docs/spec.md: plan-status,
 * checkBookingAllowed) and the dashboard shows: the plan running now and until when, the end of
 * the latest window (a renewal included), and whether renewal is open.
 */
export async function mentorshipPlanStatus(req: PayloadRequest, userId: number): Promise<PlanTimeline> {
  const active = await getActivePlan(req, userId, 'mentorship')
  const latest = await latestWindowEnd(req, userId, { product: 'mentorship' })
  const opensAt = latest ? renewalOpensAt(latest) : null
  return {
    hasActivePlan: Boolean(active),
    plan: active ? { id: active.plan.id, code: active.plan.code, name: active.plan.name } : null,
    expiresAt: active?.endsAt ?? null,
    latestEndsAt: latest?.toISOString() ?? null,
    renewalOpensAt: opensAt?.toISOString() ?? null,
    renewalOpen: latest !== null && opensAt !== null && opensAt <= now(),
  }
}

/** `GET /payments/has-plan`: by plan code, or any mentorship plan when no code is given. */
export async function hasPlanByCode(
  req: PayloadRequest,
  userId: number,
  planCode?: string,
): Promise<{ hasPlan: boolean; planCode: string | null; endsAt: string | null }> {
  const [active] = await listActivePlans(req, userId, planCode ? { planCode } : { product: 'mentorship' })
  if (!active) return { hasPlan: false, planCode: planCode ?? null, endsAt: null }
  return { hasPlan: true, planCode: active.plan.code, endsAt: active.endsAt }
}
