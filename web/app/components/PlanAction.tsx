import { formatDate, type RefusedPurchase } from '@mentorloop/shared'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import type { PlanView } from '~/models/content'

/**
 * What a plan card offers the signed-in student: their own plan with its end, a plan they may
 * not buy now with the reason (the CMS's one purchase rule decided), or the buy button.
 */
export function PlanAction({ plan, endsAt, refused }: { plan: PlanView; endsAt?: string; refused?: RefusedPurchase }) {
  if (endsAt) {
    return (
      <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center font-semibold text-green-800" data-testid={`active-${plan.code}`}>
        Your plan, active until {formatDate(endsAt)}
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
  return <BuyPlanButton planCode={plan.code} planName={plan.name} />
}
