import { type DiscountedPrice, type DiscountQuote, now, planLabel, rupeesToPaise } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import type { AppError } from '../../lib/errors'
import { discountFor } from './discount'
import { discountErrors } from './errors'
import { boughtBefore, loadCode } from './load'
import { refusal } from './rules'
import { countUsesOf } from './uses'

/**
 * "Apply": the prices a code gives this student now, for one plan or for every mentorship plan on
 * sale that it is for, computed by the server (the page shows them; the order computes them again
 * under the code's lock). Reserves nothing. Refused with the first rule that fails (for one plan),
 * or the reason of the first plan when it is for none of them.
 */
export async function quoteDiscount(
  req: PayloadRequest,
  { userId, code, planCode }: { userId: number; code: string; planCode?: string },
): Promise<DiscountQuote> {
  const loaded = await loadCode(req, code)
  const { docs: plans } = await req.payload.find({
    collection: 'plans',
    where: {
      active: { equals: true },
      _status: { equals: 'published' },
      ...(planCode ? { code: { equals: planCode } } : { product: { equals: 'mentorship' } }),
    },
    sort: 'order',
    depth: 0,
    limit: 20,
    overrideAccess: true,
    req,
  })
  const at = now()
  const [uses, before] = await Promise.all([countUsesOf(req, loaded.id, userId, at), boughtBefore(req, userId)])
  const priced: DiscountedPrice[] = []
  let first: AppError | null = null
  for (const plan of plans as Plan[]) {
    const listAmount = rupeesToPaise(plan.price)
    const why = refusal(loaded, { at, plan: { id: plan.id, name: planLabel(plan.name) }, boughtBefore: before, uses })
    const discountAmount = why ? 0 : discountFor(loaded.rule, listAmount)
    if (why || discountAmount === 0) {
      first ??= why ?? discountErrors.notForPlan(loaded.code, planLabel(plan.name))
      continue
    }
    priced.push({ planCode: plan.code, listAmount, discountAmount, amount: listAmount - discountAmount })
  }
  if (priced.length === 0) throw first ?? discountErrors.notForAnyPlan(loaded.code)
  return { code: loaded.code, endsAt: loaded.endsAt?.toISOString() ?? null, plans: priced }
}
