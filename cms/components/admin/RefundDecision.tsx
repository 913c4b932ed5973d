import {
  formatDateRange,
  formatDateTime,
  formatDay,
  formatRupees,
  paiseToRupees,
  REFUND_REASONS,
  type RefundReason,
  type RefundStatus,
  refundReasonLabel,
} from '@mentorloop/shared'
import type { UIFieldServerProps } from 'payload'
import { checkRole } from '../../access/checkRole'
import { type RefundRequestSummary, refundRequestSummary } from '../../services/payments/refundDecision'
import RefundDecisionButtons from './RefundDecisionButtons'

/** The states as the admin reads them; the machine's are shown, never chosen (docs/decisions/101). */
export const REFUND_STATE_TEXT: Record<RefundStatus, string> = {
  requested: 'Waiting for a decision',
  approved: 'Approved: the refund is being sent to the gateway',
  pending: 'Refund pending: the gateway has taken it',
  refunded: 'Refunded',
  failed: 'Refund failed: approve it again to retry',
  rejected: 'Rejected',
}

/**
 * The top of a refund request in /admin (a UI field, admins only): what is asked back and why, and
 * the Approve / Reject buttons while it can be decided. Everything shown is read from the database
 * on the server (services/payments/refundDecision.ts); a decided request shows its outcome only.
 */
export default async function RefundDecision({ id, req }: UIFieldServerProps) {
  if (id === undefined || id === null || !checkRole(req.user, 'admin')) return null
  const summary = await refundRequestSummary(req, Number(id))
  if (!summary) return null
  return (
    <section className="ml-refund" aria-labelledby="ml-refund-title" data-testid="refund-decision">
      <style>{CSS}</style>
      <h2 id="ml-refund-title">Refund of {formatRupees(paiseToRupees(summary.payment.amount))}</h2>
      <p className="ml-refund__state" data-testid="refund-state" data-status={summary.status}>
        <strong>{REFUND_STATE_TEXT[summary.status]}</strong>
        {summary.decidedAt ? ` · decided ${formatDateTime(summary.decidedAt)}` : ''}
      </p>
      {summary.decideBy ? (
        <p className="ml-refund__deadline" data-testid="refund-decide-by">
          Decide by <strong>{formatDateTime(summary.decideBy)}</strong>: the student was told so, and a request still waiting then is
          approved automatically.
        </p>
      ) : null}
      <Details summary={summary} />
      <RefundDecisionButtons
        id={summary.id}
        canApprove={summary.canApprove}
        canReject={summary.canReject}
        retry={summary.status === 'failed'}
        amount={formatRupees(paiseToRupees(summary.payment.amount))}
        student={summary.student.name || summary.student.email}
      />
    </section>
  )
}

function Details({ summary: s }: { summary: RefundRequestSummary }) {
  return (
    <dl className="ml-refund__facts">
      <dt>Student</dt>
      <dd>
        {s.student.name ? `${s.student.name} · ` : ''}
        {s.student.email}
      </dd>
      <dt>Amount</dt>
      <dd data-testid="refund-amount">
        {formatRupees(paiseToRupees(s.payment.amount))}
        {s.payment.gateway === 'complimentary' ? ' (complimentary: nothing to refund)' : ''}
      </dd>
      <dt>Plan</dt>
      <dd>{s.plan.name}</dd>
      <dt>Paid on</dt>
      <dd data-testid="refund-paid-on">{formatDay(s.payment.paidAt)}</dd>
      <dt>Seat</dt>
      <dd>
        {s.batch ? `${s.batch.label} (${formatDateRange(s.batch.startsOn, s.batch.endsOn)})` : 'None: the plan had not paid for a seat'}
      </dd>
      <dt>Sessions held so far</dt>
      <dd data-testid="refund-sessions">
        {s.batch ? `${s.batch.sessionsHeld} of ${s.batch.sessionsScheduled} scheduled` : '—'}
        {s.batch && s.batch.sessionsHeld > 0 ? ' (the seat has been used)' : ''}
      </dd>
      <dt>Reason</dt>
      <dd data-testid="refund-reason">
        {s.source === 'automatic'
          ? 'Automatic (no seat came for the plan, or it came after its seat passed on)'
          : s.reason && REFUND_REASONS.includes(s.reason as RefundReason)
            ? // In the words the student chose it by (issue 32), as the list and Insights read it.
              refundReasonLabel(s.reason as RefundReason)
            : (s.reason ?? '—')}
      </dd>
      <dt>Student's feedback</dt>
      <dd className="ml-refund__text">{s.feedback || '—'}</dd>
      {s.adminNote ? (
        <>
          <dt>Note to the student</dt>
          <dd className="ml-refund__text">{s.adminNote}</dd>
        </>
      ) : null}
      {s.status === 'failed' && s.lastError ? (
        <>
          <dt>Why it failed</dt>
          <dd className="ml-refund__text">{s.lastError}</dd>
        </>
      ) : null}
    </dl>
  )
}

/** Payload's theme variables, so the panel follows light and dark mode. */
const CSS = `
.ml-refund { border: 1px solid var(--theme-elevation-150); border-radius: var(--style-radius-m, 4px); padding: var(--base); margin-bottom: calc(var(--base) * 1.5); background: var(--theme-elevation-0); }
.ml-refund h2 { margin: 0 0 calc(var(--base) / 2); font-size: 1.4rem; }
.ml-refund__state { margin: 0 0 var(--base); }
.ml-refund__facts { display: grid; grid-template-columns: minmax(8rem, auto) 1fr; gap: calc(var(--base) / 4) var(--base); margin: 0 0 var(--base); }
.ml-refund__facts dt { color: var(--theme-elevation-650); }
.ml-refund__facts dd { margin: 0; overflow-wrap: anywhere; }
.ml-refund__text { white-space: pre-wrap; }
.ml-dialog { border: 1px solid var(--theme-elevation-200); border-radius: var(--style-radius-m, 4px); padding: calc(var(--base) * 1.5); max-width: min(32rem, 92vw); background: var(--theme-elevation-0); color: var(--theme-text); }
.ml-dialog::backdrop { background: rgb(0 0 0 / 0.45); }
.ml-dialog h2 { margin: 0 0 var(--base); font-size: 1.25rem; }
.ml-dialog label { display: block; font-weight: 600; margin-bottom: calc(var(--base) / 4); }
.ml-dialog textarea, .ml-grant select, .ml-grant textarea { width: 100%; font: inherit; padding: calc(var(--base) / 3); border: 1px solid var(--theme-elevation-400); border-radius: var(--style-radius-s, 3px); background: var(--theme-input-bg, var(--theme-elevation-0)); color: var(--theme-text); }
.ml-actions { display: flex; flex-wrap: wrap; gap: calc(var(--base) / 2); margin-top: var(--base); }
.ml-actions .btn { margin: 0; }
.ml-message { margin: var(--base) 0 0; font-weight: 600; }
.ml-message--error { color: var(--theme-error-600, #b91c1c); }
.ml-message--ok { color: var(--theme-success-700, #166534); }
`
export const ADMIN_TOOL_CSS = CSS
