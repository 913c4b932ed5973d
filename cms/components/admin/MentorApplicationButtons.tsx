'use client'
import { useRouter } from 'next/navigation.js'
import { useId, useRef, useState } from 'react'
import { postJson } from './postJson'

type Props = { id: number; name: string; email: string; open: boolean; canReview: boolean; canAccept: boolean }

/**
 * Under review, Accept (admins) and Decline, the last two behind a confirmation (a native modal
 * <dialog>); Decline asks for the reason the applicant reads. Posted to the review endpoint; the
 * page is then refreshed from the server, so the state shown is the saved one.
 */
export default function MentorApplicationButtons({ id, name, email, open, canReview, canAccept }: Props) {
  const router = useRouter()
  const acceptRef = useRef<HTMLDialogElement>(null)
  const declineRef = useRef<HTMLDialogElement>(null)
  const reasonId = useId()
  const [reason, setReason] = useState('')
  const [busy, setBusy] = useState(false)
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null)
  const [dialogError, setDialogError] = useState<string | null>(null)

  async function decide(decision: 'review' | 'accept' | 'decline', dialog: HTMLDialogElement | null) {
    setBusy(true)
    setDialogError(null)
    const result = await postJson(`/api/mentor-applications/${id}/decide`, decision === 'decline' ? { decision, reason } : { decision })
    setBusy(false)
    if (!result.ok) {
      if (result.status === 400 && dialog) return setDialogError(result.error)
      dialog?.close()
      setMessage({ ok: false, text: result.error })
      router.refresh()
      return
    }
    dialog?.close()
    setMessage({
      ok: true,
      text:
        decision === 'accept'
          ? `Accepted. ${name} has a mentor account (Google sign-in with ${email}) and a draft profile, and is e-mailed what happens next.`
          : decision === 'decline'
            ? `Declined. ${name} has been e-mailed your reason.`
            : 'Marked under review.',
    })
    router.refresh()
  }

  const said = message ? (
    <p role="status" className={`ml-message ${message.ok ? 'ml-message--ok' : 'ml-message--error'}`} data-testid="decision-message">
      {message.text}
    </p>
  ) : null
  // A decided application (after the refresh) keeps only the message of what was just done.
  if (!open) return said

  return (
    <div>
      <div className="ml-actions">
        {canAccept && (
          <button type="button" className="btn btn--style-primary btn--size-medium" onClick={() => acceptRef.current?.showModal()}>
            Accept
          </button>
        )}
        <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => declineRef.current?.showModal()}>
          Decline
        </button>
        {canReview && (
          <button
            type="button"
            className="btn btn--style-secondary btn--size-medium"
            disabled={busy}
            onClick={() => decide('review', null)}
          >
            Mark under review
          </button>
        )}
      </div>
      {said}

      <dialog ref={acceptRef} className="ml-dialog" aria-labelledby={`${reasonId}-accept`}>
        <h2 id={`${reasonId}-accept`}>Accept {name} as a mentor?</h2>
        <p>
          This gives the account with {email} the mentor role (making one for Google sign-in if there is none), makes a draft mentor profile
          from the application, and e-mails {name} what happens next. Staff publish the profile when it is ready.
        </p>
        {dialogError && <p className="ml-message ml-message--error">{dialogError}</p>}
        <div className="ml-actions">
          <button
            type="button"
            className="btn btn--style-primary btn--size-medium"
            disabled={busy}
            onClick={() => decide('accept', acceptRef.current)}
          >
            {busy ? 'Accepting…' : 'Yes, accept'}
          </button>
          <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => acceptRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>

      <dialog ref={declineRef} className="ml-dialog" aria-labelledby={`${reasonId}-decline`}>
        <h2 id={`${reasonId}-decline`}>Decline the application?</h2>
        <p>{name} is e-mailed your reason.</p>
        <label htmlFor={reasonId}>Reason for the applicant (required)</label>
        <textarea
          id={reasonId}
          rows={4}
          maxLength={1000}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={dialogError ? true : undefined}
          aria-describedby={dialogError ? `${reasonId}-error` : undefined}
        />
        {dialogError && (
          <p id={`${reasonId}-error`} className="ml-message ml-message--error">
            {dialogError}
          </p>
        )}
        <div className="ml-actions">
          <button
            type="button"
            className="btn btn--style-primary btn--size-medium"
            disabled={busy}
            onClick={() => decide('decline', declineRef.current)}
          >
            {busy ? 'Declining…' : 'Decline the application'}
          </button>
          <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => declineRef.current?.close()}>
            Cancel
          </button>
        </div>
      </dialog>
    </div>
  )
}
