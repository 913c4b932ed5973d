'use client'
import { creditLastDay, formatDateRange, type PlanCoverage } from '@mentorloop/shared'
import { useRouter } from 'next/navigation.js'
import { useId, useRef, useState } from 'react'
import { postJson } from './postJson'

type PlanOption = { code: string; name: string; product: string }

type Preview = {
  user: { email: string; name: string | null }
  plan: { code: string; name: string; product: string }
  kind: 'credit' | 'window'
  startsAt: string
  endsAt: string
  current: PlanCoverage[]
  waitingFor: number
}

/** The cover as the admin reads it (the rule: services/plans/grantPlan.ts, docs/decisions/044 and 069). */
function coverText(p: Preview): string {
  if (p.kind === 'window') return `Question-bank access ${formatDateRange(p.startsAt, p.endsAt)}, after any access they already have.`
  const now =
    p.waitingFor > 0
      ? ` They are in ${p.waitingFor} waitlist${p.waitingFor === 1 ? '' : 's'}: where a seat is free, it pays for that seat at once.`
      : ''
  const after = p.current.length > 0 ? ' It is used after the seats and credits below.' : ''
  return `A credit for their next seat in a batch, usable until ${creditLastDay(p.endsAt)}; it lapses unused if no seat uses it by then (a complimentary plan is never refunded).${after}${now}`
}

function currentText(c: PlanCoverage): string {
  return c.kind === 'seat'
    ? `${c.plan.name}: seat with ${c.mentor.name}, ${formatDateRange(c.batch.startsOn, c.batch.endsOn)}`
    : `${c.plan.name}: credit for the next seat, until ${creditLastDay(c.creditUntil)}`
}

/**
 * Choose a plan and a reason, see what the grant covers (a server preview computed exactly as the
 * grant computes it), confirm in a modal dialog, then read the outcome. Buttons are type="button":
 * this sits inside the user's edit form and must never save it.
 */
export default function GrantPlanForm({ userId, plans }: { userId: number; plans: PlanOption[] }) {
  const router = useRouter()
  const ids = useId()
  const dialogRef = useRef<HTMLDialogElement>(null)
  const [plan, setPlan] = useState('')
  const [reason, setReason] = useState('')
  const [preview, setPreview] = useState<Preview | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)

  async function review() {
    setError(null)
    setDone(null)
    if (!plan) return setError('Choose a plan.')
    if (reason.trim().length < 3) return setError('Say why this plan is granted.')
    setBusy(true)
    const result = await postJson<{ preview: Preview }>(
      `/api/users/${userId}/grant-plan?plan=${encodeURIComponent(plan)}`,
      undefined,
      'GET',
    )
    setBusy(false)
    if (!result.ok) return setError(result.error)
    setPreview(result.body.preview)
    dialogRef.current?.showModal()
  }

  async function confirm() {
    setBusy(true)
    const result = await postJson<{ payment: { planName: string; batch: number | null }; waitlist: { assigned: number } }>(
      `/api/users/${userId}/grant-plan`,
      { plan, reason },
    )
    setBusy(false)
    dialogRef.current?.close()
    if (!result.ok) return setError(`The plan was not granted: ${result.error}`)
    const seated = result.body.waitlist.assigned > 0 ? ' It paid for a seat from their waitlist at once.' : ''
    setDone(`${result.body.payment.planName} granted.${seated}`)
    setReason('')
    router.refresh()
  }

  return (
    <div>
      <label htmlFor={`${ids}-plan`}>Plan</label>
      <select id={`${ids}-plan`} value={plan} onChange={(e) => setPlan(e.target.value)}>
        <option value="">Choose a plan</option>
        {plans.map((p) => (
          <option key={p.code} value={p.code}>
            {p.name} ({p.product === 'mentorship' ? 'mentorship' : 'question bank'})
          </option>
        ))}
      </select>
      <label htmlFor={`${ids}-reason`} style={{ marginTop: 'calc(var(--base) / 2)' }}>
        Reason (kept with the grant)
      </label>
      <textarea id={`${ids}-reason`} rows={3} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
      <div className="ml-actions">
        <button type="button" className="btn btn--style-primary btn--size-medium" disabled={busy} onClick={review}>
          {busy && !preview ? 'Checking…' : 'Grant plan…'}
        </button>
      </div>
      {error && (
        <p role="alert" className="ml-message ml-message--error">
          {error}
        </p>
      )}
      {done && (
        <p role="status" className="ml-message ml-message--ok" data-testid="grant-message">
          {done}
        </p>
      )}

      <dialog ref={dialogRef} className="ml-dialog" aria-labelledby={`${ids}-title`} onClose={() => setPreview(null)}>
        {preview && (
          <>
            <h2 id={`${ids}-title`}>
              Grant {preview.plan.name} to {preview.user.name || preview.user.email}?
            </h2>
            <p data-testid="grant-covers">
              <strong>What it covers:</strong> {coverText(preview)}
            </p>
            {preview.kind === 'credit' && (
              <>
                <p>
                  <strong>What they have now:</strong>
                  {preview.current.length === 0 ? ' no seat and no credit.' : ''}
                </p>
                {preview.current.length > 0 && (
                  <ul>
                    {preview.current.map((c) => (
                      <li key={c.paymentId}>{currentText(c)}</li>
                    ))}
                  </ul>
                )}
              </>
            )}
            <p>
              It is recorded as a complimentary payment (nothing is charged) with your name and the reason; it cannot be refunded. A credit
              no seat uses by its last day lapses, and the student is told so.
            </p>
            <div className="ml-actions">
              <button type="button" className="btn btn--style-primary btn--size-medium" disabled={busy} onClick={confirm}>
                {busy ? 'Granting…' : 'Confirm grant'}
              </button>
              <button type="button" className="btn btn--style-secondary btn--size-medium" onClick={() => dialogRef.current?.close()}>
                Cancel
              </button>
            </div>
          </>
        )}
      </dialog>
    </div>
  )
}
