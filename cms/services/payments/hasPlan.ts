import type { PayloadRequest } from 'payload'

/** True when the user has a completed, currently running payment for this plan. */
export async function hasActivePlan(req: PayloadRequest, userId: number, planId: number): Promise<{ endsAt: string } | null> {
  const now = new Date().toISOString()
  const { docs } = await req.payload.find({
    collection: 'payments',
    where: {
      user: { equals: userId },
      plan: { equals: planId },
      status: { equals: 'completed' },
      subscriptionEnds: { greater_than: now },
    },
    sort: '-subscriptionEnds',
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const p = docs[0]
  return p?.subscriptionEnds ? { endsAt: p.subscriptionEnds } : null
}

/** `GET /has-plan`: by plan code (any of the user's active plans when no code is given). */
export async function hasPlanByCode(
  req: PayloadRequest,
  userId: number,
  planCode?: string,
): Promise<{ hasPlan: boolean; planCode: string | null; endsAt: string | null }> {
  const now = new Date().toISOString()
  const { docs } = await req.payload.find({
    collection: 'payments',
    where: {
      user: { equals: userId },
      status: { equals: 'completed' },
      subscriptionEnds: { greater_than: now },
      ...(planCode ? { 'plan.code': { equals: planCode } } : { 'plan.product': { equals: 'mentorship' } }),
    },
    sort: '-subscriptionEnds',
    limit: 1,
    depth: 1,
    overrideAccess: true,
    req,
  })
  const p = docs[0]
  if (!p) return { hasPlan: false, planCode: planCode ?? null, endsAt: null }
  const code = typeof p.plan === 'object' ? p.plan.code : (planCode ?? null)
  return { hasPlan: true, planCode: code, endsAt: p.subscriptionEnds ?? null }
}
