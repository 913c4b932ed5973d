import { formatDate } from '@mentorloop/shared'
import { data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { BuyPlanButton } from '~/components/BuyPlanButton'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PlanCard } from '~/components/PlanCard'
import { PrivatePage } from '~/components/PrivatePage'
import type { PlanView } from '~/models/content'
import { getPlans } from '~/models/content.server'
import { getActivePlans } from '~/models/payments.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Subscriptions · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  const [plans, active] = await Promise.all([
    getPlans('mentorship').catch(() => null),
    getActivePlans(token).then(
      (items) => ({ items, failed: false }),
      () => ({ items: [], failed: true }),
    ),
  ])
  // The student's running plans, as the CMS's one definition of an active plan says.
  const activeUntil: Record<string, string> = {}
  for (const p of active.items) activeUntil[p.planCode] ??= p.endsAt
  return data({ plans, activeUntil, historyFailed: active.failed }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

function PlanState({ plan, endsAt }: { plan: PlanView; endsAt: string | undefined }) {
  if (endsAt) {
    return (
      <p className="rounded-lg bg-green-50 px-4 py-2.5 text-center font-semibold text-green-800" data-testid={`active-${plan.code}`}>
        Active until {formatDate(endsAt)}
      </p>
    )
  }
  return <BuyPlanButton planCode={plan.code} planName={plan.name} />
}

export default function Subscriptions() {
  const { plans, activeUntil, historyFailed } = useLoaderData<typeof loader>()
  return (
    <PrivatePage title="Subscriptions" subtitle="Choose a monthly mentorship plan. Prices in INR, billed once per period.">
      {historyFailed ? (
        <p role="status" className="mb-6 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
          We could not load your current plans right now, so owned plans are not marked. Buying a plan you already have is still refused.
        </p>
      ) : null}
      {plans === null ? (
        <div role="alert" className="rounded-lg bg-red-50 p-4 text-red-800">
          <p>The plans could not be loaded right now.</p>
          <a href="/subscriptions" className="mt-2 inline-block font-semibold underline">
            Retry
          </a>
        </div>
      ) : plans.length === 0 ? (
        <p className="text-slate-600">No plans are on sale right now. Please check back soon.</p>
      ) : (
        <div className="grid gap-6 md:grid-cols-2">
          {plans.map((plan) => (
            <PlanCard key={plan.id} plan={plan} action={<PlanState plan={plan} endsAt={activeUntil[plan.code]} />} />
          ))}
        </div>
      )}
      <p className="mt-10 text-slate-700">
        Preparing for placement exams?{' '}
        <Link to="/question-bank/subscription" className="font-semibold text-brand-700 underline hover:text-brand-900">
          See the question-bank plans
        </Link>
        . Your past payments are in{' '}
        <Link to="/paymentHistory" className="font-semibold text-brand-700 underline hover:text-brand-900">
          payment history
        </Link>
        .
      </p>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
