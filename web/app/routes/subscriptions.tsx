import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Subscriptions · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return data({}, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function Subscriptions() {
  return (
    <PrivatePage title="Subscriptions" subtitle="Choose a monthly mentorship plan.">
      <ComingSoon heading="Plans and checkout">
        <p>Coming soon: buying a plan and paying for it will happen here.</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
