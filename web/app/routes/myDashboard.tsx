import { MESSAGES } from '@mentorloop/shared'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { Deferred } from '~/components/Deferred'
import { HeldSeats } from '~/components/dashboard/HeldSeats'
import { MyAttendance } from '~/components/dashboard/MyAttendance'
import { Notices } from '~/components/dashboard/Notices'
import { PreferencesSection } from '~/components/dashboard/PreferencesSection'
import { RateMentor } from '~/components/dashboard/RateMentor'
import { UpcomingSeats } from '~/components/dashboard/UpcomingSeats'
import { YourPlan } from '~/components/dashboard/YourPlan'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { NO_STORE } from '~/utils/auth.server'
import { dashboardAction, loadDashboard } from './myDashboard.server'

/**
 * The student's dashboard. The parts, by task (components/dashboard): seats (HeldSeats,
 * UpcomingSeats with KeepNextSeat), the plan and its payments (YourPlan), ratings and attendance
 * (RateMentor, MyAttendance), notices (Notices) and preferences (PreferencesSection). The loader
 * and the intents live in myDashboard.server.ts.
 */
export const meta: MetaFunction = () => [{ title: 'Dashboard · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return loadDashboard(request)
}

export async function action({ request }: ActionFunctionArgs) {
  return dashboardAction(request)
}

export const headers = () => NO_STORE

export default function Dashboard() {
  const { email, name, sessions, preferences, attendance, ratingCards, pending } = useLoaderData<typeof loader>()
  const made = useActionData<typeof action>()
  const feedUrl = made && 'feedUrl' in made ? made.feedUrl : null
  return (
    <PrivatePage title="Dashboard" subtitle="Track your upcoming classes and mentorship sessions.">
      <p className="mb-6 text-sm text-slate-600" data-testid="signed-in-as">
        Signed in as {name ? `${name} (${email})` : email}
      </p>
      <Deferred fallback={null} resolve={sessions} errorElement={null}>
        {({ offers, plan, plans, notices }) => (
          <>
            <Notices notices={notices} />
            <HeldSeats offers={offers} plan={plan} plans={plans} />
            <YourPlan plan={plan} plans={plans} heldWith={offers.map((o) => o.mentor.id)} pending={pending} />
          </>
        )}
      </Deferred>
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
          {({ bookings, waitlist, offers }) => <UpcomingSeats bookings={bookings} waitlist={waitlist} offers={offers} />}
        </Deferred>
      </section>
      <RateMentor cards={ratingCards} />
      <MyAttendance marks={attendance} />
      <PreferencesSection preferences={preferences} feedUrl={feedUrl} />
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
