'use client'
import { REFUND_ARRIVES_WITHIN } from '@mentorloop/shared'
import { useRouter } from 'next/navigation.js'
import { useId, useRef, useState } from 'react'
import { postJson } from './postJson'

type Props = { id: number; canApprove: boolean; canReject: boolean; retry: boolean; amount: string; student: string }

/**
 * Approve and Reject, each behind a confirmation (a native modal <dialog>: focus stays in it and
 * Escape closes it); Reject asks for the note the student reads. The decision is posted to the
 * admin-only endpoint; the page is then refreshed from the server, so the state shown is the saved one.
 */
export default function RefundDecisionButtons({ id, canApprove, canReject, retry, amount, student }: Props) {
  const router = useRouter()
  const approveRef = useRef<HTMLDialogElement>(null)
  const rejectRef = useRef<HTMLDialogElement>(null)
  const noteId = useId()
  const [note, setNote] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [dialogError, setDialogError] = useState<string | null>(null)

  if (!canApprove && !canReject && !message) return null

  async function decide(decision: 'approve' | 'reject', dialog: HTMLDialogElement | null) {
    setBusy(true)
    setDialogError(null)
    const result = await postJson(`/api/refund-requests/${id}/decide`, decision === 'reject' ? { decision, note } : { decision })
    setBusy(false)
    if (!result.ok) {
      // Bad input stays in the dialog to be corrected; a refusal (already decided) closes it.
      if (result.status === 400) return setDialogError(result.error)
      dialog?.close()
      setMessage({ ok: false, text: result.error })
      router.refresh()
      return
    }
    dialog?.close()
    setMessage({
      ok: true,
      text:
        decision === 'approve'
          ? `Approved. The refund of ${amount} is sent to the gateway now; this page shows when it is refunded.`
          : 'Rejected. The student has been e-mailed your note.',
    })
    router.refresh()
  }

  return (
    <div>
      <div className="ml-actions">
        {canApprove && (
          <button type="button" className="btn btn--style-primary btn--size-medium" onClick={() => approveRef.current?.showModal()}>
            {retry ? 'Approve again (retry the refund)' : 'Approve refund'}
          </button>
        )}
        {canReject && (
          <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => rejectRef.current?.showModal()}>
            Reject
          </button>
        )}
      </div>
      {message && (
        <p role="status" className={`ml-message ${message.ok ? 'ml-message--ok' : 'ml-message--error'}`} data-testid="decision-message">
          {message.text}
        </p>
      )}

      <dialog ref={approveRef} className="ml-dialog" aria-labelledby={`${noteId}-approve`}>
        <h2 id={`${noteId}-approve`}>Approve the refund of {amount}?</h2>
        <p>
          {student} gets {amount} back through the gateway (within {REFUND_ARRIVES_WITHIN}). When the gateway takes it, the payment is
          refunded, the plan ends and any seat it paid for goes to the next student waiting.
        </p>
        {dialogError && <p className="ml-message ml-message--error">{dialogError}</p>}
        <div className="ml-actions">
          <button
            type="button"
            className="btn btn--style-primary btn--size-medium"
            disabled={busy}
            onClick={() => decide('approve', approveRef.current)}
          >
            {busy ? 'Approving…' : `Yes, refund ${amount}`}
          </button>
          <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => approveRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>

      <dialog ref={rejectRef} className="ml-dialog" aria-labelledby={`${noteId}-reject`}>
        <h2 id={`${noteId}-reject`}>Reject the refund request?</h2>
        <p>{student} keeps the plan and is e-mailed your note.</p>
        <label htmlFor={noteId}>Note to the student (required)</label>
        <textarea
          id={noteId}
          rows={4}
          maxLength={500}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={dialogError ? true : undefined}
          aria-describedby={dialogError ? `${noteId}-error` : undefined}
        />
        {dialogError && (
          <p id={`${noteId}-error`} className="ml-message ml-message--error">
            {dialogError}
          </p>
        )}
        <div className="ml-actions">
          <button
            type="button"
            className="btn btn--style-primary btn--size-medium"
            disabled={busy}
            onClick={() => decide('reject', rejectRef.current)}
          >
            {busy ? 'Rejecting…' : 'Reject the request'}
          </button>
          <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => rejectRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  )
}
