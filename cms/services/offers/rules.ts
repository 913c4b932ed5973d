import type { AppError } from '../../lib/errors'
import { discountErrors } from './errors'
import type { UseCounts } from './uses'

/** A code as the rules read it (from the discount-codes collection). */
export type CodeFacts = {
  code: string
  active: boolean
  startsAt: Date
  endsAt: Date | null
  /** Plan ids the code is for; empty: every plan. */
  planIds: number[]
  maxUses: number | null
  maxUsesPerStudent: number
  firstPurchaseOnly: boolean
}

/**
 * Why a code may not take money off this plan for this student now, or null when it may (decision
 * 195). Pure: the caller reads the facts (under the code's row lock when it reserves a use). The
 * order of the checks is the order a student would want to hear them: does the code exist, is it
 * on now, is it for this plan, is it for this student, is a use left.
 */
export function refusal(
  code: CodeFacts,
  ctx: { at: Date; plan: { id: number; name: string }; boughtBefore: boolean; uses: UseCounts },
): AppError | null {
  if (!code.active) return discountErrors.unknown(code.code)
  if (ctx.at < code.startsAt) return discountErrors.notStarted(code.code, code.startsAt)
  if (code.endsAt && ctx.at >= code.endsAt) return discountErrors.ended(code.code, code.endsAt)
  if (code.planIds.length > 0 && !code.planIds.includes(ctx.plan.id)) return discountErrors.notForPlan(code.code, ctx.plan.name)
  if (code.firstPurchaseOnly && ctx.boughtBefore) return discountErrors.firstPurchaseOnly(code.code)
  if (ctx.uses.usedByStudent >= code.maxUsesPerStudent) return discountErrors.usedByYou(code.code)
  if (code.maxUses !== null && ctx.uses.used + ctx.uses.reserved >= code.maxUses) return discountErrors.usedUp(code.code)
  return null
}
