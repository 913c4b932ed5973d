import {
  countWords,
  formatDate,
  formatRupees,
  MESSAGES,
  paiseToRupees,
  REFUND_ARRIVES_WITHIN,
  REFUND_DECIDED_WITHIN,
  REFUND_FEEDBACK_MAX_WORDS,
  type RefundCase,
  refundFeedbackSchema,
  refundReasonLabel,
  refundReasonsFor,
} from '@mentorloop/shared'
import { useFetcher } from '@remix-run/react'
import { useEffect, useId, useState } from 'react'
import { primaryButton, secondaryButton } from '~/components/buttons'
import { ModalDialog } from '~/components/ModalDialog'

/** `amount` in paise: the whole payment is refunded. */
export type RefundablePayment = {
  id: number
  planName: string | null
  mentorName: string | null
  amount: number
  refundCase?: RefundCase | null
}
type Step = 'feedback' | 'select' | 'terms' | 'done' | null
/**
 * `approved`: the refund was approved at once (the Session-1 promise or an unused plan), no review;
 * `decideBy`: otherwise, when our team decides it at the latest (docs/decisions/215).
 */
export type RefundActionData = { ok: true; paymentId: number; approved: boolean; decideBy: string | null } | { ok: false; error: string }

/** What our team's review promises, said wherever a request waits for it. */
const REVIEW_PROMISE = `Our team decides within ${REFUND_DECIDED_WITHIN} and tells you by e-mail; a request not decided by then is approved automatically.`

/**
 * Which case applies to this payment's refund, said before the student confirms (docs/decisions/107):
 * inside the promise's window it is approved at once; otherwise our team reviews it.
 */
export function refundCaseText(c: RefundCase | null | undefined): { immediate: boolean; text: string } {
  if (!c) return { immediate: false, text: REVIEW_PROMISE }
  switch (c.kind) {
    case 'before-batch':
      return {
        immediate: true,
        text: `Your batch starts on ${formatDate(c.batchStartsOn)}: asked before it starts, this refund is approved at once, with no review, and your seat passes to the next student.`,
      }
    case 'promise':
      return {
        immediate: true,
        text: `Session 1 has ended and you are within the ${c.windowHours} hours of our promise (until ${formatDate(c.until, 'dateTime')}): this refund is approved at once, with no review.`,
      }
    case 'credit':
      return { immediate: true, text: 'This plan has not paid for a seat yet: it is refunded at once, with no review.' }
    case 'before-session-1':
      return {
        immediate: false,
        text: `Your batch has started and Session 1 has not ended yet${c.session1EndsAt ? ` (it ends ${formatDate(c.session1EndsAt, 'dateTime')})` : ''}, so our team reviews this request. ${REVIEW_PROMISE} Asked within ${c.windowHours} hours after Session 1 ends, a refund is approved at once.`,
      }
    case 'after-window':
      return {
        immediate: false,
        text: `The ${c.windowHours} hours after Session 1 for an immediate refund ended on ${formatDate(c.closedAt, 'dateTime')}, so our team reviews this request. ${REVIEW_PROMISE}`,
      }
  }
}

/** What the payment pays for, in a few words: a seat with a mentor, or a credit for the next seat. */
const mentorLabel = (p: RefundablePayment) =>
  p.refundCase?.kind === 'credit'
    ? 'A credit for your next seat'
    : p.mentorName
      ? `Your seat with ${p.mentorName}`
      : (p.planName ?? 'Your plan')
const refundAmount = (p: RefundablePayment) => formatRupees(paiseToRupees(p.amount))

/** What the refund does to the student's seat, in one sentence. */
function seatOutcome(p: RefundablePayment): string {
  if (p.refundCase?.kind === 'credit') return 'This plan has not paid for a seat, so no seat changes; the credit ends now.'
  return p.mentorName
    ? `Your seat with ${p.mentorName} goes to the next student in line when the refund is approved; your plan ends then.`
    : 'No seat is booked with this payment, so none is released; your plan ends when the refund is approved.'
}

/** When the money arrives, said the same in every dialog (docs/decisions/181). */
const ARRIVES = `The money reaches your account within ${REFUND_ARRIVES_WITHIN} of the approval, to your original payment method.`

/**
 * The spec's refund flow in four dialogs: feedback (reason + optional text for "Other"), which
 * payment, the terms with Confirm Refund, and the confirmation. Opening starts afresh.
 */
