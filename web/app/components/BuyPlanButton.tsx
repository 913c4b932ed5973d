import { Form, useLocation, useNavigation, useRevalidator } from '@remix-run/react'
import { type FormEvent, useEffect, useState } from 'react'
import type { PendingBooking } from '~/components/booking/types'
import { whenIdle } from '~/utils/idle'
import { primaryButton, secondaryButton } from './buttons'
import { LazyModalDialog, preloadModalDialog } from './LazyModalDialog'
import type { Notice, Step } from './purchase.client'

const loadFlow = () => import('./purchase.client')

/**
 * The buy button on a mentorship plan card (landing plans section and /subscriptions). It runs
 * the purchase flow: create the order on the server (sign-in and owned-plan checks happen there,
 * the amount comes from the plan), open the checkout widget, verify the result on the server.
 * Without JavaScript it is a link to /subscriptions (checkout itself needs JavaScript).
 * When the student was sent here by "Payment Required", the success dialog finishes the booking
 * they started (mentor, name and phone kept) in one step.
 */
export function BuyPlanButton({
  planCode,
  planName,
  offerId,
  discountCode,
  label,
  successMessage,
}: {
  planCode: string
  planName: string
  /** A seat held for the student that this purchase claims (the dashboard's Claim and Renew). */
  offerId?: number
  /** A discount code the student applied on the page: the CMS prices the order with it (decision 195). */
  discountCode?: string
  /** The button's words when it is not "Choose {plan}" (Renew, Claim). */
  label?: string
  /** What the success dialog says when it is more than "your plan is active" (a claimed seat). */
  successMessage?: string
}) {
  const [step, setStep] = useState<Step>(null)
  const [notice, setNotice] = useState<Notice>(null)
  const revalidator = useRevalidator()
  const location = useLocation()

  // The flow and the checkout script arrive while the page is idle, so a click does not wait.
  useEffect(() => whenIdle(() => void loadFlow().then((flow) => flow.prepareCheckout())), [])

  async function buy(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (step) return
    const form = event.currentTarget
    preloadModalDialog()
    setStep('order')
    try {
      const flow = await loadFlow().catch(() => null)
      // Without the flow (its chunk did not load) the form goes where it goes without JavaScript.
      if (!flow) return form.submit()
      setNotice(await flow.purchase({ planCode, offerId, discountCode, successMessage }, setStep))
    } finally {
      setStep(null)
    }
  }

  function closeNotice() {
    const wasSuccess = notice?.kind === 'success'
    setNotice(null)
    if (wasSuccess) revalidator.revalidate()
  }

  const buttonText =
    step === 'order'
      ? 'Preparing checkout…'
      : step === 'checkout'
        ? 'Waiting for payment…'
        : step === 'verify'
          ? 'Verifying payment…'
          : (label ?? `Choose ${planName}`)
  const loginHref = `/login?${new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` })}`

  return (
    <>
      <form method="get" action="/subscriptions" onSubmit={buy}>
        <input type="hidden" name="plan" value={planCode} />
        <button
          type="submit"
          disabled={step !== null}
          aria-busy={step !== null}
          data-buy-plan={planCode}
          className="block w-full rounded-lg bg-brand-700 px-4 py-2.5 text-center font-semibold text-white hover:bg-brand-900 disabled:cursor-wait disabled:opacity-70"
        >
          {buttonText}
        </button>
      </form>
      <LazyModalDialog
        open={notice !== null}
        onClose={closeNotice}
        title={notice?.title}
        description={notice?.message}
        tone={notice?.kind === 'success' ? 'success' : notice?.kind === 'owned' ? 'error' : 'neutral'}
        testId="payment-notice"
      >
        {notice?.booking ? (
          <FinishBooking booking={notice.booking} onLater={closeNotice} />
        ) : (
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {notice?.kind === 'login' ? (
              <a href={loginHref} className={primaryButton}>
                Sign in
              </a>
            ) : null}
            {notice?.kind === 'success' ? (
              <a href="/paymentHistory" className={secondaryButton}>
                See payment history
              </a>
            ) : null}
            <button type="button" className={notice?.kind === 'login' ? secondaryButton : primaryButton} onClick={closeNotice}>
              {notice?.kind === 'success' ? 'Done' : 'Close'}
            </button>
          </div>
        )}
      </LazyModalDialog>
    </>
  )
}

/**
 * The booking the student started before paying, as one form: its values are the ones they typed
 * (kept by the server), so one click books the seat (or joins the full mentor's waitlist) and
 * /book takes them to the dashboard, as the booking form does.
 */
function FinishBooking({ booking, onLater }: { booking: PendingBooking; onLater: () => void }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formAction === '/book'
  const waitlist = booking.action === 'waitlist'
  return (
    <Form method="post" action="/book" className="mt-5 border-t border-slate-200 pt-5" data-testid="finish-booking">
      <input type="hidden" name="name" value={booking.name} />
      <input type="hidden" name="contact" value={booking.contact} />
      <input type="hidden" name="mentorId" value={String(booking.mentorId)} />
      <h3 className="font-semibold text-slate-900">Finish the booking you started</h3>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-600">Mentor</dt>
        <dd className="font-medium text-slate-900">
          {booking.mentorName}
          {waitlist ? ' (full: you join the waitlist)' : ''}
        </dd>
        <dt className="text-slate-600">Name</dt>
        <dd className="font-medium text-slate-900">{booking.name}</dd>
        <dt className="text-slate-600">Contact</dt>
        <dd className="font-medium text-slate-900">{booking.contact}</dd>
      </dl>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button type="button" className={secondaryButton} onClick={onLater}>
          Not now
        </button>
        <button type="submit" className={primaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Booking…' : waitlist ? `Join ${booking.mentorName}’s waitlist` : `Book Session with ${booking.mentorName}`}
        </button>
      </div>
    </Form>
  )
}
