import { alreadyPurchasedMessage, formatDate, MESSAGES, now } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { listActivePlans } from './activePlan'
import { latestWindowEnd, renewalOpensAt } from './renewal'

/** Whether the student may buy a plan now (docs/decisions/045-batches-in-time.md, "Plans"). */
export type PurchaseDecision =
  | { allowed: true; renewal: boolean }
  | { allowed: false; title: string; message: string; until: string; opensAt: string }

/**
 * The one rule for buying a plan: while a plan of the same product runs (or is bought ahead), a
 * second one - the same plan or another of that product - is refused until the latest window's
 * renewal opens, 7 days before it ends; a purchase from then on is a renewal. Order creation
 * enforces it and the plan cards read it, so the UI never offers what the server refuses.
 */
export async function purchaseDecision(
  req: PayloadRequest,
  userId: number,
  plan: Pick<Plan, 'id' | 'name' | 'product'>,
): Promise<PurchaseDecision> {
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
  return { allowed: false, title: MESSAGES.CANNOT_PURCHASE_TITLE, message, until: end.toISOString(), opensAt: opensAt.toISOString() }
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