export function RefundFlow({ payments }: { payments: RefundablePayment[] }) {
  const [step, setStep] = useState<Step>(null)
  const [reason, setReason] = useState<string>('')
  const [feedback, setFeedback] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [chosen, setChosen] = useState<RefundablePayment | null>(null)
  const [approved, setApproved] = useState(false)
  const [decideBy, setDecideBy] = useState<string | null>(null)
  const fetcher = useFetcher<RefundActionData>()
  const ids = useId()

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data) return
    if (fetcher.data.ok) {
      setApproved(fetcher.data.approved)
      setDecideBy(fetcher.data.decideBy)
      setStep('done')
    } else setError(fetcher.data.error)
  }, [fetcher.state, fetcher.data])

  function open() {
    setReason('')
    setFeedback('')
    setError(null)
    setChosen(null)
    setStep('feedback')
  }
  const close = () => setStep(null)

  function continueFromFeedback() {
    const parsed = refundFeedbackSchema.safeParse({ reason: reason || undefined, feedback })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MESSAGES.SELECT_REASON)
      return
    }
    setError(null)
    setStep('select')
  }

  const words = countWords(feedback)
  // Reasons about a session are offered only once a session has happened (Session 1 has ended for one of the payments).
  const sessionHeld = payments.some((p) => p.refundCase?.kind === 'promise' || p.refundCase?.kind === 'after-window')
  const reasons = refundReasonsFor({ sessionHeld })
  const submitting = fetcher.state !== 'idle'

  return (
    <>
      {payments.length > 0 ? (
        <div className="mb-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={open}>
            Request Refund
          </button>
        </div>
      ) : null}

      <ModalDialog open={step === 'feedback'} onClose={close} title="We'd love your feedback" testId="refund-feedback">
        <form
          className="mt-4"
          noValidate
          onSubmit={(e) => {
            e.preventDefault()
            continueFromFeedback()
          }}
        >
          <fieldset>
            <legend className="text-slate-700">What made you ask for a refund?</legend>
            <div className="mt-3 space-y-2">
              {reasons.map((r, i) => (
                <label key={r} className="flex items-start gap-2 text-slate-800" htmlFor={`${ids}-r${i}`}>
                  <input
                    id={`${ids}-r${i}`}
                    type="radio"
                    name="reason"
                    value={r}
                    checked={reason === r}
                    onChange={() => {
                      setReason(r)
                      setError(null)
                    }}
                    className="mt-1"
                  />
                  <span>{refundReasonLabel(r)}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <label htmlFor={`${ids}-fb`} className="mt-4 block text-sm font-medium text-slate-700">
            Tell us more (optional, up to {REFUND_FEEDBACK_MAX_WORDS} words)
          </label>
          <textarea
            id={`${ids}-fb`}
            name="feedback"
            rows={3}
            value={feedback}
            onChange={(e) => setFeedback(e.target.value)}
            aria-describedby={`${ids}-count`}
            className="mt-1 w-full rounded-lg border border-slate-300 p-2 disabled:bg-slate-100"
          />
          <p id={`${ids}-count`} className="text-xs text-slate-600">
            {`${words} / ${REFUND_FEEDBACK_MAX_WORDS} words`}
          </p>
          {error ? (
            <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
              {error}
            </p>
          ) : null}
          <div className="mt-6 flex justify-end">
            <button type="submit" className={primaryButton}>
              Continue
            </button>
          </div>
        </form>
      </ModalDialog>

      <ModalDialog
        open={step === 'select'}
        onClose={close}
        title="Which payment should we refund?"
        description="Choose the mentorship payment you want refunded."
        testId="refund-select"
      >
        <ul className="mt-4 space-y-2">
          {payments.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="w-full rounded-lg border border-slate-300 p-3 text-left hover:border-brand-600 hover:bg-slate-50"
                onClick={() => {
                  setChosen(p)
                  setError(null)
                  setStep('terms')
                }}
              >
                <span className="block font-semibold">{mentorLabel(p)}</span>
                <span className="block text-sm text-slate-600">
                  {p.planName ?? 'Plan'} · {refundAmount(p)}
                </span>
                <span className="mt-1 block text-sm text-slate-700">
                  {refundCaseText(p.refundCase).immediate ? 'Refunded at once' : 'Reviewed by our team'}
                </span>
              </button>
            </li>
          ))}
        </ul>
        <div className="mt-6 flex justify-start">
          <button type="button" className={secondaryButton} onClick={() => setStep('feedback')}>
            Back
          </button>
        </div>
      </ModalDialog>

      <ModalDialog open={step === 'terms'} onClose={close} title="Refund Terms & Conditions" testId="refund-terms">
        <ul className="mt-4 list-disc space-y-2 pl-5 text-slate-700">
          <li>
            A full refund is available if you are not satisfied after Session 1
            {chosen?.refundCase && 'windowHours' in chosen.refundCase
              ? `: asked within ${chosen.refundCase.windowHours} hours after it ends, it is approved at once.`
              : '.'}
          </li>
          <li>Refunds apply only to plans with a successful payment.</li>
          <li>{ARRIVES}</li>
          <li>When the refund is approved, your plan ends and your seat in the batch goes to the next student.</li>
        </ul>
        {chosen ? (
          <div className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="refund-summary">
            <p>
              Refund for: <strong>{mentorLabel(chosen)}</strong> ({chosen.planName ?? 'plan'})
            </p>
            <p className="mt-1">
              Amount to be refunded: <strong data-testid="refund-amount">{refundAmount(chosen)}</strong> (the full payment)
            </p>
            <p className="mt-1">{seatOutcome(chosen)}</p>
            <p className="mt-2 font-semibold" data-testid="refund-case">
              {refundCaseText(chosen.refundCase).text}
            </p>
          </div>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 text-sm font-semibold text-red-700">
            {error}
          </p>
        ) : null}
        <fetcher.Form method="post" className="mt-6 flex flex-wrap justify-end gap-3">
          <input type="hidden" name="intent" value="refund" />
          <input type="hidden" name="paymentId" value={chosen?.id ?? ''} />
          <input type="hidden" name="reason" value={reason} />
          <input type="hidden" name="feedback" value={feedback} />
          {chosen?.refundCase ? (
            // A seat's refund: keep the seat held in the mentor's next batch? (DESIGN.md §11; it only
            // matters while the batch runs, and the CMS applies it only then.)
            <fieldset className="w-full rounded-lg border border-slate-200 p-3 text-sm text-slate-800" data-testid="keep-next-seat">
              <legend className="px-1 font-medium">
                Your held seat in {chosen.mentorName ?? 'the mentor'}’s next batch, if you have one
              </legend>
              <label className="mt-1 flex items-start gap-2">
                <input type="radio" name="keepNextSeat" value="yes" defaultChecked className="mt-1 h-4 w-4" />
                Keep it for me until this month ends
              </label>
              <label className="mt-1 flex items-start gap-2">
                <input type="radio" name="keepNextSeat" value="no" className="mt-1 h-4 w-4" />
                Let it go to the next student in line now
              </label>
            </fieldset>
          ) : null}
          <button type="button" className={secondaryButton} onClick={() => setStep('select')} disabled={submitting}>
            Back
          </button>
          <button type="submit" className={primaryButton} disabled={submitting || !chosen} aria-busy={submitting}>
            {submitting ? 'Submitting…' : 'Confirm Refund'}
          </button>
        </fetcher.Form>
      </ModalDialog>

      <ModalDialog
        open={step === 'done'}
        onClose={close}
        title={approved ? 'Refund approved' : 'Refund requested'}
        tone="success"
        description={
          approved ? (
            <>
              Your refund of <strong>{chosen ? refundAmount(chosen) : 'your payment'}</strong>
              {chosen ? (
                <>
                  {' '}
                  (
                  {mentorLabel(chosen)
                    .replace(/^Your/, 'your')
                    .replace(/^A credit/, 'a credit')}
                  )
                </>
              ) : null}{' '}
              is approved. The money reaches your account within {REFUND_ARRIVES_WITHIN}.
            </>
          ) : (
            <>
              We received your request to refund <strong>{chosen ? refundAmount(chosen) : 'your payment'}</strong> today. Our team decides
              by{' '}
              <strong data-testid="refund-decide-by">
                {decideBy ? formatDate(decideBy, 'dateTime') : `${REFUND_DECIDED_WITHIN} from now`}
              </strong>{' '}
              and tells you by e-mail; if it has not decided by then, your request is approved automatically. Once it is approved, the money
              reaches your account within {REFUND_ARRIVES_WITHIN}. Until then you can withdraw it on this page.
            </>
          )
        }
        testId="refund-done"
      >
        <div className="mt-6 flex justify-end">
          <button type="button" className={primaryButton} onClick={close}>
            Close
          </button>
        </div>
      </ModalDialog>
    </>
  )
}
