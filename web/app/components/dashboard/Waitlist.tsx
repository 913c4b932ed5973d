import { MESSAGES, queueTurnText, type WaitlistEntryView } from '@mentorloop/shared'
import { Link } from '@remix-run/react'
import { ConfirmAction } from '~/components/booking/ConfirmAction'
import { secondaryButton } from '~/components/buttons'

/** No seat and no queue: say so, and the next step (issue 32: empty states say the next step). */
export function NoSeatYet() {
  return (
    <div className="mt-4 rounded-xl border border-dashed border-slate-300 p-4" data-testid="no-seat-yet">
      <p className="text-slate-700">{MESSAGES.NO_UPCOMING_SESSIONS}</p>
      <p className="mt-1 text-sm text-slate-700">Book a seat in a mentor’s next batch, or join the waitlist of a full one (free).</p>
      <Link to="/find-mentors" className={`${secondaryButton} mt-3 inline-flex`}>
        Find a mentor
      </Link>
    </div>
  )
}

/**
 * The student's queues: each card names the place and when a seat can be offered (the batch, or
 * from the one after it and why), in the seating's own words (cms/services/batches/passedOver.ts).
 */
export function WaitlistCards({ waiting }: { waiting: WaitlistEntryView[] }) {
  if (waiting.length === 0) return null
  return (
    <section aria-labelledby="waitlist-heading">
      <h3 id="waitlist-heading" className="text-lg font-semibold">
        Waitlist
      </h3>
      <ul className="mt-2 space-y-3">
        {waiting.map((w) => (
          <li
            key={w.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-slate-200 p-4"
            data-testid="waitlist-card"
            data-turn={w.turn?.when}
          >
            <div className="min-w-0 flex-1 basis-64">
              <p className="font-semibold">{w.mentorName}</p>
              <p className="text-sm text-slate-700">
                {w.turn
                  ? queueTurnText(w.turn, w.position)
                  : `${w.position ? `You are number ${w.position} in the queue.` : 'You are in the queue.'} We will e-mail you when a seat opens.`}
              </p>
            </div>
            <ConfirmAction
              confirmKey={`leave-${w.mentorId}`}
              trigger="Leave"
              title="Leave this waitlist?"
              description={`You lose your place in ${w.mentorName}'s queue.`}
              confirmLabel="Yes, leave waitlist"
              fields={{ intent: 'leave', mentorId: String(w.mentorId) }}
            />
          </li>
        ))}
      </ul>
    </section>
  )
}
