import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Question bank subscription · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request)
  return data({}, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function QuestionBankSubscription() {
  return (
    <PrivatePage title="Question Bank Subscription" subtitle="Free and Plus plans for exam preparation.">
      <ComingSoon heading="Your question-bank plan">
        <p>Coming soon: your current plan, its expiry and the Plus upgrade will be shown here.</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
