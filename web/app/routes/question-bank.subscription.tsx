import { formatDate, isCompletePaymentResponse, MESSAGES, QB_BANNER_MS } from '@mentorloop/shared'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PlanCard } from '~/components/PlanCard'
import { PrivatePage } from '~/components/PrivatePage'
import { Confetti } from '~/components/questionBank/Confetti'
import { CurrentPlan, VisitorIntro } from '~/components/questionBank/CurrentPlan'
import { type Banner, StatusBanner } from '~/components/questionBank/StatusBanner'
import { type ActionResult, bannerFrom } from '~/components/questionBank/subscription'
import { NO_STORE } from '~/utils/auth.server'
import { type CheckoutSuccess, openCheckout } from '~/utils/checkout.client'
import { useCheckoutScript, waitForCheckout } from '~/utils/useCheckoutScript'
import { loadSubscription, subscriptionAction } from './question-bank.subscription.server'

/**
 * The question-bank subscription screen (docs/spec.md §2, §4, §8): current plan and expiry, the
 * Free and Plus cards from the CMS, and the Plus purchase through the checkout widget. The
 * browser only talks to this route; the route calls the CMS with the student's token.
 * Visitors see the plans too (what Free and Plus offer, the price); sign-in comes when they
 * subscribe or practise.
 */
