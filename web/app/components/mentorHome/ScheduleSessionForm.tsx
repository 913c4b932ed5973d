import { dayInputValue, formatDateRange, istDay, type MentorHomeBatch } from '@mentorloop/shared'
import { primaryButton } from '~/components/buttons'
import { DateField, Field, FoldedForm, IntentForm, inputClass, MeetingLinkField, TimeAndLength, useBusy } from './formParts'
import type { ActionAnswer } from './types'

/**
 * The day the form proposes: the first weekend day of the batch still to come that has no session
 * yet (sessions are at weekends; a cancelled one frees its day), else the first free day still to
 * come, else the batch's first day still to come.
 */
export function suggestedDay(batch: MentorHomeBatch, today: string): string {
  const first = new Date(batch.startsOn).getTime()
  const last = new Date(batch.endsOn).getTime()
  const from = Math.max(first, new Date(today).getTime() + 86_400_000)
  const booked = new Set(batch.sessions.filter((s) => !s.cancelled).map((s) => dayInputValue(istDay(new Date(s.startsAt)))))
  let freeDay: string | null = null
  let anyDay: string | null = null
  for (let t = first; t <= last; t += 86_400_000) {
    if (t < from - 86_400_000) continue
    const d = istDay(new Date(t))
    const value = dayInputValue(d)
    anyDay ??= value
    if (booked.has(value)) continue
    freeDay ??= value
    const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()
    if (weekday === 0 || weekday === 6) return value
  }
  return freeDay ?? anyDay ?? dayInputValue(istDay(new Date(first)))
}

/**
 * "Schedule a session" in one batch (intent `schedule`): a date inside the batch (a weekend day
 * suggested), a time, a length, a link and a title; a weekday asks for its box to be ticked.
 */
export function ScheduleSessionForm({ batch, answer, today }: { batch: MentorHomeBatch; answer?: ActionAnswer; today: string }) {
  const busy = useBusy({ batchId: batch.id })
  const v = answer?.values ?? {}
  const errors = answer?.fieldErrors ?? {}
  const askWeekday = answer?.code === 'CONFIRM_WEEKDAY' || Boolean(errors.confirmWeekday)
  const p = `s${batch.id}`
  return (
    <FoldedForm
      summary={`Schedule a session in ${batch.label}`}
      open={Boolean(answer) || batch.sessions.length === 0}
      testId="schedule-form"
    >
      {/* The key resets the fields after a session was scheduled (a new suggestion). */}
      <IntentForm
        intent="schedule"
        ids={{ batchId: batch.id }}
        message={answer?.message}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        key={`${batch.sessions.length}`}
        noValidate
      >
        <DateField
          id={`${p}-date`}
          name="date"
          label="Date"
          hint={`Within ${formatDateRange(batch.startsOn, batch.endsOn)}; weekends by default.`}
          error={errors.date}
          min={dayInputValue(istDay(new Date(batch.startsOn)))}
          max={dayInputValue(istDay(new Date(batch.endsOn)))}
          defaultValue={v.date ?? suggestedDay(batch, today)}
        />
        <TimeAndLength p={p} values={v} errors={errors} />
        <MeetingLinkField
          p={p}
          label="Meeting link"
          error={errors.meetingLink}
          defaultValue={v.meetingLink ?? batch.sessions.at(-1)?.meetingLink ?? ''}
        />
        <Field id={`${p}-title`} label="Title (optional)" error={errors.title}>
          {(props) => <input {...props} name="title" type="text" maxLength={160} defaultValue={v.title ?? ''} className={inputClass} />}
        </Field>
        {askWeekday ? (
          <div className="sm:col-span-2">
            <label className="flex items-start gap-2 font-medium text-slate-900">
              <input
                type="checkbox"
                name="confirmWeekday"
                className="mt-1 h-4 w-4"
                aria-describedby={`${p}-weekday-error`}
                aria-invalid={Boolean(errors.confirmWeekday)}
              />
              Yes, schedule it on a weekday
            </label>
            {errors.confirmWeekday ? (
              <p id={`${p}-weekday-error`} className="mt-1 text-sm text-red-800">
                {errors.confirmWeekday}
              </p>
            ) : null}
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Scheduling…' : 'Schedule the session'}
          </button>
        </div>
      </IntentForm>
    </FoldedForm>
  )
}
