import type { ActivePlanView, EarlyBirdBanner, RefusedPurchase } from '@mentorloop/shared'
import { Link } from '@remix-run/react'
import { PlanAction } from '~/components/PlanAction'
import { PlanCard } from '~/components/PlanCard'
import type { PlanView } from '~/models/content'

/** Left out while no plan is on sale. */
export function PlansSection({
  heading,
  banner,
  plans,
  owned,
}: {
  heading: string
  banner?: EarlyBirdBanner | null
  plans: PlanView[]
  /** The signed-in student's plans: which run until when, which they may not buy now. */
  owned?: { owned: Record<string, ActivePlanView>; refused: Record<string, RefusedPurchase> } | null
}) {
  if (plans.length === 0) return null
  return (
    <section id="premium-plans" aria-labelledby="plans-heading" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="plans-heading" className="text-center text-3xl font-bold">
        {heading}
      </h2>
      {banner ? (
        <p
          className="mx-auto mt-4 w-fit max-w-full rounded-full bg-amber-100 px-4 py-1.5 text-center text-sm font-semibold text-amber-900"
          data-testid="early-bird-banner"
        >
          {banner.text}
          {banner.code ? (
            <>
              {' '}
              with code <strong data-testid="early-bird-code">{banner.code}</strong>
            </>
          ) : null}
          {banner.until ? ` until ${banner.until}` : ''}
        </p>
      ) : null}
      <div className="mx-auto mt-10 grid max-w-4xl gap-8 md:grid-cols-2">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            action={<PlanAction plan={plan} owned={owned?.owned[plan.code]} refused={owned?.refused[plan.code]} />}
          />
        ))}
      </div>
      <p className="mt-10 text-center text-slate-700" data-testid="landing-question-bank">
        Preparing for placement tests?{' '}
        <Link to="/question-bank/subscription" className="font-semibold text-brand-700 underline hover:text-brand-900">
          Practise previous-year questions in the Question bank
        </Link>
      </p>
    </section>
  )
}
