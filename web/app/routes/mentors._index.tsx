import { batchStatusLine, formatDate, MESSAGES, mentorProfilePath } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { Deferred } from '~/components/Deferred'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { getMentorsWithSeats, getUserWaitlist, joinWaitlist, type MentorListItem } from '~/models/booking.server'
import { CmsError, isCmsUnavailable } from '~/models/cms.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'
import { streamOnNavigation } from '~/utils/stream.server'
import { redirectWithToast } from '~/utils/toast.server'

export const meta: MetaFunction = () => [{ title: 'Mentors · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request)
  const { value: list } = await streamOnNavigation(
    request,
    Promise.all([getMentorsWithSeats(token), getUserWaitlist(token, user.id).catch(() => [])]).then(([mentors, waitlist]) => ({
      mentors,
      // The spec's "Add Mentor" labels belong to the mentor/admin screen; a student sees the
      // public words (docs/decisions/092-waitlist-free-on-every-screen.md).
      staff: user.roles.includes('admin') || user.roles.includes('mentor'),
      // Only this mentor's own entry (and every entry for admins) opens the bookings page.
      canSeeBookingsOf: (user.roles.includes('admin') ? 'all' : user.roles.includes('mentor') ? user.mentorId : null) as
        | 'all'
        | number
        | null,
      waiting: waitlist.filter((w) => w.status === 'waiting').map((w) => w.mentorId),
    })),
  )
  return data({ list }, { headers: NO_STORE })
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const parsed = z.object({ mentorId: z.coerce.number().int().positive() }).safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return redirectWithToast('/mentors', { type: 'error', title: MESSAGES.FAILED_ADD_WAITLIST })
  try {
    const res = await joinWaitlist(token, parsed.data.mentorId)
    if (res.assigned)
      return redirectWithToast('/mentors', {
        type: 'success',
        title: MESSAGES.BOOKING_CREATED,
        description: 'A seat was free, so it is yours.',
      })
    return redirectWithToast('/mentors', { type: 'success', title: MESSAGES.ADDED_TO_WAITLIST, description: MESSAGES.WAITLIST_TOKEN })
  } catch (error) {
    const description = error instanceof CmsError && (error.status < 500 || isCmsUnavailable(error)) ? error.message : undefined
    return redirectWithToast('/mentors', { type: 'error', title: MESSAGES.FAILED_ADD_WAITLIST, description })
  }
}

export const headers = () => NO_STORE

export default function Mentors() {
  const { list } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Mentors">
      <Deferred
        fallback={
          <p role="status" className="text-slate-600">
            Loading mentors...
          </p>
        }
        resolve={list}
        errorElement={
          <div role="alert" className="text-red-800">
            <p>We could not load the mentors.</p>
            <Link to="/mentors" reloadDocument className="mt-2 inline-block font-semibold underline">
              Retry
            </Link>
          </div>
        }
      >
        {({ mentors, waiting, canSeeBookingsOf, staff }) => (
          <MentorList mentors={mentors} waiting={waiting} canSeeBookingsOf={canSeeBookingsOf} staff={staff} />
        )}
      </Deferred>
    </PrivatePage>
  )
}

function MentorList({
  mentors,
  waiting,
  canSeeBookingsOf,
  staff,
}: {
  mentors: MentorListItem[]
  waiting: number[]
  canSeeBookingsOf: 'all' | number | null
  /** A mentor or an admin: the spec's screen with its labels. */
  staff: boolean
}) {
  const navigation = useNavigation()
  if (mentors.length === 0) return <p className="text-slate-700">{MESSAGES.NO_MENTORS}</p>
  return (
    <ul className="space-y-3">
      {mentors.map((m) => {
        const onWaitlist = waiting.includes(m.id)
        const joining = navigation.state === 'submitting' && navigation.formData?.get('mentorId') === String(m.id)
        return (
          <li key={m.id} className="flex min-w-0 flex-wrap items-center gap-3">
            <Link
              to={canSeeBookingsOf === 'all' || canSeeBookingsOf === m.id ? `/mentors/${m.id}` : mentorProfilePath(m)}
              data-testid="mentor-button"
              className={
                staff
                  ? `max-w-full break-words rounded-lg px-4 py-2 font-semibold text-white ${m.action === 'waitlist' ? 'bg-brand-700 hover:bg-brand-900' : 'bg-green-700 hover:bg-green-800'}`
                  : 'max-w-full break-words font-semibold text-brand-700 underline hover:text-brand-900'
              }
            >
              {m.name}
              {staff ? (m.action === 'waitlist' ? ' - Join Waitlist' : ' - Add Mentor') : null}
            </Link>
            {m.seats ? (
              <span className="text-sm text-slate-700" data-testid="batch-status">
                {batchStatusLine(m.seats, (iso) => formatDate(iso))}
              </span>
            ) : null}
            {m.action === 'waitlist' && onWaitlist ? (
              <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800">✓ On Waitlist</span>
            ) : null}
            {m.action === 'waitlist' && !onWaitlist ? (
              <Form method="post" preventScrollReset>
                <input type="hidden" name="mentorId" value={m.id} />
                <button
                  type="submit"
                  disabled={joining}
                  className="max-w-full rounded-lg border border-brand-700 px-4 py-2 font-semibold text-brand-700 hover:bg-brand-50 disabled:opacity-60"
                >
                  {joining ? 'Joining…' : 'Join Waitlist (free)'}
                  <span className="sr-only"> for {m.name}</span>
                </button>
              </Form>
            ) : null}
            {m.action === 'book' && !staff ? (
              <Link
                to={`/?mentor=${m.id}#booking`}
                className="max-w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-900"
              >
                Book Session<span className="sr-only"> with {m.name}</span>
              </Link>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
