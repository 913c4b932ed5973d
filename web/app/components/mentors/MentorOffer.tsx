import { type BatchSchedule, formatIst, formatRupees } from '@mentorloop/shared'
import type { PlanView } from '~/models/content'

/**
 * What booking a mentor buys, where a visitor decides (issue 32, "mentor pages sell"): the price
 * from the mentorship plans (a mentor has no price of their own: every plan is offered with every
 * mentor), and when the open batch meets. A card shows the lowest price and one schedule line; a
 * profile lists each plan with what it includes.
 */
export function lowestPrice(plans: Pick<PlanView, 'price'>[]): string | null {
  if (plans.length === 0) return null
  return `From ${formatRupees(Math.min(...plans.map((p) => p.price)))} per batch`
}

const WEEKDAY_PLURALS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays']

/**
 * The schedule in one line, the same on cards and profiles: "4 live sessions on Saturdays, first
 * Sat 5 Dec, 10:00 am IST", or, before the mentor lays them out, when the times will be known.
 */
export function scheduleLine(schedule: BatchSchedule | null, formatFirst: (iso: string) => string): string {
  if (!schedule || schedule.sessions === 0) return 'Weekend session times are posted before the batch starts'
  const days = schedule.weekdays.map((d) => WEEKDAY_PLURALS[d - 1]).filter(Boolean)
  const on = days.length === 0 ? '' : ` on ${days.length === 1 ? days[0] : `${days.slice(0, -1).join(', ')} and ${days[days.length - 1]}`}`
  return `${schedule.sessions} live ${schedule.sessions === 1 ? 'session' : 'sessions'}${on}, first ${formatFirst(schedule.firstAt)}`
}

export const scheduleText = (schedule: BatchSchedule | null) => scheduleLine(schedule, (iso) => formatIst(iso))

/** The card's two lines: the price, and when the batch meets (only with a batch to book or wait for). */
export function CardOffer({ plans, schedule, hasBatch }: { plans: PlanView[]; schedule: BatchSchedule | null; hasBatch: boolean }) {
  const price = lowestPrice(plans)
  return (
    <>
      {price ? (
        <p className="mt-3 text-sm font-semibold text-slate-900" data-testid="card-price">
          {price}
        </p>
      ) : null}
      {hasBatch ? (
        <p className="mt-1 text-sm text-slate-700" data-testid="card-schedule">
          {scheduleText(schedule)}
        </p>
      ) : null}
    </>
  )
}

/** The profile's plans: name, price per batch, sessions and what is included. */
export function ProfilePlans({ plans }: { plans: PlanView[] }) {
  if (plans.length === 0) return null
  return (
    <ul className="mt-4 grid gap-4 sm:grid-cols-2" data-testid="profile-plans">
      {plans.map((plan) => (
        <li key={plan.id} className="rounded-xl border border-slate-200 p-4">
          <h3 className="font-semibold text-slate-900">{plan.name}</h3>
          <p className="mt-1">
            <strong className="text-lg">{formatRupees(plan.price)}</strong> <span className="text-slate-600">per batch</span>
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {`One payment for a seat in one batch${plan.sessionsIncluded ? ` (${plan.sessionsIncluded} live sessions over its month)` : ''}; nothing renews on its own.`}
          </p>
          {plan.features.some((f) => f.available) ? (
            <ul className="mt-2 space-y-1 text-sm text-slate-800">
              {plan.features
                .filter((f) => f.available)
                .map((f) => (
                  <li key={f.id ?? f.text} className="flex gap-2">
                    <span aria-hidden="true">✓</span>
                    <span>
                      {f.value ? <strong>{f.value} </strong> : null}
                      {f.text}
                    </span>
                  </li>
                ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ul>
  )
}
