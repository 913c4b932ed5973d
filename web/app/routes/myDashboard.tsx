import type { BookingView, WaitlistEntryView } from '@mentorloop/shared'
import { formatIst, MESSAGES } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { ConfirmAction } from '~/components/booking/ConfirmAction'
import { Deferred } from '~/components/Deferred'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { cancelBooking, getUserBookings, getUserWaitlist, leaveWaitlist } from '~/models/booking.server'
import { CmsError } from '~/models/cms.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'
import { streamOnNavigation } from '~/utils/stream.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // The spec also writes /mydashboard; routes match case-insensitively, so send any other
  // spelling to the one canonical address.
  if (url.pathname !== '/myDashboard') throw redirect(`/myDashboard${url.search}`, { status: 301 })
  const { user, token } = await requireUser(request)
  // On client navigation streamed: "Loading your bookings..." until the CMS answers.
  const { value: sessions } = await streamOnNavigation(
    request,
    Promise.all([getUserBookings(token, user.id), getUserWaitlist(token, user.id)]).then(([bookings, waitlist]) => ({
      bookings,
      waitlist,
    })),
  )
  return data({ email: user.email, name: user.name, sessions }, { headers: NO_STORE })
}

const actionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('cancel'), bookingId: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal('leave'), mentorId: z.coerce.number().int().positive() }),
])

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const parsed = actionSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return redirectWithToast('/myDashboard', { type: 'error', title: 'That request was not understood.' })
  try {
    if (parsed.data.intent === 'cancel') {
      await cancelBooking(token, parsed.data.bookingId)
      return redirectWithToast('/myDashboard', { type: 'success', title: 'Booking cancelled', description: 'Your seat has been released.' })
    }
    await leaveWaitlist(token, parsed.data.mentorId)
    return redirectWithToast('/myDashboard', { type: 'success', title: MESSAGES.REMOVED_FROM_WAITLIST })
  } catch (error) {
    const message = error instanceof CmsError && error.status < 500 ? error.message : undefined
    const title = parsed.data.intent === 'cancel' ? 'Failed to cancel booking' : MESSAGES.FAILED_REMOVE_WAITLIST
    return redirectWithToast('/myDashboard', { type: 'error', title, description: message })
  }
}

export const headers = () => NO_STORE

export default function Dashboard() {
  const { email, name, sessions } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Dashboard" subtitle="Track your upcoming classes and mentorship sessions.">
      <p className="mb-6 text-sm text-slate-600" data-testid="signed-in-as">
        Signed in as {name ? `${name} (${email})` : email}
      </p>
      <section aria-labelledby="upcoming-heading" className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
        <h2 id="upcoming-heading" className="text-xl font-semibold">
          Your Upcoming Sessions
        </h2>
        <Deferred
          fallback={
            <p className="mt-4 text-slate-600" role="status">
              Loading your bookings...
            </p>
          }
          resolve={sessions}
          errorElement={
            <div role="alert" className="mt-4 text-red-800">
              <p>{MESSAGES.FAILED_FETCH_BOOKING}</p>
              <Link to="/myDashboard" reloadDocument className="mt-2 inline-block font-semibold underline">
                Retry
              </Link>
            </div>
          }
        >
          {({ bookings, waitlist }) => <Upcoming bookings={bookings} waitlist={waitlist} />}
        </Deferred>
      </section>
    </PrivatePage>
  )
}

function Upcoming({ bookings, waitlist }: { bookings: BookingView[]; waitlist: WaitlistEntryView[] }) {
  const active = bookings.filter((b) => b.status === 'confirmed')
  const waiting = waitlist.filter((w) => w.status === 'waiting')
  if (active.length === 0 && waiting.length === 0) return <p className="mt-4 text-slate-700">{MESSAGES.NO_UPCOMING_SESSIONS}</p>
  return (
    <div className="mt-4 space-y-4">
      {active.length > 0 ? (
        <ul className="space-y-4" aria-label="Your bookings">
          {active.map((b) => (
            <li key={b.id} className="rounded-xl border border-slate-200 p-4" data-testid="booking-card">
              <div className="flex flex-wrap items-center gap-2">
                <h3 className="text-lg font-semibold">{b.mentor.name}</h3>
                {b.source === 'waitlist' ? (
                  <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
                    Seat assigned from the waitlist
                  </span>
                ) : null}
              </div>
              {b.mentor.profession || b.mentor.company ? (
                <p className="text-sm text-slate-600">{[b.mentor.profession, b.mentor.company].filter(Boolean).join(' · ')}</p>
              ) : null}
              <SessionTimes booking={b} />
              <div className="mt-3">
                <ConfirmAction
                  confirmKey={`cancel-${b.id}`}
                  trigger="Cancel booking"
                  title="Cancel this booking?"
                  description={`Your seat in ${b.mentor.name}'s batch goes to the next student on the waitlist. You cannot undo this.`}
                  confirmLabel="Yes, cancel booking"
                  fields={{ intent: 'cancel', bookingId: String(b.id) }}
                />
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {waiting.length > 0 ? (
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
              >
                <div>
                  <p className="font-semibold">{w.mentorName}</p>
                  <p className="text-sm text-slate-700">
                    {w.position ? `You are number ${w.position} in the queue.` : 'You are in the queue.'} We will e-mail you when a seat
                    opens.
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
      ) : null}
    </div>
  )
}

function SessionTimes({ booking }: { booking: BookingView }) {
  const sessions = booking.sessions ?? []
  if (sessions.length === 0) return <p className="mt-2 text-slate-700">The timings for the session will be informed by the mentor soon</p>
  const link = sessions.find((s) => s.meetingLink)?.meetingLink
  return (
    <div className="mt-2">
      <ul className="space-y-1 text-slate-800">
        {sessions.map((s) => (
          <li key={s.id}>
            <span className="font-medium">{s.title}</span>: <time dateTime={s.startsAt}>{formatIst(s.startsAt)}</time> ({s.durationMinutes}{' '}
            min)
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        {link ? (
          <a href={link} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
            Join the meeting
          </a>
        ) : null}
        <a href={`/myDashboard/calendar.ics?booking=${booking.id}`} className="font-semibold text-brand-700 underline" download>
          Add to calendar (.ics)
        </a>
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
