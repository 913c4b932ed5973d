import { dayInputValue, formatDateRange, formatDateTime, istDay, type MentorHomeBatch, type MentorHomeSession } from '@mentorloop/shared'
import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react'
import { primaryButton, secondaryButton } from '~/components/buttons'

/**
 * A mentor moves or cancels a session from their home (issue 32): the session's line says whether
 * it is on (with its own link) or cancelled (no link), and leads to its page, where one form moves
 * it and another cancels it. Plain <Form>s: everything works without JavaScript. The CMS keeps the
 * rules and sends the same calendar updates and e-mails as an admin's change in /admin.
 */

/** The session's own meeting link, or why there is none. */
export function SessionMeetingLink({ session }: { session: Pick<MentorHomeSession, 'cancelled' | 'meetingLink' | 'startsAt'> }) {
  if (session.cancelled) {
    return (
      <p className="font-medium text-amber-900" data-testid="session-cancelled">
        Cancelled: no meeting. Your students were e-mailed.
      </p>
    )
  }
  if (!session.meetingLink) return <p className="text-slate-700">No meeting link yet.</p>
  return (
    <a href={session.meetingLink} className="break-all text-brand-700 underline" rel="noreferrer" target="_blank">
      Meeting link<span className="sr-only"> for {formatDateTime(session.startsAt)}</span>: {session.meetingLink}
    </a>
  )
}

/** "Move or cancel" for a session still to come. */
export function MoveOrCancelLink({ session }: { session: MentorHomeSession }) {
  if (session.cancelled || session.started) return null
  return (
    <p className="mt-2">
      <Link to={`/mentor-home/sessions/${session.id}`} className="font-semibold text-brand-700 underline" data-testid="move-or-cancel">
        Move or cancel
        <span className="sr-only">
          {' '}
          {session.title} on {formatDateTime(session.startsAt)}
        </span>
      </Link>
    </p>
  )
}

/** What the last move or cancellation did, on the home it returned to. */
export function SessionChangeNotice({ batches }: { batches: MentorHomeBatch[] }) {
  const [search] = useSearchParams()
  const moved = Number(search.get('moved')) || null
  const cancelled = Number(search.get('cancelledSession')) || null
  const find = (id: number | null) => (id ? (batches.flatMap((b) => b.sessions).find((s) => s.id === id) ?? null) : null)
  const m = find(moved)
  const c = find(cancelled)
  if (!m && !c) return null
  return (
    <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200" data-testid="session-change-done">
      {m
        ? `${m.title} moved to ${formatDateTime(m.startsAt)}. Your students have been e-mailed the old and the new time, with a calendar update.`
        : `${c!.title} on ${formatDateTime(c!.startsAt)} is cancelled. Your students have been e-mailed, with a calendar cancellation.`}
    </p>
  )
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700'

export type SessionChangeAnswer = {
  intent: 'move' | 'cancel'
  message: string
  code: string
  fieldErrors: Record<string, string>
  values: Record<string, string>
}

function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string
  label: string
  hint?: string
  error?: string
  children: React.ReactNode
}) {
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-slate-900">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-slate-700">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}

const described = (id: string, hint: boolean, error?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined

/** "Move this session": a new day and time (India) inside the batch, and its length. */
export function MoveSessionForm({
  batch,
  session,
  answer,
}: {
  batch: Pick<MentorHomeBatch, 'startsOn' | 'endsOn' | 'label'>
  session: MentorHomeSession
  answer?: SessionChangeAnswer
}) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'move'
  const v = answer?.intent === 'move' ? answer.values : {}
  const errors = answer?.intent === 'move' ? answer.fieldErrors : {}
  const askWeekday = answer?.intent === 'move' && (answer.code === 'CONFIRM_WEEKDAY' || Boolean(errors.confirmWeekday))
  const start = new Date(session.startsAt)
  const day = dayInputValue(istDay(start))
  // A time input's "HH:MM" in India (UTC+5:30 all year: no daylight saving).
  const minutes = Math.floor((start.getTime() / 60_000 + 330) % 1440)
  const time = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
  return (
    <section aria-labelledby="move-heading" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="move-heading" className="text-xl font-semibold">
        Move this session
      </h2>
      <p className="mt-1 text-slate-700">
        Your students get one e-mail with the old and the new time and a calendar update; reminders follow the new time.
      </p>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-3" noValidate data-testid="move-session-form">
        <input type="hidden" name="intent" value="move" />
        {answer?.intent === 'move' ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200 sm:col-span-3">
            {answer.message}
          </p>
        ) : null}
        <Field id="move-date" label="New date" hint={`Within ${formatDateRange(batch.startsOn, batch.endsOn)}.`} error={errors.date}>
          <input
            id="move-date"
            name="date"
            type="date"
            required
            min={dayInputValue(istDay(new Date(batch.startsOn)))}
            max={dayInputValue(istDay(new Date(batch.endsOn)))}
            defaultValue={v.date ?? day}
            aria-invalid={Boolean(errors.date)}
            aria-describedby={described('move-date', true, errors.date)}
            className={inputClass}
          />
        </Field>
        <Field id="move-time" label="New start time (IST)" error={errors.time}>
          <input
            id="move-time"
            name="time"
            type="time"
            step={900}
            required
            defaultValue={v.time ?? time}
            aria-invalid={Boolean(errors.time)}
            aria-describedby={described('move-time', false, errors.time)}
            className={inputClass}
          />
        </Field>
        <Field id="move-duration" label="Length in minutes" error={errors.durationMinutes}>
          <input
            id="move-duration"
            name="durationMinutes"
            type="number"
            min={15}
            max={240}
            step={15}
            required
            defaultValue={v.durationMinutes ?? String(session.durationMinutes)}
            aria-invalid={Boolean(errors.durationMinutes)}
            aria-describedby={described('move-duration', false, errors.durationMinutes)}
            className={inputClass}
          />
        </Field>
        {askWeekday ? (
          <label className="flex items-start gap-2 font-medium text-slate-900 sm:col-span-3">
            <input type="checkbox" name="confirmWeekday" className="mt-1 h-4 w-4" />
            Yes, move it to a weekday
          </label>
        ) : null}
        <div className="sm:col-span-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Moving…' : 'Move the session'}
          </button>
        </div>
      </Form>
    </section>
  )
}

/** "Cancel this session": said plainly what happens, then one button. */
export function CancelSessionForm({ session, answer }: { session: MentorHomeSession; answer?: SessionChangeAnswer }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'cancel'
  return (
    <section aria-labelledby="cancel-heading" className="mt-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="cancel-heading" className="text-xl font-semibold">
        Cancel this session
      </h2>
      <p className="mt-1 text-slate-700">
        {session.title} on {formatDateTime(session.startsAt)} is called off for everyone: your students are e-mailed a calendar
        cancellation, no reminders go out, and it shows as cancelled, without its link, on their dashboard and yours.
      </p>
      <Form method="post" className="mt-4" data-testid="cancel-session-form">
        <input type="hidden" name="intent" value="cancel" />
        {answer?.intent === 'cancel' ? (
          <p role="alert" className="mb-3 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
            {answer.message}
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <button type="submit" className={primaryButton} disabled={busy}>
            {busy ? 'Cancelling…' : 'Cancel the session'}
          </button>
          <Link to={`/mentor-home#session-${session.id}`} className={secondaryButton}>
            Keep it and go back
          </Link>
        </div>
      </Form>
    </section>
  )
}
