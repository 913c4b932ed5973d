import { MESSAGES } from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Mentors · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return data({}, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function Mentors() {
  return (
    <PrivatePage title="Mentors">
      <ComingSoon heading="All mentors">
        <p>Coming soon: every mentor with their waitlist status, and the way to join a waitlist.</p>
        <p className="mt-2 text-sm text-slate-600">Until then: {MESSAGES.NO_MENTORS}</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
