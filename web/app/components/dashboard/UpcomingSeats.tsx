import type { BookingView, SeatOfferView, WaitlistEntryView } from '@mentorloop/shared'
import { formatDate, REFUND_ARRIVES_WITHIN } from '@mentorloop/shared'
import { ConfirmAction } from '~/components/booking/ConfirmAction'
import { cancelSeatText } from '~/models/dashboard'
import { batchDates } from './batchDates'
import { SessionTimes } from './SessionTimes'
import { NoSeatYet, WaitlistCards } from './Waitlist'

/**
 * The student's seats (confirmed bookings, with their sessions and "Cancel your seat") and their
 * places in mentors' waitlists ("Leave"). Intents `cancel` and `leave`.
 */
export function UpcomingSeats({
  bookings,
  waitlist,
  offers,
}: {
  bookings: BookingView[]
  waitlist: WaitlistEntryView[]
  offers: SeatOfferView[]
}) {
  const active = bookings.filter((b) => b.status === 'confirmed')
  // A seat held for the student from a queue is that queue's news: the held-seat card says it
  // once, instead of "a seat is held for you" above and "you are number 1 in the queue" here.
  const held = new Set(offers.filter((o) => o.kind === 'waitlist').map((o) => o.mentor.id))
  const waiting = waitlist.filter((w) => w.status === 'waiting' && !held.has(w.mentorId))
  if (active.length === 0 && waiting.length === 0) return <NoSeatYet />
  return (
    <div className="mt-4 space-y-4">
      {active.length > 0 ? (
        <ul className="space-y-4" aria-label="Your bookings">
          {active.map((b) => (
            <li key={b.id} className="rounded-xl border border-slate-200 p-4" data-testid="booking-card">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{b.mentor.name}</h3>
                {SOURCE_BADGE[b.source] ? (
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                    {SOURCE_BADGE[b.source]}
                  </span>
                ) : null}
              </div>
              {b.batch ? (
                <p className="text-sm text-slate-700" data-testid="booking-batch">
                  {batchDates(b.batch)} · {b.batch.status === 'running' ? 'running now' : `starts ${formatDate(b.batch.startsOn)}`}
                </p>
              ) : null}
              {b.mentor.profession || b.mentor.company ? (
                <p className="text-sm text-slate-600">{[b.mentor.profession, b.mentor.company].filter(Boolean).join(' · ')}</p>
              ) : null}
              {b.refunding ? (
                // Approved, and the worker is sending it to the gateway: the seat is going, not kept.
                <p className="mt-3 rounded-lg bg-slate-50 p-3 text-sm font-medium text-slate-800" data-testid="booking-refunding">
                  Refund approved: this seat passes to the next student as the refund goes through. The money reaches you within{' '}
                  {REFUND_ARRIVES_WITHIN}.
                </p>
              ) : (
                <>
                  <SessionTimes booking={b} />
                  <div className="mt-3">
                    <ConfirmAction
                      confirmKey={`cancel-${b.id}`}
                      trigger="Cancel your seat"
                      title="Cancel your seat?"
                      description={cancelSeatText(b)}
                      confirmLabel="Yes, cancel my seat"
                      fields={{ intent: 'cancel', bookingId: String(b.id) }}
                    >
                      {b.batch?.status === 'running' ? <KeepNextSeat mentorName={b.mentor.name} /> : null}
                    </ConfirmAction>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      ) : null}
      <WaitlistCards waiting={waiting} />
    </div>
  )
}

const SOURCE_BADGE: Partial<Record<BookingView['source'], string>> = {
  waitlist: 'Seat assigned from the waitlist',
  continuing: 'Continuing with your mentor',
  offer: 'Seat claimed',
}

/**
 * The cancel dialog's question for a seat in a running batch (DESIGN.md §11): keep the seat held
 * for you in the mentor's next batch until the month ends, or let it go to the next in line now.
 */
export function KeepNextSeat({ mentorName }: { mentorName: string }) {
  return (
    <fieldset className="rounded-lg border border-slate-200 bg-white p-3 text-left text-sm text-slate-800" data-testid="keep-next-seat">
      <legend className="px-1 font-medium">Your seat in {mentorName}’s next batch</legend>
      <label className="mt-1 flex items-start gap-2">
        <input type="radio" name="keepNextSeat" value="yes" defaultChecked className="mt-1 h-4 w-4" />
        Keep it for me until this month ends
      </label>
      <label className="mt-1 flex items-start gap-2">
        <input type="radio" name="keepNextSeat" value="no" className="mt-1 h-4 w-4" />
        Let it go to the next student in line now
      </label>
    </fieldset>
  )
}
