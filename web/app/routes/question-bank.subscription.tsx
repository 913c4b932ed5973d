import {
  formatDate,
  isCompletePaymentResponse,
  MESSAGES,
  QB_BANNER_MS,
  type QbCreateOrderResponse,
  type QbSubscriptionStatus,
  qbCreateOrderSchema,
} from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useActionData, useFetcher, useLoaderData, useNavigation } from '@remix-run/react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PlanCard } from '~/components/PlanCard'
import { PrivatePage } from '~/components/PrivatePage'
import { Confetti } from '~/components/questionBank/Confetti'
import { Spinner } from '~/components/questionBank/Spinner'
import { type Banner, StatusBanner } from '~/components/questionBank/StatusBanner'
import { CmsError, cmsUnavailable } from '~/models/cms.server'
import { getPlans } from '~/models/content.server'
import { createQuestionBankOrder, getSubscriptionStatus, verifyQuestionBankPayment } from '~/models/questionBank.server'
import { getOptionalSession, NO_STORE, requireUser } from '~/utils/auth.server'
import { type CheckoutSuccess, openCheckout } from '~/utils/checkout.client'
import { logger } from '~/utils/logger.server'
import { useCheckoutScript, waitForCheckout } from '~/utils/useCheckoutScript'

/**
 * The question-bank subscription screen (docs/spec.md §2, §4, §8): current plan and expiry, the
 * Free and Plus cards from the CMS, and the Plus purchase through the checkout widget. The
 * browser only talks to this route; the route calls the CMS with the student's token.
 * Visitors see the plans too (what Free and Plus offer, the price); sign-in comes when they
 * subscribe or practise.
 */
export const meta: MetaFunction = () => [{ title: 'Question bank subscription · MentorLoop' }]

const FREE_STATUS: QbSubscriptionStatus = { currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null }

