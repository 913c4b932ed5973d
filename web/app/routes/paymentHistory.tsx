import {
  creditLastDay,
  discountLine,
  formatDate,
  formatDateRange,
  formatRupees,
  idSchema,
  MESSAGES,
  type PaymentHistoryItem,
  paiseToRupees,
  QUESTION_BANK_PLAN_CODES,
  REFUND_ARRIVES_WITHIN,
  refundDecideBy,
  refundFeedbackSchema,
  refundRequestSchema,
} from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useFetcher, useLoaderData, useNavigation, useRevalidator } from '@remix-run/react'
import { z } from 'zod'
import { primaryButton, secondaryButton } from '~/components/buttons'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { PrivatePage } from '~/components/PrivatePage'
import { type RefundActionData, RefundFlow } from '~/components/payments/RefundFlow'
import { CmsError, isCmsUnavailable } from '~/models/cms.server'
import { paymentDates, refundablePayments } from '~/models/paymentHistory'
import { getPaymentHistory, requestRefund, withdrawRefund } from '~/models/payments.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

export const meta: MetaFunction = () => [{ title: 'Payments · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { token } = await requireUser(request)
  try {
    return data({ payments: await getPaymentHistory(token), error: null }, { headers: NO_STORE })
  } catch {
    // The spec fails silently into an empty list; we say so and offer a retry.
    return data({ payments: [] as PaymentHistoryItem[], error: 'We could not load your payment history.' }, { headers: NO_STORE })
  }
}

const refundSchema = refundRequestSchema.and(refundFeedbackSchema)

const withdrawSchema = z.object({ intent: z.literal('withdraw'), refundId: idSchema })

/** What the withdraw button hears back. */
export type WithdrawActionData = { ok: true; withdrawn: true } | { ok: false; error: string }

const cmsFailure = (error: unknown, fallback: string) =>
  error instanceof CmsError && (error.status < 500 || isCmsUnavailable(error)) ? error.message : fallback

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  const form = Object.fromEntries(await request.formData())
  if (form.intent === 'withdraw') {
    const asked = withdrawSchema.safeParse(form)
    if (!asked.success) return data<WithdrawActionData>({ ok: false, error: 'Invalid request.' }, { status: 400, headers: NO_STORE })
    try {
      await withdrawRefund(token, asked.data.refundId)
      return data<WithdrawActionData>({ ok: true, withdrawn: true }, { headers: NO_STORE })
    } catch (error) {
      return data<WithdrawActionData>(
        { ok: false, error: cmsFailure(error, 'The refund request could not be withdrawn. Please try again.') },
        { status: error instanceof CmsError ? error.status : 500, headers: NO_STORE },
      )
    }
  }
  const parsed = refundSchema.safeParse({ ...form, reason: form.reason || undefined })
  if (!parsed.success) {
    return data<RefundActionData>(
      { ok: false, error: parsed.error.issues[0]?.message ?? 'Invalid request.' },
      { status: 400, headers: NO_STORE },
    )
  }
  try {
    const created = await requestRefund(token, parsed.data)
    return data<RefundActionData>(
      { ok: true, paymentId: parsed.data.paymentId, approved: created.status === 'approved', decideBy: created.decideBy ?? null },
      { headers: NO_STORE },
    )
  } catch (error) {
    const message = cmsFailure(error, 'The refund request could not be sent. Please try again.')
    return data<RefundActionData>(
      { ok: false, error: message },
      { status: error instanceof CmsError ? error.status : 500, headers: NO_STORE },
    )
  }
}

export const headers = () => NO_STORE

type RefundView = NonNullable<PaymentHistoryItem['refund']>

/** Approved and taken by the gateway read the same to the student: the money is on its way. */
const REFUND_LABEL: Record<RefundView['status'], string> = {
  requested: 'Refund requested',
  approved: 'Refund pending',
  pending: 'Refund pending',
  refunded: 'Refunded',
  failed: 'Refund delayed: our team is looking into it',
  rejected: 'Refund not approved',
}

/** The refund's state in words; a refunded one's date is in the card's dates, not said again here. */
function refundText(refund: RefundView): string | null {
  if (refund.status === 'refunded') return null
  if (refund.status === 'requested') return `${REFUND_LABEL.requested} on ${formatDate(refund.requestedAt)}`
  if (refund.status === 'rejected' && refund.adminNote) return `${REFUND_LABEL.rejected}: ${refund.adminNote}`
  if (refund.status === 'approved' || refund.status === 'pending')
    return `${REFUND_LABEL[refund.status]}: the money reaches you within ${REFUND_ARRIVES_WITHIN}.`
  return REFUND_LABEL[refund.status]
}

/**
 * A request our team has not decided: its date, what happens next, and the way to take it back
 * (docs/decisions/181). Withdrawn, the payment is as it was: its seat or credit stays, and a refund
 * can be asked again.
 */
function RequestedRefund({ refund, line }: { refund: RefundView; line: string }) {
  const fetcher = useFetcher<WithdrawActionData>()
  const busy = fetcher.state !== 'idle'
  const failed = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null
  return (
    <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="refund-status" data-refund-status={refund.status}>
      <p className="font-semibold">{line}</p>
      <p className="mt-1" data-testid="refund-next-step">
        Next: our team decides by <strong>{formatDate(refundDecideBy(refund.requestedAt), 'dateTime')}</strong> and tells you by e-mail; a
        request not decided by then is approved automatically. Once it is approved, the money reaches you within {REFUND_ARRIVES_WITHIN}.
        Until then you can withdraw it; your plan stays as it is.
      </p>
      <fetcher.Form method="post" className="mt-2">
        <input type="hidden" name="intent" value="withdraw" />
        <input type="hidden" name="refundId" value={refund.id} />
        <button type="submit" className={secondaryButton} disabled={busy} aria-busy={busy}>
          {busy ? 'Withdrawing…' : 'Withdraw the request'}
        </button>
      </fetcher.Form>
      {failed ? (
        <p role="alert" className="mt-2 font-semibold text-red-700">
          {failed}
        </p>
      ) : null}
    </div>
  )
}

