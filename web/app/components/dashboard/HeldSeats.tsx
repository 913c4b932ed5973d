import { formatDate, formatRupees, type PlanTimeline, type SeatOfferView } from '@mentorloop/shared'
import { Form } from '@remix-run/react'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import { ConfirmAction } from '~/components/booking/ConfirmAction'
import { primaryButton } from '~/components/buttons'
import { Countdown } from '~/components/Countdown'
import { claimedSeatMessage } from '~/models/dashboard'
import { batchDates } from './batchDates'
import type { PlanOption } from './YourPlan'

/**
 * Seats held for the student (docs/decisions/045-batches-in-time.md): an offer from the waitlist
 * (claim it by choosing a plan) or their seat in their mentor's next batch (kept by renewing).
 */
export function HeldSeats({ offers, plan, plans }: { offers: SeatOfferView[]; plan: PlanTimeline; plans: PlanOption[] }) {
  if (offers.length === 0) return null
  return (
    <section aria-labelledby="offers-heading" className="mb-6 rounded-2xl bg-amber-50 p-6 ring-1 ring-amber-200">
      <h2 id="offers-heading" className="text-xl font-semibold text-amber-950">
        {offers.length === 1 ? 'A seat is held for you' : 'Seats held for you'}
      </h2>
      <ul className="mt-4 space-y-4">
        {offers.map((o) => {
          // A plan bought and not used yet (a credit) pays for the held seat (docs/decisions/069).
          const covered = plan.coverage.some((c) => c.kind === 'credit')
          return (
            <li key={o.id} className="rounded-xl border border-amber-200 bg-white p-4" data-testid="offer-card">
              <p className="font-semibold">
                A seat with {o.mentor.name} is yours until <Countdown until={o.expiresAt} />
              </p>
              <p className="mt-1 text-sm text-slate-700">{batchDates(o.batch)}</p>
              <p className="mt-2 text-sm text-slate-700">
                {o.kind === 'continuing'
                  ? `You are in ${o.mentor.name}'s batch now: renew your plan to keep your seat in the next one.`
                  : 'You were next on the waitlist. After that time the seat goes to the next student, and you keep your place in the queue.'}
              </p>
              <div className="mt-3 flex flex-wrap items-center gap-3">
                {covered ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="claim" />
                    <input type="hidden" name="offerId" value={o.id} />
                    <button type="submit" className={primaryButton}>
                      Claim seat
                    </button>
                  </Form>
                ) : o.kind === 'continuing' && plan.renewalOpensAt && !plan.renewalOpen ? (
                  <p className="text-sm text-slate-700">Renewal opens on {formatDate(plan.renewalOpensAt)}.</p>
                ) : (
                  plans.map((p) => (
                    <div key={p.id} className="min-w-48">
                      <BuyPlanButton
                        planCode={p.code}
                        planName={p.name}
                        offerId={o.id}
                        successMessage={claimedSeatMessage(o)}
                        label={
                          o.kind === 'continuing' ? `Renew ${p.name} and keep the seat` : `Claim with ${p.name} · ${formatRupees(p.price)}`
                        }
                      />
                    </div>
                  ))
                )}
                <ConfirmAction
                  confirmKey={`decline-${o.id}`}
                  trigger="Decline"
                  title="Decline this seat?"
                  description={`The seat with ${o.mentor.name} goes to the next student in line.${o.kind === 'waitlist' ? ' You keep your place in the queue.' : ''}`}
                  confirmLabel="Yes, decline the seat"
                  fields={{ intent: 'decline', offerId: String(o.id) }}
                />
              </div>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