export async function loader({ request }: LoaderFunctionArgs) {
  const session = await getOptionalSession(request).catch(() => {
    // Signed in, but the CMS cannot say as whom: an outage, not a visitor.
    throw cmsUnavailable()
  })
  if (!session) {
    const plans = await getPlans('question-bank').catch(() => null)
    return data({ signedIn: false as const, status: FREE_STATUS, statusFailed: false, plans }, { headers: NO_STORE })
  }
  const { token } = session
  const [status, plans] = await Promise.all([
    getSubscriptionStatus(token).catch((error: unknown) => {
      // docs/spec.md: the server's error is only logged; the student reads the spec's sentence.
      logger.warn({ msg: 'Question-bank plan status failed', err: error })
      return null
    }),
    getPlans('question-bank').catch(() => null),
  ])
  return data({ signedIn: true as const, status: status ?? FREE_STATUS, statusFailed: status === null, plans }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

type ActionResult =
  | { intent: 'subscribe'; order: QbCreateOrderResponse; error?: undefined }
  | { intent: 'verify'; ok: true; message: string; error?: undefined }
  | { intent: 'free'; info: string; error?: undefined }
  | { intent: string; error: string }

/** One status for a student on Free (not a red "No active subscription!" beside "Free"). */
const FREE_PLAN_STATUS = 'Free plan: a sample of previous-year questions, no expiry.'

const NEEDS_JAVASCRIPT = 'The payment window needs JavaScript. Please enable it and try again.'

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')

  if (intent === 'subscribe') {
    // The checkout widget is JavaScript; without it an order would only sit unpaid.
    if (form.get('js') !== '1') return data<ActionResult>({ intent, error: NEEDS_JAVASCRIPT }, { status: 400 })
    const parsed = qbCreateOrderSchema.safeParse({ planType: form.get('planType') })
    if (!parsed.success)
      return data<ActionResult>({ intent, error: parsed.error.issues[0]?.message ?? MESSAGES.QB_INITIATE_FAILED }, { status: 400 })
    try {
      const order = await createQuestionBankOrder(token, parsed.data.planType)
      return data<ActionResult>({ intent, order })
    } catch (error) {
      // "Already purchased" is worth saying as the CMS says it; anything else is the spec's text.
      const message = error instanceof CmsError && error.status === 409 ? error.message : MESSAGES.QB_INITIATE_FAILED
      return data<ActionResult>(
        { intent, error: message },
        { status: error instanceof CmsError && error.status < 500 ? error.status : 502 },
      )
    }
  }

  if (intent === 'verify') {
    const fields = {
      razorpay_payment_id: form.get('razorpay_payment_id'),
      razorpay_order_id: form.get('razorpay_order_id'),
      razorpay_signature: form.get('razorpay_signature'),
    }
    // docs/spec.md §5: a missing field means no verification call at all.
    if (!isCompletePaymentResponse(fields))
      return data<ActionResult>({ intent, error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE }, { status: 400 })
    try {
      await verifyQuestionBankPayment(token, fields)
      return data<ActionResult>({ intent, ok: true, message: MESSAGES.QB_SUCCESS })
    } catch {
      return data<ActionResult>({ intent, error: MESSAGES.QB_VERIFICATION_FAILED }, { status: 400 })
    }
  }

  if (intent === 'free') {
    // Free costs nothing, so no order: a paid plan simply runs to its end and Free follows;
    // a student on Free goes straight to practice.
    const status = await getSubscriptionStatus(token).catch(() => null)
    if (!status) return data<ActionResult>({ intent, error: MESSAGES.QB_STATUS_FAILED }, { status: 502 })
    if (!(status.isActive && status.expiryDate)) throw redirect('/question-bank/practice')
    const info = `Your ${status.currentPlan} plan is paid until ${formatDate(status.expiryDate)}; after that you return to Free automatically.`
    return data<ActionResult>({ intent, info })
  }

  return data<ActionResult>({ intent, error: 'Unknown action.' }, { status: 400 })
}

function bannerFrom(result: ActionResult | undefined): Banner | null {
  if (!result) return null
  if (result.error) return { kind: 'error', text: result.error }
  if ('info' in result) return { kind: 'info', text: result.info }
  if ('ok' in result) return { kind: 'success', text: result.message }
  return null
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
      else setBanner({ kind: 'info', text: 'Payment cancelled. You have not been charged.' })
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

      {signedIn ? null : (
        <section aria-labelledby="qb-visitor" className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6" data-testid="qb-visitor">
          <h2 id="qb-visitor" className="text-lg font-semibold">
            Practise previous-year placement questions
          </h2>
          <p className="mt-1 text-slate-700">
            Start with Free, or take Plus for the full bank with topic-wise questions and video and toppers’ solutions. Sign in with your
            Google account when you subscribe or start practising.
          </p>
        </section>
      )}
      {signedIn ? (
        <section
          aria-labelledby="current-plan"
          className="mt-4 rounded-2xl border border-slate-200 bg-slate-50 p-6"
          data-testid="qb-status"
        >
          <div className="flex items-start justify-between gap-4">
            <div>
              <h2 id="current-plan" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
                Current plan
              </h2>
              <p className="mt-1 text-2xl font-bold" data-testid="qb-current-plan">
                {status.currentPlan || 'Free'}
              </p>
              {status.isActive && status.expiryDate ? (
                <p className="mt-1 text-slate-700" data-testid="qb-expiry">
                  Expires on: {formatDate(status.expiryDate)}
                </p>
              ) : (
                <p className="mt-1 text-slate-700" data-testid="qb-expiry">
                  {FREE_PLAN_STATUS}
                </p>
              )}
            </div>
            {busy ? <Spinner label="Working on it…" /> : null}
          </div>
          <p className="mt-4">
            <Link to="/question-bank/practice" className="font-semibold text-brand-700 underline hover:text-brand-900">
              Practise questions
            </Link>
          </p>
        </section>
      ) : null}

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
