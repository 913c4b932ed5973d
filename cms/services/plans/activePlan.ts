import { addDays, now, type PlanTimeline } from '@mentorloop/shared'
import type { Payment, Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest, Where } from 'payload'
import { coverageOf, renewalOpensFor } from './coverage'

export type ActivePlan = { payment: Pick<Payment, 'id'>; plan: Plan; startsAt: string; endsAt: string }

/**
 * The one definition of "has a plan": a completed payment (or complimentary grant) for a plan that
 * still covers something at `at` (now by default). A question-bank plan: its window has started and
 * not ended. A mentorship plan (docs/decisions/069): a credit not yet used, or a seat in a batch that
 * has not ended. Narrowed by product, plan id or plan code; the one ending last comes first.
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
    subscriptionEnds: { greater_than: at },
    or: [
      { 'plan.product': { equals: 'mentorship' }, or: [{ batch: { exists: true } }, { creditEndedAt: { exists: false } }] },
      { subscriptionStarts: { less_than_equal: at } },
    ],
    ...(filter.product ? { 'plan.product': { equals: filter.product } } : {}),
    ...(filter.planId ? { plan: { equals: filter.planId } } : {}),
    ...(filter.planCode ? { 'plan.code': { equals: filter.planCode } } : {}),
  }
  // Only the plan is populated (the select leaves the payment's other relationships, the user
  // among them, unread) and no total is counted: this runs on every plan check (issue 22).
  const { docs } = await req.payload.find({
    collection: 'payments',
    where,
    sort: '-subscriptionEnds',
    limit: 20,
    pagination: false,
    depth: 1,
    select: { plan: true, subscriptionStarts: true, subscriptionEnds: true },
    overrideAccess: true,
    req,
  })
  return docs.flatMap((payment) =>
    typeof payment.plan === 'object' && payment.subscriptionStarts && payment.subscriptionEnds
      ? [{ payment: { id: payment.id }, plan: payment.plan, startsAt: payment.subscriptionStarts, endsAt: payment.subscriptionEnds }]
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

/** The window a question-bank plan bought or granted at `startsAt` covers: its duration in days from then. */
export function planWindow(plan: Pick<Plan, 'durationDays'>, startsAt: Date): { startsAt: Date; endsAt: Date } {
  const days = Number(plan.durationDays)
  if (!Number.isFinite(days) || days <= 0) throw new Error(`A plan's duration must be a positive number of days (got ${plan.durationDays})`)
  return { startsAt, endsAt: addDays(startsAt, days) }
}

/**
 * The mentorship plan status the booking calls answer (docs/spec.md: plan-status,
 * checkBookingAllowed) and the dashboard shows: what each payment covers (a seat in a batch, or a
 * credit for the next seat), and when renewal for the batch after the running one opens.
 */
export async function mentorshipPlanStatus(req: PayloadRequest, userId: number): Promise<PlanTimeline> {
  const coverage = await coverageOf(req, userId)
  const first = coverage[0] ?? null
  const endOf = (c: (typeof coverage)[number]) => (c.kind === 'seat' ? c.batch.endsOn : c.creditUntil)
  const running = coverage.find((c) => c.kind === 'seat' && c.batch.status === 'running')
  const next = coverage.find((c) => c.kind !== 'seat' || c.batch.status === 'open')
  const opensAt = running && running.kind === 'seat' && !next ? renewalOpensFor(running.batch) : null
  return {
    hasActivePlan: coverage.length > 0,
    plan: first?.plan ?? null,
    expiresAt: first ? endOf(first) : null,
    latestEndsAt: coverage.length ? coverage.map(endOf).sort().at(-1)! : null,
    renewalOpensAt: opensAt?.toISOString() ?? null,
    renewalOpen: opensAt !== null && opensAt <= now(),
    coverage,
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
