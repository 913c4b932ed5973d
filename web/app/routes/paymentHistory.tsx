import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { ComingSoon, PrivatePage } from '~/components/PrivatePage'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Payment history · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request)
  return data({ email: user.email }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function PaymentHistory() {
  const { email } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Payment History" subtitle="Track your mentorship payments and subscription details.">
      <p className="mb-6 text-sm text-slate-600" data-testid="signed-in-as">
        Payments of {email}
      </p>
      <ComingSoon heading="Your payments">
        <p>Coming soon: your payments, their status and refund requests will be listed here.</p>
      </ComingSoon>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
