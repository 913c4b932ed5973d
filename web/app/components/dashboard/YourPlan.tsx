import { creditLastDay, formatDate, formatDateRange, type PlanCoverage, type PlanTimeline } from '@mentorloop/shared'
import { Form, Link } from '@remix-run/react'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import type { PendingBooking } from '~/components/booking/types'
import { primaryButton, secondaryButton } from '~/components/buttons'

export type PlanOption = { id: number; code: string; name: string; price: number }

/** "1–31 Dec 2026": a batch's days in India time. */
export const batchRange = (b: { startsOn: string; endsOn: string }) => formatDateRange(b.startsOn, b.endsOn)

/** One payment's cover in the student's words (docs/decisions/069-a-plan-pays-for-one-batch.md). */
export function coverageText(c: PlanCoverage): string {
  if (c.kind === 'credit')
    return c.complimentary
      ? `${c.plan.name} (complimentary): waiting for your next seat. The first seat you get (a booking, or a seat from a waitlist) uses it; it was not paid for, so if none has by ${creditLastDay(c.creditUntil)}, it lapses unused.`
      : `${c.plan.name}: waiting for your next seat. The first seat you get (a booking, or a seat from a waitlist) uses it; if none has by ${creditLastDay(c.creditUntil)}, we refund it automatically.`
  const sessions = c.sessions > 0 ? `, ${c.sessions} live sessions` : ''
  return `${c.plan.name}: your seat in ${c.mentor.name}'s ${c.batch.label} batch (${batchRange(c.batch)}${sessions})${c.batch.status === 'running' ? ', running now' : ''}.`
}

/**
 * What the student's plans pay for (a seat in a batch, or a credit for the next seat), and renewal:
 * paying for the next batch with the same mentor, open from 7 days before the running batch ends.
 */
export function YourPlan({
  plan,
  plans,
  heldWith = [],
  pending = null,
}: {
  plan: PlanTimeline
  plans: PlanOption[]
  heldWith?: number[]
  /** The booking started before paying and not finished: a credit's next step (docs/decisions/183). */
  pending?: PendingBooking | null
}) {
  const running = plan.coverage.find((c) => c.kind === 'seat' && c.batch.status === 'running')
  // A seat in the mentor's next batch already held for the student is renewed from its card above:
  // one place to pay for it, not two buttons that do the same.
  const heldNext = running?.kind === 'seat' && heldWith.includes(running.mentor.id)
  // A credit waits for a seat: the next step is to finish the booking started, or to find a mentor.
  const credit = plan.coverage.some((c) => c.kind === 'credit') && !plan.coverage.some((c) => c.kind === 'seat')
  return (
    <section
      aria-labelledby="plan-heading"
      className="mb-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="your-plan"
    >
      <h2 id="plan-heading" className="text-xl font-semibold">
        Your plan
      </h2>
      {plan.coverage.length > 0 ? (
        <ul className="mt-2 space-y-2 text-slate-800" aria-label="What your plans pay for">
          {plan.coverage.map((c) => (
            <li key={c.paymentId} data-testid={`coverage-${c.kind}`}>
              {coverageText(c)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-800">You have no plan now. A plan pays for one batch: a month of a mentor's weekend sessions.</p>
      )}
      <div className="mt-3">
        {heldNext && running?.kind === 'seat' ? (
          <p className="text-sm text-slate-600" data-testid="renew-from-held-seat">
            Your seat in {running.mentor.name}'s next batch is held for you above: pay for it there to keep it.
          </p>
        ) : plan.renewalOpen && running?.kind === 'seat' ? (
          <div className="flex flex-wrap gap-3">
            {plans.map((p) => (
              <div key={p.id} className="min-w-48">
                <BuyPlanButton
                  planCode={p.code}
                  planName={p.name}
                  label={p.code === running.plan.code ? `Renew ${p.name} for the next batch` : `Change to ${p.name} for the next batch`}
                />
              </div>
            ))}
          </div>
        ) : running?.kind === 'seat' && plan.renewalOpensAt ? (
          <p className="text-sm text-slate-600">
            You can renew for {running.mentor.name}'s next batch from {formatDate(plan.renewalOpensAt)} (or change plans then); your seat in
            it is held for you until {formatDate(running.batch.endsOn)}.
          </p>
        ) : credit ? (
          <CreditNextStep pending={pending} />
        ) : plan.coverage.length === 0 ? (
          <Link to="/#premium-plans" className="font-semibold text-brand-700 underline">
            See the plans
          </Link>
        ) : null}
      </div>
    </section>
  )
}

/** What to do with a credit: finish the booking started before paying (one click), or find a mentor. */
function CreditNextStep({ pending }: { pending: PendingBooking | null }) {
  return (
    <div className="flex flex-wrap items-center gap-3" data-testid="credit-next-step">
      {pending ? (
        <Form method="post" action="/book">
          <input type="hidden" name="name" value={pending.name} />
          <input type="hidden" name="contact" value={pending.contact} />
          <input type="hidden" name="mentorId" value={String(pending.mentorId)} />
          <button type="submit" className={primaryButton}>
            {pending.action === 'waitlist'
              ? `Finish your booking: join ${pending.mentorName}’s waitlist`
              : `Finish your booking with ${pending.mentorName}`}
          </button>
        </Form>
      ) : null}
      <Link to="/find-mentors" className={pending ? secondaryButton : primaryButton}>
        Find a mentor
      </Link>
    </div>
  )
}