export const meta: MetaFunction = () => [{ title: 'Question bank subscription · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return loadSubscription(request)
}

export const headers = () => NO_STORE

export async function action({ request }: ActionFunctionArgs) {
  return subscriptionAction(request)
}

const buttonClass = 'block w-full rounded-lg px-4 py-2.5 text-center font-semibold disabled:cursor-not-allowed disabled:opacity-60'

export default function QuestionBankSubscription() {
  const { signedIn, status, statusFailed, plans } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ActionResult | undefined
  const navigation = useNavigation()
  const order = useFetcher<ActionResult>()
  const verify = useFetcher<ActionResult>()
  const free = useFetcher<ActionResult>()
  const [banner, setBanner] = useState<Banner | null>(() =>
    statusFailed ? { kind: 'error', text: MESSAGES.QB_STATUS_FAILED } : bannerFrom(actionData),
  )
  const [checkoutOpen, setCheckoutOpen] = useState(false)
  const [celebration, setCelebration] = useState(0)
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  const handled = useRef(new WeakSet<object>())

  useCheckoutScript()

  // docs/spec.md §9: every banner clears itself after 5 seconds.
  useEffect(() => {
    if (!banner) return
    const timer = setTimeout(() => setBanner(null), QB_BANNER_MS)
    return () => clearTimeout(timer)
  }, [banner])

  // A status that failed on a later revalidation is said again.
  useEffect(() => {
    if (statusFailed) setBanner({ kind: 'error', text: MESSAGES.QB_STATUS_FAILED })
  }, [statusFailed])

  const onPaid = useCallback(
    (result: Partial<CheckoutSuccess>) => {
      if (!isCompletePaymentResponse(result)) {
        setBanner({ kind: 'error', text: MESSAGES.QB_INVALID_PAYMENT_RESPONSE })
        return
      }
      setBanner({ kind: 'info', text: MESSAGES.QB_VERIFYING })
      verify.submit(
        {
          intent: 'verify',
          razorpay_payment_id: result.razorpay_payment_id,
          razorpay_order_id: result.razorpay_order_id,
          razorpay_signature: result.razorpay_signature,
        },
        { method: 'post' },
      )
    },
    [verify.submit],
  )

  // An order came back: open the checkout widget on it.
  useEffect(() => {
    const result = order.data
    if (order.state !== 'idle' || !result || handled.current.has(result)) return
    handled.current.add(result)
    if (result.error || !('order' in result)) {
      setBanner({ kind: 'error', text: result.error ?? MESSAGES.QB_INITIATE_FAILED })
      return
    }
    const o = result.order
    setCheckoutOpen(true)
    setBanner({ kind: 'info', text: MESSAGES.QB_PROCESSING })
    void (async () => {
      if (!(await waitForCheckout())) {
        setCheckoutOpen(false)
        setBanner({ kind: 'error', text: MESSAGES.CHECKOUT_NOT_LOADED })
        return
      }
      const outcome = await openCheckout(
        o,
        { description: `Question bank ${o.planName}`, prefill: { name: o.customerName, email: o.customerEmail } },
        {
          onFailed: (error) => {
            setBanner({
              kind: 'error',
              text: error.description ? `Payment failed: ${error.description}` : 'Payment failed. Please try again.',
            })
          },
        },
      )
      setCheckoutOpen(false)
      if (outcome.status === 'paid') onPaid(outcome.response)
      else if (outcome.status === 'unavailable') setBanner({ kind: 'error', text: MESSAGES.CHECKOUT_NOT_LOADED })
      else {
        setBanner({ kind: 'info', text: 'Payment cancelled. You have not been charged.' })
        // Closed unpaid: the order leaves the admin's Payments list now, not in an hour (resources.payments).
        void fetch('/resources/payments', {
          method: 'POST',
          body: new URLSearchParams({ intent: 'checkout-closed', orderId: o.orderId }),
          headers: { Accept: 'application/json' },
        }).catch(() => {})
      }
    })()
  }, [order.state, order.data, onPaid])

  useEffect(() => {
    const result = verify.data
    if (verify.state !== 'idle' || !result || handled.current.has(result)) return
    handled.current.add(result)
    if (result.error) {
      setBanner({ kind: 'error', text: result.error })
      return
    }
    setBanner({ kind: 'success', text: MESSAGES.QB_SUCCESS })
    setCelebration((n) => n + 1)
  }, [verify.state, verify.data])

  useEffect(() => {
    const result = free.data
    if (free.state !== 'idle' || !result || handled.current.has(result)) return
    handled.current.add(result)
    setBanner(bannerFrom(result))
  }, [free.state, free.data])

  const busy = navigation.state !== 'idle' || order.state !== 'idle' || verify.state !== 'idle' || free.state !== 'idle' || checkoutOpen
  const ownsPlus = status.isActive && status.planCode === 'PLAN1'

  return (
    <PrivatePage title="Question bank subscription" subtitle="Previous-year placement questions, with Free and Plus plans.">
      <Confetti run={celebration} />
      {/* Reserved space (no layout shift), kept in view while the student is down at the plans. */}
      <div className="pointer-events-none sticky top-[5rem] z-30 min-h-[3.5rem]">
        <StatusBanner banner={banner} onClose={() => setBanner(null)} />
      </div>

      {signedIn ? <CurrentPlan status={status} busy={busy} /> : <VisitorIntro />}

      <section aria-labelledby="qb-plans" className="mt-10">
        <h2 id="qb-plans" className="text-2xl font-bold">
          Choose your plan
        </h2>
        {plans === null ? (
          <p className="mt-4 text-red-700" role="alert">
            The plans could not be loaded. Please refresh the page in a moment.
          </p>
        ) : plans.length === 0 ? (
          <p className="mt-4 text-slate-600">No plans are on offer right now.</p>
        ) : (
          <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2" data-testid="qb-plan-grid">
            {plans.map((plan) => (
              <PlanCard
                key={plan.id}
                plan={plan}
                action={
                  !signedIn ? (
                    <Link
                      to={`/login?${new URLSearchParams({ redirectTo: plan.price > 0 ? '/question-bank/subscription' : '/question-bank/practice' })}`}
                      className={`${buttonClass} ${plan.price > 0 ? 'bg-brand-700 text-white hover:bg-brand-900' : 'border border-brand-700 bg-white text-brand-700 hover:bg-brand-50'}`}
                    >
                      {plan.price > 0 ? `Sign in to subscribe to ${plan.name}` : 'Sign in to practise with Free'}
                    </Link>
                  ) : plan.price > 0 ? (
                    <order.Form method="post">
                      <input type="hidden" name="intent" value="subscribe" />
                      <input type="hidden" name="planType" value={plan.code} />
                      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
                      <button
                        type="submit"
                        disabled={busy || ownsPlus}
                        className={`${buttonClass} bg-brand-700 text-white hover:bg-brand-900`}
                      >
                        {ownsPlus && plan.code === status.planCode ? 'Subscribed' : 'Subscribe Now'}
                      </button>
                    </order.Form>
                  ) : status.isActive && status.expiryDate ? (
                    // A paid plan runs to its end and Free follows by itself: said, not a button that only says it.
                    <p className="text-sm text-slate-700" data-testid="free-after">
                      You return to Free after {formatDate(status.expiryDate)}, when your {status.currentPlan} plan ends. Nothing to do.
                    </p>
                  ) : (
                    <free.Form method="post">
                      <input type="hidden" name="intent" value="free" />
                      <button
                        type="submit"
                        disabled={busy}
                        className={`${buttonClass} border border-brand-700 bg-white text-brand-700 hover:bg-brand-50`}
                      >
                        Continue with Free
                      </button>
                    </free.Form>
                  )
                }
              />
            ))}
          </div>
        )}
      </section>
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
