import { type ActivePlanView, creditLine, formatDate, formatDateRange, type RefusedPurchase } from '@mentorloop/shared'
import type { ReactNode } from 'react'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import type { PlanView } from '~/models/content'

/** What the student's own plan does, in their words (docs/decisions/069). */
export function ownedText(owned: ActivePlanView): string {
  const covers = owned.covers
  if (covers?.kind === 'seat')
    return `Your plan: it pays for your seat in ${covers.mentor}'s ${covers.batch.label} batch (${formatDateRange(covers.batch.startsOn, covers.batch.endsOn)})`
  if (covers?.kind === 'credit') return `Your plan: it pays for your next seat (${creditLine(covers.until)})`
  return `Your plan, active until ${formatDate(owned.endsAt)}`
}

/**
 * What a plan card offers the signed-in student: their own plan and what it pays for, a plan they
 * may not buy now with the reason (the CMS's one purchase rule decided), or the buy button.
 */
export function PlanAction({
  plan,
  owned,
  refused,
  buy,
}: {
  plan: PlanView
  owned?: ActivePlanView
  refused?: RefusedPurchase
  /** The buy step when it is not the plain button (/subscriptions: a discounted price, DiscountedBuy). */
  buy?: ReactNode
}) {
  if (owned) {
    return (
      <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center font-semibold text-green-800" data-testid={`active-${plan.code}`}>
        {ownedText(owned)}
      </p>
    )
  }
  if (refused) {
    return (
      <p className="rounded-lg bg-slate-100 px-4 py-2.5 text-center text-sm text-slate-700" data-testid={`refused-${plan.code}`}>
        {refused.message}
      </p>
    )
  }
  return buy ?? <BuyPlanButton planCode={plan.code} planName={plan.name} />
}
