import { MESSAGES } from '@mentorloop/shared'
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Dashboard · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url)
  // The spec also writes /mydashboard; routes match case-insensitively, so send any other
  // spelling to the one canonical address.
  if (url.pathname !== '/myDashboard') throw redirect(`/myDashboard${url.search}`, { status: 301 })
  const user = await requireUser(request)
  return data({ email: user.email, name: user.name }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function Dashboard() {
  const { email, name } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Dashboard" subtitle="Track your upcoming classes and mentorship sessions.">
      <p className="mb-6 text-sm text-slate-600" data-testid="signed-in-as">
        Signed in as {name ? `${name} (${email})` : email}
      </p>
      <ComingSoon heading="Your Upcoming Sessions">
        <p>{MESSAGES.NO_UPCOMING_SESSIONS}</p>
        <p className="mt-2 text-sm text-slate-600">Coming soon: your bookings and session times will appear here.</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
