import { formatRupees } from '@mentorloop/shared'
import type { ReactNode } from 'react'
import type { PlanView } from '~/models/content'

export function PlanCard({ plan, action }: { plan: PlanView; action?: ReactNode }) {
  const highlighted = Boolean(plan.badge)
  return (
    <article
      aria-labelledby={`plan-${plan.code}`}
      data-plan-code={plan.code}
      className={`relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm ${
        highlighted ? 'border-brand-600 ring-2 ring-brand-600' : 'border-slate-200'
      }`}
    >
      {plan.badge ? (
        <p className="absolute -top-3 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-semibold text-white">{plan.badge}</p>
      ) : null}
      <h3 id={`plan-${plan.code}`} className="text-xl font-bold">
        {plan.name}
      </h3>
      {plan.description ? <p className="mt-2 text-sm text-slate-600">{plan.description}</p> : null}
      <p className="mt-5 flex items-baseline gap-2">
        <span className="text-4xl font-extrabold" data-testid="plan-price">
          {formatRupees(plan.price)}
        </span>
        {/* A mentorship plan pays once for one batch (docs/decisions/183): not a monthly price, which reads as recurring. */}
        {plan.product === 'mentorship' ? (
          <span className="text-slate-600" data-testid="plan-per">
            per batch
          </span>
        ) : null}
        {plan.strikePrice ? (
          <span className="text-slate-500 line-through">
            <span className="sr-only">was </span>
            {formatRupees(plan.strikePrice)}
          </span>
        ) : null}
      </p>
      {plan.product === 'mentorship' ? (
        <p className="mt-1 text-sm text-slate-600" data-testid="plan-terms">
          One payment for a seat in one batch
          {plan.sessionsIncluded ? ` (${plan.sessionsIncluded} live sessions over its month)` : ''}; nothing renews on its own.
        </p>
      ) : null}
      {plan.features?.length ? (
        <ul className="mt-6 space-y-2 text-sm">
          {plan.features.map((f) => (
            <li key={f.id ?? f.text} className={`flex gap-2 ${f.available ? '' : 'text-slate-500'}`}>
              <span aria-hidden="true">{f.available ? '✓' : '✕'}</span>
              <span>
                {f.value ? <strong>{f.value} </strong> : null}
                {f.text}
                {f.available ? null : <span className="sr-only"> (not included)</span>}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {action ? <div className="mt-auto pt-6">{action}</div> : null}
    </article>
  )
}