function StatusBadge({ payment }: { payment: PaymentHistoryItem }) {
  const [label, cls] =
    payment.status === 'completed' && payment.complimentary
      ? ['Complimentary', 'bg-brand-100 text-brand-900']
      : payment.status === 'completed'
        ? ['Success', 'bg-green-100 text-green-800']
        : payment.status === 'refunded'
          ? ['Refunded', 'bg-slate-200 text-slate-800']
          : ['Failed', 'bg-red-100 text-red-800']
  return <span className={`rounded-full px-3 py-1 text-xs font-semibold ${cls}`}>{label}</span>
}

/** The purchase as the student knows it: a question-bank plan says so ("Question bank Plus", not just "Plus"). */
const purchaseName = (p: PaymentHistoryItem) =>
  p.planCode && (QUESTION_BANK_PLAN_CODES as readonly string[]).includes(p.planCode) && p.planName && !/question bank/i.test(p.planName)
    ? `Question bank ${p.planName}`
    : (p.planName ?? 'Plan')

function PaymentCard({ p }: { p: PaymentHistoryItem }) {
  const dates = paymentDates(p)
  const refundLine = p.refund ? refundText(p.refund) : null
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm" data-testid="payment-card" data-status={p.status}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{purchaseName(p)}</h2>
          <p className="text-2xl font-bold" data-testid="payment-amount">
            {formatRupees(paiseToRupees(p.amount))}
          </p>
          {p.discount ? (
            <p className="text-sm text-slate-600" data-testid="payment-discount">
              {discountLine(p.discount)} (price {formatRupees(paiseToRupees(p.amount + p.discount.amount))})
            </p>
          ) : null}
          {p.mentorName ? <p className="text-slate-600">Mentor: {p.mentorName}</p> : null}
        </div>
        <StatusBadge payment={p} />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
        {dates.map(([verb, date]) => (
          <div key={verb}>
            <dt className="text-slate-500">{verb}</dt>
            <dd className="font-medium" data-testid="payment-date">
              {date}
            </dd>
          </div>
        ))}
        {p.covers ? (
          <div>
            <dt className="text-slate-500">{p.status === 'refunded' ? 'It paid for' : 'It pays for'}</dt>
            <dd className="font-medium" data-testid="payment-covers">
              {p.covers.kind === 'seat'
                ? `Your seat in ${p.covers.mentor}'s ${p.covers.batch.label} batch (${formatDateRange(p.covers.batch.startsOn, p.covers.batch.endsOn)}${p.covers.sessions > 0 ? `, ${p.covers.sessions} live sessions` : ''})`
                : p.complimentary
                  ? `Your next seat (a complimentary credit; it lapses unused if no seat uses it by ${creditLastDay(p.covers.until)})`
                  : `Your next seat (a credit; refunded automatically if no seat uses it by ${creditLastDay(p.covers.until)})`}
            </dd>
          </div>
        ) : p.status === 'completed' && p.subscriptionEnds ? (
          <div>
            <dt className="text-slate-500">Plan runs</dt>
            <dd className="font-medium">{formatDateRange(p.subscriptionStarts, p.subscriptionEnds)}</dd>
          </div>
        ) : null}
        {p.complimentary ? null : (
          <div className="min-w-0">
            <dt className="text-slate-500">Payment reference</dt>
            <dd className="break-all font-mono text-xs" data-testid="payment-reference">
              {p.reference}
            </dd>
          </div>
        )}
      </dl>
      {(p.status === 'completed' || p.status === 'refunded') && !p.complimentary ? (
        <p className="mt-3">
          <a
            href={`/paymentHistory/${p.id}/receipt`}
            download
            className="font-semibold text-brand-700 underline hover:text-brand-900"
            data-testid="receipt-link"
          >
            Receipt<span className="sr-only"> for {p.planName ?? 'this payment'} (PDF)</span>
          </a>
        </p>
      ) : null}
      {p.refund?.status === 'requested' && refundLine ? (
        <RequestedRefund refund={p.refund} line={refundLine} />
      ) : p.refund && refundLine ? (
        <p className="mt-3 text-sm text-slate-700" data-testid="refund-status" data-refund-status={p.refund.status}>
          {refundLine}
        </p>
      ) : null}
    </li>
  )
}

export default function PaymentHistory() {
  const { payments, error } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const loading = revalidator.state === 'loading' || (navigation.state === 'loading' && navigation.location.pathname === '/paymentHistory')
  const refundable = refundablePayments(payments)

  return (
    <PrivatePage title="Payments" subtitle="Every payment, what it covers, its receipt, and refunds.">
      <div aria-live="polite">{loading ? <p className="mb-4 text-slate-600">Loading payment history...</p> : null}</div>
      {error ? (
        <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-5">
          <p className="font-semibold text-red-800">{error}</p>
          <form method="get" className="mt-3">
            <button type="submit" className={primaryButton}>
              Try again
            </button>
          </form>
        </div>
      ) : payments.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 p-6 text-slate-700">{MESSAGES.NO_PAYMENTS}</p>
      ) : (
        <>
          {/* Stays mounted after a request (the list revalidates) so its last dialog can finish. */}
          <RefundFlow payments={refundable} />
          <ul className="space-y-4">
            {payments.map((p) => (
              <PaymentCard key={p.id} p={p} />
            ))}
          </ul>
        </>
      )}
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
