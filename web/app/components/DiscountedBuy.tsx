import { type DiscountedPrice, formatRupees, paiseToRupees } from '@mentorloop/shared'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import type { PlanView } from '~/models/content'

/**
 * The buy step of a plan card on /subscriptions once a discount code is applied: the CMS's price
 * (the order computes it again). Its own module so the landing's plan cards do not ship it.
 */
export function DiscountedBuy({ plan, discount }: { plan: PlanView; discount: DiscountedPrice & { code: string } }) {
  const rupees = (paise: number) => formatRupees(paiseToRupees(paise))
  return (
    <div className="flex flex-col gap-3">
      <p className="rounded-lg bg-green-50 px-4 py-2 text-center text-sm text-green-900" data-testid={`discounted-${plan.code}`}>
        With code <strong>{discount.code}</strong>: <strong>{rupees(discount.amount)}</strong>{' '}
        <span className="text-slate-600 line-through">
          <span className="sr-only">instead of </span>
          {rupees(discount.listAmount)}
        </span>{' '}
        ({rupees(discount.discountAmount)} off)
      </p>
      <BuyPlanButton
        planCode={plan.code}
        planName={plan.name}
        discountCode={discount.code}
        label={`Choose ${plan.name} for ${rupees(discount.amount)}`}
      />
    </div>
  )
}
