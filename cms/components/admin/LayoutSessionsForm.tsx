'use client'
import { formatDateTime, type LayoutPlan } from '@mentorloop/shared'
import { useRouter } from 'next/navigation.js'
import { useId, useState } from 'react'
import { postJson } from './postJson'

/**
 * "Lay out the sessions" of a batch in /admin: days, start time (India), length and link; Preview
 * asks the server for the dates (computed as the layout computes them), then Create them confirms,
 * with the boxes for a weekday or a day outside the batch when the plan has one. Buttons are
 * type="button": this sits inside the batch's edit form and must never save it.
 */
export default function LayoutSessionsForm({ batchId, days }: { batchId: number; days: { value: string; name: string }[] }) {
  const router = useRouter()
  const ids = useId()
  const [chosen, setChosen] = useState<string[]>(days.map((d) => d.value))
  const [time, setTime] = useState('10:00')
  const [minutes, setMinutes] = useState('60')
  const [link, setLink] = useState('')
  const [plan, setPlan] = useState<LayoutPlan | null>(null)
  const [confirmWeekday, setConfirmWeekday] = useState(false)
  const [confirmOutside, setConfirmOutside] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [done, setDone] = useState<string | null>(null)
  const body = (preview: boolean) => ({
    days: chosen,
    time,
    durationMinutes: Number(minutes),
    meetingLink: link,
    preview,
    ...(plan && !preview ? { dates: plan.slots.map((s) => s.date), confirmWeekday, confirmOutside } : {}),
  })

  async function send(preview: boolean) {
    setError(null)
    setDone(null)
    setBusy(true)
    const result = await postJson<{ plan: LayoutPlan; sessions?: unknown[] }>(`/api/batches/${batchId}/layout-sessions`, body(preview))
    setBusy(false)
    if (!result.ok) return setError(result.error)
    if (preview) return setPlan(result.body.plan)
    setPlan(null)
    setDone(`${result.body.sessions?.length ?? 0} sessions created; the batch’s students have been e-mailed.`)
    router.refresh()
  }

  const change = (set: (v: string) => void) => (e: React.ChangeEvent<HTMLInputElement>) => {
    setPlan(null)
    set(e.target.value)
  }
  return (
    <div className="ml-layout" data-testid="layout-sessions">
      <fieldset>
        <legend>Days</legend>
        {days.map((d) => (
          <label key={d.value}>
            <input
              type="checkbox"
              checked={chosen.includes(d.value)}
              onChange={(e) => {
                setPlan(null)
                setChosen(e.target.checked ? [...chosen, d.value] : chosen.filter((c) => c !== d.value))
              }}
            />{' '}
            {d.name}
          </label>
        ))}
      </fieldset>
      <label htmlFor={`${ids}-time`}>Start time (IST)</label>
      <input id={`${ids}-time`} type="time" step={900} value={time} onChange={change(setTime)} />
      <label htmlFor={`${ids}-minutes`}>Length in minutes</label>
      <input id={`${ids}-minutes`} type="number" min={15} max={240} step={15} value={minutes} onChange={change(setMinutes)} />
      <label htmlFor={`${ids}-link`}>Meeting link</label>
      <input id={`${ids}-link`} type="url" placeholder="https://" value={link} onChange={change(setLink)} />
      <div className="ml-actions">
        <button type="button" className="btn btn--style-secondary" disabled={busy} onClick={() => send(true)}>
          Preview the dates
        </button>
      </div>
      {plan ? (
        <div data-testid="layout-preview">
          <ol>
            {plan.slots.map((s) => (
              <li key={s.date}>
                {s.title}: {formatDateTime(s.startsAt)}
                {s.weekday ? ' · a weekday' : ''}
                {s.outside ? ' · outside the batch' : ''}
                {s.clash ? ` · ${s.clash}` : ''}
              </li>
            ))}
          </ol>
          {plan.needsConfirmWeekday ? (
            <label>
              <input type="checkbox" checked={confirmWeekday} onChange={(e) => setConfirmWeekday(e.target.checked)} /> Yes, schedule on a
              weekday
            </label>
          ) : null}
          {plan.needsConfirmOutside ? (
            <label>
              <input type="checkbox" checked={confirmOutside} onChange={(e) => setConfirmOutside(e.target.checked)} /> Yes, schedule outside
              the batch’s days
            </label>
          ) : null}
          <div className="ml-actions">
            <button type="button" className="btn btn--style-primary" disabled={busy} onClick={() => send(false)}>
              Create these {plan.slots.length} sessions
            </button>
          </div>
        </div>
      ) : null}
      <p role="status" aria-live="polite" className={`ml-message ${error ? 'ml-message--error' : 'ml-message--ok'}`}>
        {error ?? done ?? ''}
      </p>
    </div>
  )
}
