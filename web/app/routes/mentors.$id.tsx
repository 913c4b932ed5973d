import type { BatchView, BookingView } from '@mentorloop/shared'
import { formatDate, formatIst, MESSAGES } from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { z } from 'zod'
import { Deferred } from '~/components/Deferred'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { getMentorBookings } from '~/models/booking.server'
import { NO_STORE, requireMentorOrAdmin, requireUser } from '~/utils/auth.server'
import { streamOnNavigation } from '~/utils/stream.server'

export const meta: MetaFunction = () => [{ title: 'A mentor’s students · MentorLoop' }]

const paramsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) })

export async function loader({ request, params }: LoaderFunctionArgs) {
  const parsed = paramsSchema.safeParse(params)
  if (!parsed.success) {
    // Sign-in first, so a stranger learns nothing from the difference between 404 and 403.
    await requireUser(request)
    throw data('There is no mentor with that id.', { status: 404, headers: NO_STORE })
  }
  const { token, user } = await requireMentorOrAdmin(request, parsed.data.id)
  // The mentor's own page is their home now (batches, students, sessions, scheduling): one place.
  if (!user.roles.includes('admin')) throw redirect('/mentor-home', { headers: NO_STORE })
  // ?batch= picks one of the mentor's batches; anything else shows the current one.
  const batchId =
    z.coerce.number().int().positive().max(2_147_483_647).safeParse(new URL(request.url).searchParams.get('batch')).data ?? null
  const { value: bookings } = await streamOnNavigation(request, getMentorBookings(token, parsed.data.id, batchId))
  return data({ mentorId: parsed.data.id, bookings }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function MentorBookings() {
  const { bookings } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="A mentor’s students" subtitle="The students seated in one of the mentor’s batches, with their contact details.">
      <Deferred
        fallback={
          <p role="status" className="text-slate-600">
            Loading...
          </p>
        }
        resolve={bookings}
        errorElement={
          <div role="alert" className="text-red-800">
            <p>{MESSAGES.FAILED_FETCH_MENTOR_BOOKINGS}</p>
            <Link to="." reloadDocument className="mt-2 inline-block font-semibold underline">
              Retry
            </Link>
          </div>
        }
      >
        {({ bookings: list, batch, batches, seats, waiting }) => (
          <>
            <BatchSwitcher batches={batches} current={batch} />
            <dl className="mb-6 flex flex-wrap gap-x-8 gap-y-2 text-slate-800" data-testid="batch-figures">
              {seats ? (
                <div>
                  <dt className="text-sm text-slate-600">Seats taken</dt>
                  <dd className="text-lg font-semibold">
                    {seats.booked} of {seats.capacity}
                  </dd>
                </div>
              ) : null}
              <div>
                <dt className="text-sm text-slate-600">On the waitlist</dt>
                <dd className="text-lg font-semibold">{waiting}</dd>
              </div>
            </dl>
            {list.length === 0 ? (
              <p className="text-slate-700">{MESSAGES.NO_BOOKED_SESSIONS}</p>
            ) : (
              <ul className="space-y-4">
                {list.map((b) => (
                  <BookingCard key={b.id} booking={b} />
                ))}
              </ul>
            )}
          </>
        )}
      </Deferred>
    </PrivatePage>
  )
}

const STATUS_LABEL: Record<BatchView['status'], string> = {
  open: 'Taking bookings',
  running: 'Running',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

/** The mentor's batches, newest first: a link each (works without JavaScript), the shown one marked. */
function BatchSwitcher({ batches, current }: { batches: BatchView[]; current: BatchView | null }) {
  if (batches.length === 0) return <p className="mb-4 text-slate-700">No batch is scheduled yet.</p>
  return (
    <div className="mb-6">
      {current ? (
        <p className="mb-3 text-slate-800" data-testid="current-batch">
          <span className="font-semibold">{current.label}</span> · {formatDate(current.startsOn)} to {formatDate(current.endsOn)} ·{' '}
          {STATUS_LABEL[current.status]}
        </p>
      ) : null}
      <nav aria-label="Batches">
        <ul className="flex flex-wrap gap-2">
          {batches.map((b) => (
            <li key={b.id}>
              <Link
                to={`?batch=${b.id}`}
                aria-current={current?.id === b.id ? 'page' : undefined}
                className={`inline-block rounded-full border px-3 py-1 text-sm font-semibold ${
                  current?.id === b.id ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 text-slate-800 hover:bg-slate-100'
                }`}
              >
                {b.label}
                <span className="sr-only"> ({STATUS_LABEL[b.status]})</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  )
}

/** The booked slot in India time, like every time on the site. */
function LocalTime({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatIst(iso)}</time>
}

function BookingCard({ booking }: { booking: BookingView }) {
  const status = booking.status ? booking.status[0]!.toUpperCase() + booking.status.slice(1) : 'Confirmed'
  return (
    <li className="break-words rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="mentor-booking-card">
      <p>
        <span className="font-semibold">Booked by:</span> {booking.user?.name || 'Unknown'}
      </p>
      {booking.user?.email ? (
        <p>
          <span className="font-semibold">Email:</span>{' '}
          <a href={`mailto:${booking.user.email}`} className="text-brand-700 underline">
            {booking.user.email}
          </a>
        </p>
      ) : null}
      {booking.user?.phone ? (
        <p>
          <span className="font-semibold">Contact number:</span>{' '}
          <a href={`tel:+91${booking.user.phone}`} className="text-brand-700 underline">
            {booking.user.phone}
          </a>
        </p>
      ) : null}
      {booking.timeSlot ? (
        <p>
          <span className="font-semibold">Time:</span> <LocalTime iso={booking.timeSlot} />
        </p>
      ) : null}
      <p>
        <span className="font-semibold">Status:</span> {status}
      </p>
    </li>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
