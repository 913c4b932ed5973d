import { alreadyPurchasedMessage, formatDate, MESSAGES, now, planLabel } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { listActivePlans } from './activePlan'
import { coverageOf, renewalOpensFor } from './coverage'
import { latestWindowEnd, renewalOpensAt } from './renewal'

/** Whether the student may buy a plan now (docs/decisions/069-a-plan-pays-for-one-batch.md, "Buying"). */
export type PurchaseDecision =
  | { allowed: true; renewal: boolean }
  | { allowed: false; title: string; message: string; until: string; opensAt: string }

const refuse = (message: string, until: Date | string, opensAt: Date | string): PurchaseDecision => ({
  allowed: false,
  title: MESSAGES.CANNOT_PURCHASE_TITLE,
  message,
  until: new Date(until).toISOString(),
  opensAt: new Date(opensAt).toISOString(),
})

/**
 * The one rule for buying a plan. Mentorship (a plan pays for one batch): refused while the student
 * has a credit (it pays for their next seat) or a seat in a batch that has not started; while they
 * sit in a running batch, renewal opens 7 days before it ends; a seat held for them can always be
 * claimed by paying. Question bank (plans of days): refused while a window runs, until 7 days before
 * it ends. Order creation enforces it and the plan cards read it, so the UI never offers what the
 * server refuses.
 */
export async function purchaseDecision(
  req: PayloadRequest,
  userId: number,
  plan: Pick<Plan, 'id' | 'name' | 'product'>,
): Promise<PurchaseDecision> {
  return plan.product === 'mentorship' ? mentorshipDecision(req, userId, plan) : windowDecision(req, userId, plan)
}

async function mentorshipDecision(req: PayloadRequest, userId: number, plan: Pick<Plan, 'id' | 'name'>): Promise<PurchaseDecision> {
  const coverage = await coverageOf(req, userId)
  const same = (p: { id: number }) => p.id === plan.id
  const credit = coverage.find((c) => c.kind === 'credit')
  if (credit?.kind === 'credit') {
    return refuse(
      same(credit.plan)
        ? alreadyPurchasedMessage(plan.name)
        : `You already have ${planLabel(credit.plan.name)}, waiting for your next seat: the first seat you get uses it, so a second plan is not needed.`,
      credit.creditUntil,
      credit.creditUntil,
    )
  }
  const upcoming = coverage.find((c) => c.kind === 'seat' && c.batch.status === 'open')
  if (upcoming?.kind === 'seat') {
    const opensAt = renewalOpensFor(upcoming.batch)
    return refuse(
      same(upcoming.plan)
        ? alreadyPurchasedMessage(plan.name)
        : `Your ${upcoming.plan.name} already pays for your seat in ${upcoming.mentor.name}'s ${upcoming.batch.label} batch, so a second plan is not needed. You can renew or change plans for the batch after it from ${formatDate(opensAt)}.`,
      upcoming.batch.endsOn,
      opensAt,
    )
  }
  // A seat held for them from a waitlist is claimed by paying, whenever it comes.
  const [waitlistHold] = await txQuery(
    req,
    sql`SELECT 1 FROM seat_offers WHERE user_id = ${userId} AND status = 'held' AND kind = 'waitlist' AND expires_at > ${now().toISOString()}::timestamptz LIMIT 1`,
  )
  if (waitlistHold) return { allowed: true, renewal: false }
  const running = coverage.find((c) => c.kind === 'seat' && c.batch.status === 'running')
  if (running?.kind === 'seat') {
    const opensAt = renewalOpensFor(running.batch)
    if (opensAt <= now()) return { allowed: true, renewal: true }
    return refuse(
      same(running.plan)
        ? `${alreadyPurchasedMessage(plan.name)} You can renew it for the next batch from ${formatDate(opensAt)}.`
        : `Your ${running.plan.name} pays for your seat in ${running.mentor.name}'s ${running.batch.label} batch. You can renew or change plans for the next batch from ${formatDate(opensAt)}.`,
      running.batch.endsOn,
      opensAt,
    )
  }
  return { allowed: true, renewal: false }
}

async function windowDecision(req: PayloadRequest, userId: number, plan: Pick<Plan, 'id' | 'name' | 'product'>): Promise<PurchaseDecision> {
  const end = await latestWindowEnd(req, userId, { product: plan.product })
  if (!end) return { allowed: true, renewal: false }
  const opensAt = renewalOpensAt(end)
  if (opensAt <= now()) return { allowed: true, renewal: true }
  const samePlanEnd = await latestWindowEnd(req, userId, { planId: plan.id })
  const [current] = await listActivePlans(req, userId, { product: plan.product })
  const message =
    samePlanEnd && samePlanEnd > now()
      ? alreadyPurchasedMessage(plan.name)
      : `You already have ${current ? `the ${current.plan.name}` : 'another plan'} until ${formatDate(end)}, so a second plan is not needed. You can renew or change plans from ${formatDate(opensAt)}.`
  return refuse(message, end, opensAt)
}

/** The decision for every plan on sale, by plan code: what the plan cards offer (the same rule). */
export async function purchaseDecisionsByCode(req: PayloadRequest, userId: number): Promise<Record<string, PurchaseDecision>> {
  const { docs } = await req.payload.find({
    collection: 'plans',
    where: { active: { equals: true }, _status: { equals: 'published' } },
    limit: 50,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const out: Record<string, PurchaseDecision> = {}
  for (const plan of docs) out[plan.code] = await purchaseDecision(req, userId, plan)
  return out
}
