import type { Payment, Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'

export type ActivePlan = { payment: Payment; plan: Plan; endsAt: string }

/**
 * The user's current plan for a product: the completed payment for a plan of that product whose
 * subscription has started and not yet ended (the one ending last, if several overlap).
 */
export async function getActivePlan(req: PayloadRequest, userId: number | string, product: Plan['product']): Promise<ActivePlan | null> {
  const now = new Date().toISOString()
  const { docs } = await req.payload.find({
    collection: 'payments',
    where: {
      user: { equals: userId },
      status: { equals: 'completed' },
      subscriptionEnds: { greater_than: now },
      subscriptionStarts: { less_than_equal: now },
      'plan.product': { equals: product },
    },
    sort: '-subscriptionEnds',
    limit: 1,
    depth: 1,
    overrideAccess: true,
    req,
  })
  const payment = docs[0]
  if (!payment || typeof payment.plan !== 'object' || !payment.subscriptionEnds) return null
  return { payment, plan: payment.plan, endsAt: payment.subscriptionEnds }
}
