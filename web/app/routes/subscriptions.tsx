import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { DiscountCodeForm } from '~/components/DiscountCodeForm'
import { DiscountedBuy } from '~/components/DiscountedBuy'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PlanAction } from '~/components/PlanAction'
import { PlanCard } from '~/components/PlanCard'
import { PrivatePage } from '~/components/PrivatePage'
import { getPlans } from '~/models/content.server'
import { getPlanStates, type PlanStates } from '~/models/payments.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'
import { applyDiscountCode } from './subscriptions.server'

export const meta: MetaFunction = () => [{ title: 'Subscriptions · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  const [plans, active] = await Promise.all([
    getPlans('mentorship').catch(() => null),
    getPlanStates(token).then(
      (states) => ({ states, failed: false }),
      () => ({ states: { owned: {}, refused: {} } as Pick<PlanStates, 'owned' | 'refused'>, failed: true }),
    ),
  ])
  // The student's running plans and the plans they may not buy now, as the CMS's one rule says.
  const { owned, refused } = active.states
  return data({ plans, owned, refused, historyFailed: active.failed }, { headers: NO_STORE })
}

/** "Apply" and "Remove" of the discount code form: a Remix action, so it works without JavaScript. */
export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const result = await applyDiscountCode(token, await request.formData())
  return data(result.body, { status: result.status, headers: NO_STORE })
}

export const headers = () => NO_STORE

export default function Subscriptions() {
  const { plans, owned, refused, historyFailed } = useLoaderData<typeof loader>()
  const applied = useActionData<typeof action>()
  const quote = applied && 'quote' in applied ? applied.quote : null
  return (
    <PrivatePage
      title="Subscriptions"
      subtitle="A mentorship plan pays for your seat in one monthly batch with a mentor; joining a waitlist is free. Prices in INR."
    >
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
        <>
          <DiscountCodeForm quote={quote} error={applied && 'error' in applied ? applied.error : null} typed={applied?.typed ?? ''} />
          <div className="grid gap-6 md:grid-cols-2">
            {plans.map((plan) => {
              const price = quote?.plans.find((p) => p.planCode === plan.code)
              return (
                <PlanCard
                  key={plan.id}
                  plan={plan}
                  action={
                    <PlanAction
                      plan={plan}
                      owned={owned[plan.code]}
                      refused={refused[plan.code]}
                      buy={quote && price ? <DiscountedBuy plan={plan} discount={{ code: quote.code, ...price }} /> : undefined}
                    />
                  }
                />
              )
            })}
          </div>
        </>
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
