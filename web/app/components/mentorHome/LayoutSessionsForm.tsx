import { formatDateRange, formatDateTime, LAYOUT_DAYS, type MentorHomeBatch, SESSIONS_PER_LAYOUT } from '@mentorloop/shared'
import { primaryButton, secondaryButton } from '~/components/buttons'
import { FoldedForm, IntentForm, inputClass, MeetingLinkField, TimeAndLength, useBusy } from './formParts'
import type { ActionAnswer } from './types'

/**
 * "Lay out the sessions" (intent `layout`): the weekend days, a start time, one length and one
 * link; "Preview the dates" answers the computed dates (editable), "Create these sessions" creates
 * them all at once. A weekday or a day outside the batch asks for its box to be ticked. Works
 * without JavaScript.
 */
export function LayoutSessionsForm({ batch, answer }: { batch: MentorHomeBatch; answer?: ActionAnswer }) {
  const busy = useBusy({ intent: 'layout', batchId: batch.id })
  const v = answer?.values ?? {}
  const errors = answer?.fieldErrors ?? {}
  const days = answer?.days ?? Object.keys(LAYOUT_DAYS)
  const dates = answer?.dates ?? []
  const plan = answer?.plan
  const askWeekday = Boolean(plan?.needsConfirmWeekday) || answer?.code === 'CONFIRM_WEEKDAY'
  const askOutside = Boolean(plan?.needsConfirmOutside) || answer?.code === 'CONFIRM_OUTSIDE'
  const p = `l${batch.id}`
  return (
    <FoldedForm summary={`Lay out ${SESSIONS_PER_LAYOUT} sessions in ${batch.label}`} open={Boolean(answer)} testId="layout-form">
      <IntentForm
        intent="layout"
        ids={{ batchId: batch.id }}
        message={answer?.message}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        noValidate
      >
        <fieldset className="sm:col-span-2" aria-describedby={errors.days ? `${p}-days-error` : undefined}>
          <legend className="font-medium text-slate-900">Weekend days</legend>
          <div className="mt-1 flex gap-6">
            {Object.entries(LAYOUT_DAYS).map(([value, d]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="checkbox" name="days" value={value} defaultChecked={days.includes(value)} className="h-4 w-4" />
                {d.name}
              </label>
            ))}
          </div>
          {errors.days ? (
            <p id={`${p}-days-error`} className="mt-1 text-sm text-red-800">
              {errors.days}
            </p>
          ) : null}
        </fieldset>
        <TimeAndLength p={p} values={v} errors={errors} />
        <div className="sm:col-span-2">
          <MeetingLinkField
            p={p}
            label="Meeting link for the batch"
            error={errors.meetingLink}
            defaultValue={v.meetingLink ?? batch.sessions.at(-1)?.meetingLink ?? ''}
          />
        </div>
        {dates.length > 0 ? (
          <fieldset className="sm:col-span-2" data-testid="layout-preview">
            <legend className="font-medium text-slate-900">The dates (India time); change one if you need to</legend>
            <ol className="mt-2 grid gap-3 sm:grid-cols-2">
              {dates.map((date, i) => {
                const slot = plan?.slots[i]
                const notes = [slot?.weekday ? 'a weekday' : null, slot?.outside ? 'outside the batch' : null, slot?.clash].filter(Boolean)
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the n-th session of the plan, whatever its date
                  <li key={i}>
                    <label htmlFor={`${p}-date-${i}`} className="block text-sm text-slate-800">
                      {slot ? `${slot.title}: ${formatDateTime(slot.startsAt)}` : `Session ${i + 1}`}
                    </label>
                    <input id={`${p}-date-${i}`} name="dates" type="date" required defaultValue={date} className={inputClass} />
                    {notes.length ? <p className="mt-1 text-sm text-amber-900">{notes.join(' · ')}</p> : null}
                  </li>
                )
              })}
            </ol>
            {errors.dates ? <p className="mt-1 text-sm text-red-800">{errors.dates}</p> : null}
          </fieldset>
        ) : null}
        {askWeekday ? (
          <label className="flex items-start gap-2 font-medium text-slate-900 sm:col-span-2">
            <input type="checkbox" name="confirmWeekday" className="mt-1 h-4 w-4" />
            Yes, schedule on a weekday
          </label>
        ) : null}
        {askOutside ? (
          <p className="text-sm text-amber-900 sm:col-span-2">
            Sessions fall within the batch’s days ({formatDateRange(batch.startsOn, batch.endsOn)}): pick dates inside them, or ask an admin
            to schedule one outside.
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3 sm:col-span-2">
          <button type="submit" name="step" value="preview" className={dates.length ? secondaryButton : primaryButton} disabled={busy}>
            {dates.length ? 'Preview again' : 'Preview the dates'}
          </button>
          {dates.length ? (
            <button type="submit" name="step" value="create" className={primaryButton} disabled={busy}>
              {busy ? 'Scheduling…' : `Create these ${dates.length} sessions`}
            </button>
          ) : null}
        </div>
      </IntentForm>
    </FoldedForm>
  )
}
