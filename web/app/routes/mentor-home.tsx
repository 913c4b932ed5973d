import {
  dayInputValue,
  formatDate,
  formatDateRange,
  formatDateTime,
  istDay,
  LAYOUT_DAYS,
  type LayoutPlan,
  layoutSessionsSchema,
  type MentorHome,
  type MentorHomeBatch,
  type MentorHomeSession,
  markAttendanceSchema,
  now,
  openBatchSchema,
  SESSIONS_PER_LAYOUT,
  scheduleSessionSchema,
} from '@mentorloop/shared'
import { type ActionFunctionArgs, data, type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { z } from 'zod'
import { primaryButton, secondaryButton } from '~/components/buttons'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { MoveOrCancelLink, SessionChangeNotice, SessionMeetingLink } from '~/components/mentorHome/SessionChange'
import { PrivatePage } from '~/components/PrivatePage'
import { SessionTally } from '~/components/sessions/SessionTally'
import { CmsError, cmsUnavailable, isCmsUnavailable } from '~/models/cms.server'
import { getMentorHome, postAttendance, postLayout, postNextBatch, postSession } from '~/models/mentorHome.server'
import { NO_STORE, requireUser } from '~/utils/auth.server'

/**
 * The mentor's home on the site (docs/decisions/095-mentor-home.md): this month's and the next
 * batch with seats, the seated students and their contact numbers, the waitlist, the sessions
 * with their meeting links; "Schedule a session" and "Open the next batch". Plain <Form>s posting
 * to this route's action, so everything works without JavaScript; the CMS decides who sees what
 * (only the signed-in mentor's own data) and keeps the rules (dates inside the batch, a weekday
 * confirmed, no overlapping sessions, one open batch).
 */
export const meta: MetaFunction = () => [{ title: 'Your home · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, token } = await requireUser(request)
  if (!user.roles.includes('mentor')) throw data('Only mentors have a home on the site.', { status: 403, headers: NO_STORE })
  let home: MentorHome
  try {
    home = await getMentorHome(token)
  } catch (error) {
    if (isCmsUnavailable(error)) throw cmsUnavailable()
    if (error instanceof CmsError && error.refusal) throw data(error.refusal.message, { status: error.status, headers: NO_STORE })
    throw error
  }
  const url = new URL(request.url)
  const done = {
    scheduled: Number(url.searchParams.get('scheduled')) || null,
    opened: Number(url.searchParams.get('opened')) || null,
    laidOut: Number(url.searchParams.get('laidOut')) || null,
    marked: Number(url.searchParams.get('marked')) || null,
  }
  return data({ home, done, today: now().toISOString() }, { headers: NO_STORE })
}

export const headers = () => NO_STORE

type FieldErrors = Record<string, string>
type ActionAnswer = {
  intent: Intent
  batchId: number | null
  message: string
  code: string
  fieldErrors: FieldErrors
  values: Record<string, string>
  /** A layout's chosen days and (after a preview) its dates, which a form sends under one name each. */
  days?: string[]
  dates?: string[]
  /** The computed layout, answered to "Preview the dates". */
  plan?: LayoutPlan
}

const intentSchema = z.enum(['schedule', 'open', 'layout', 'attendance'])
type Intent = z.infer<typeof intentSchema>

/** The marks of an attendance form: one radio group per student, `mark-<student id>`. */
function marksOf(form: FormData) {
  return [...form.entries()].filter(([k]) => k.startsWith('mark-')).map(([k, v]) => ({ userId: Number(k.slice(5)), status: String(v) }))
}

function zodErrors(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {}
  for (const issue of error.issues) out[String(issue.path[0] ?? '_')] ??= issue.message
  return out
}

export async function action({ request }: ActionFunctionArgs) {
  const { token } = await requireUser(request)
  // A body that is not a form (a script, a fuzzer) is a 400, never a 500.
  const form = await request.formData().catch(() => null)
  if (!form) return data({ error: 'Send the form.' }, { status: 400, headers: NO_STORE })
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]))
  const intent = intentSchema.safeParse(values.intent)
  if (!intent.success) return data({ error: 'Unknown action.' }, { status: 400, headers: NO_STORE })
  const batchId = Number(values.batchId) || null
  const reply = (
    status: number,
    message: string,
    fieldErrors: FieldErrors = {},
    code = 'INVALID_INPUT',
    extra: Partial<ActionAnswer> = {},
  ) => data<ActionAnswer>({ intent: intent.data, batchId, message, code, fieldErrors, values, ...extra }, { status, headers: NO_STORE })

  const fail = (error: unknown, extra: Partial<ActionAnswer> = {}) => {
    if (isCmsUnavailable(error)) return reply(503, 'Temporarily unavailable, please try again.', {}, 'SERVICE_UNAVAILABLE', extra)
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal) return reply((error as CmsError).status, refusal.message, refusal.fieldErrors ?? {}, refusal.code, extra)
    throw error
  }

  if (intent.data === 'layout') {
    const days = form.getAll('days').map(String)
    const dates = form.getAll('dates').map(String)
    const preview = values.step !== 'create'
    const parsed = layoutSessionsSchema.safeParse({ ...values, days, dates: preview ? undefined : dates, preview })
    if (!parsed.success) {
      return reply(400, 'Please correct the fields marked below.', zodErrors(parsed.error), 'INVALID_INPUT', { days, dates })
    }
    try {
      const answer = await postLayout(token, parsed.data as Record<string, unknown>)
      if (preview) {
        const plan = answer.plan
        return reply(200, '', {}, 'PREVIEW', { days, plan, dates: plan.slots.map((x) => x.date) })
      }
      return redirect(`/mentor-home?laidOut=${batchId}#batch-${batchId}`, { headers: NO_STORE })
    } catch (error) {
      return fail(error, { days, dates: preview ? undefined : dates })
    }
  }

  if (intent.data === 'attendance') {
    const parsed = markAttendanceSchema.safeParse({ sessionId: values.sessionId, marks: marksOf(form) })
    if (!parsed.success) return reply(400, parsed.error.issues[0]?.message ?? 'Mark each student present or absent.')
    try {
      await postAttendance(token, parsed.data)
      return redirect(`/mentor-home?marked=${parsed.data.sessionId}#session-${parsed.data.sessionId}`, { headers: NO_STORE })
    } catch (error) {
      return fail(error)
    }
  }

  // Checked here first (the same schemas the CMS uses) so a slip is answered without a round trip.
  const parsed = intent.data === 'schedule' ? scheduleSessionSchema.safeParse(values) : openBatchSchema.safeParse(values)
  if (!parsed.success) {
    const fieldErrors = zodErrors(parsed.error)
    return reply(400, 'Please correct the fields marked below.', fieldErrors)
  }
  try {
    if (intent.data === 'schedule') {
      const { session } = await postSession(token, parsed.data as Record<string, unknown>)
      return redirect(`/mentor-home?scheduled=${session.id}#batch-${batchId}`, { headers: NO_STORE })
    }
    const { batch } = await postNextBatch(token, parsed.data as { startsOn: string; endsOn: string })
    return redirect(`/mentor-home?opened=${batch.id}#batch-${batch.id}`, { headers: NO_STORE })
  } catch (error) {
    return fail(error)
  }
}

const STATUS_TEXT: Record<string, string> = { running: 'Running this month', open: 'Open for bookings' }

export default function MentorHomePage() {
  const { home, done, today } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as ActionAnswer | undefined
  const scheduled = done.scheduled ? home.batches.flatMap((b) => b.sessions).find((s) => s.id === done.scheduled) : null
  const opened = done.opened ? home.batches.find((b) => b.id === done.opened) : null
  const laidOut = done.laidOut ? home.batches.find((b) => b.id === done.laidOut) : null
  return (
    <PrivatePage title="Your home" subtitle={`${home.mentor.name}: your batches, students and sessions. Times are India time (IST).`}>
      <div role="status" className="empty:hidden" data-testid="home-done">
        <SessionChangeNotice batches={home.batches} />
        {scheduled ? (
          <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
            Session scheduled for {formatDateTime(scheduled.startsAt)}. Your students have been e-mailed.
          </p>
        ) : null}
        {laidOut ? (
          <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
            {SESSIONS_PER_LAYOUT} sessions scheduled in {laidOut.label}. Your students have been e-mailed.
          </p>
        ) : null}
        {opened ? (
          <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
            Your {opened.label} batch is open for bookings ({formatDateRange(opened.startsOn, opened.endsOn)}).
          </p>
        ) : null}
      </div>
      {home.mentor.published ? null : (
        <p className="mb-6 rounded-lg bg-amber-50 p-4 text-amber-900 ring-1 ring-amber-200">
          Your profile is not published yet: students cannot find or book you until staff publish it.
        </p>
      )}
      <p className="mb-6 text-slate-800" data-testid="waitlist-length">
        <span className="font-semibold">On your waitlist:</span> {home.waiting} {home.waiting === 1 ? 'student' : 'students'}
      </p>
      {home.batches.length === 0 ? <p className="mb-8 text-slate-700">You have no running or open batch.</p> : null}
      <div className="space-y-8">
        {home.batches.map((batch) => (
          <BatchCard key={batch.id} batch={batch} answer={answer?.batchId === batch.id ? answer : undefined} today={today} />
        ))}
      </div>
      <NextBatch home={home} answer={answer?.intent === 'open' ? answer : undefined} />
    </PrivatePage>
  )
}

function BatchCard({ batch, answer, today }: { batch: MentorHomeBatch; answer?: ActionAnswer; today: string }) {
  const { marked } = useLoaderData<typeof loader>().done
  const headingId = `batch-${batch.id}-heading`
  return (
    <section
      id={`batch-${batch.id}`}
      aria-labelledby={headingId}
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="home-batch"
    >
      <h2 id={headingId} className="text-xl font-semibold">
        {batch.label} <span className="text-base font-normal text-slate-700">· {STATUS_TEXT[batch.status] ?? batch.status}</span>
      </h2>
      <p className="mt-1 text-slate-700">{formatDateRange(batch.startsOn, batch.endsOn)}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="batch-seats">
        <Figure term="Seats" value={batch.capacity} />
        <Figure term="Taken" value={batch.taken} />
        <Figure term="Held" value={batch.held} />
        <Figure term="Left" value={batch.left} />
      </dl>

      <h3 className="mt-6 text-lg font-semibold">Students</h3>
      {batch.students.length === 0 ? (
        <p className="mt-2 text-slate-700">No students yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" data-testid="home-students">
          {batch.students.map((s) => (
            <li key={s.id} className="flex flex-col gap-1 py-2 sm:flex-row sm:gap-4">
              <span className="font-medium sm:w-1/3">{s.name || 'A student'}</span>
              <span className="sm:w-1/4">
                {s.phone ? (
                  <a href={`tel:+91${s.phone}`} className="text-brand-700 underline">
                    {s.phone}
                  </a>
                ) : (
                  <span className="text-slate-700">no contact number</span>
                )}
              </span>
              {s.email ? (
                <a href={`mailto:${s.email}`} className="break-all text-brand-700 underline">
                  {s.email}
                </a>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h3 className="mt-6 text-lg font-semibold">Sessions</h3>
      <SessionTally sessions={batch.sessions} />
      {batch.sessions.length === 0 ? (
        <p className="mt-2 text-slate-700">No sessions scheduled yet.</p>
      ) : (
        <ul className="mt-2 space-y-2" data-testid="home-sessions">
          {batch.sessions.map((s) => (
            <li key={s.id} id={`session-${s.id}`} className="rounded-lg bg-slate-50 p-3" data-testid="home-session">
              <p className="font-medium">
                <time dateTime={s.startsAt}>{formatDateTime(s.startsAt)}</time> · {s.durationMinutes} min
                {s.cancelled ? ' · cancelled' : ''}
              </p>
              <p className="text-slate-700">{s.title}</p>
              <SessionMeetingLink session={s} />
              <MoveOrCancelLink session={s} />
              <Attendance
                batch={batch}
                session={s}
                answer={answer?.intent === 'attendance' && answer.values.sessionId === String(s.id) ? answer : undefined}
                saved={marked === s.id}
              />
            </li>
          ))}
        </ul>
      )}
      <LayoutForm batch={batch} answer={answer?.intent === 'layout' ? answer : undefined} />
      <ScheduleForm batch={batch} answer={answer?.intent === 'schedule' ? answer : undefined} today={today} />
    </section>
  )
}

function Figure({ term, value }: { term: string; value: number }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-sm text-slate-700">{term}</dt>
      <dd className="text-lg font-semibold">{value}</dd>
    </div>
  )
}

/** The first weekend day of the batch still to come (sessions are at weekends), else its first day still to come. */
function suggestedDay(batch: MentorHomeBatch, today: string): string {
  const first = new Date(batch.startsOn).getTime()
  const last = new Date(batch.endsOn).getTime()
  const from = Math.max(first, new Date(today).getTime() + 86_400_000)
  let fallback: string | null = null
  for (let t = first; t <= last; t += 86_400_000) {
    if (t < from - 86_400_000) continue
    const d = istDay(new Date(t))
    const weekday = new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay()
    fallback ??= dayInputValue(d)
    if (weekday === 0 || weekday === 6) return dayInputValue(d)
  }
  return fallback ?? dayInputValue(istDay(new Date(first)))
}

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-slate-900 aria-[invalid=true]:border-red-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700'

function Field({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string
  label: string
  error?: string
  hint?: string
  children: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string }) => React.ReactNode
}) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
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
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
          {error}
        </p>
      ) : null}
    </div>
  )
}

/** A session's start time (India) and length: the same two fields in "Schedule a session" and "Lay out the sessions". */
function TimeAndLength({ p, values: v, errors }: { p: string; values: Record<string, string>; errors: FieldErrors }) {
  return (
    <>
      <Field id={`${p}-time`} label="Start time (IST)" error={errors.time}>
        {(props) => (
          <input {...props} name="time" type="time" step={900} required defaultValue={v.time ?? '10:00'} className={inputClass} />
        )}
      </Field>
      <Field id={`${p}-duration`} label="Length in minutes" error={errors.durationMinutes}>
        {(props) => (
          <input
            {...props}
            name="durationMinutes"
            type="number"
            min={15}
            max={240}
            step={15}
            required
            defaultValue={v.durationMinutes ?? '60'}
            className={inputClass}
          />
        )}
      </Field>
    </>
  )
}

function ScheduleForm({ batch, answer, today }: { batch: MentorHomeBatch; answer?: ActionAnswer; today: string }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('batchId') === String(batch.id)
  const v = answer?.values ?? {}
  const errors = answer?.fieldErrors ?? {}
  const askWeekday = answer?.code === 'CONFIRM_WEEKDAY' || Boolean(errors.confirmWeekday)
  const p = `s${batch.id}`
  const min = dayInputValue(istDay(new Date(batch.startsOn)))
  const max = dayInputValue(istDay(new Date(batch.endsOn)))
  const lastLink = batch.sessions.at(-1)?.meetingLink ?? ''
  return (
    <details
      className="mt-6 rounded-xl border border-slate-200 p-4"
      open={Boolean(answer) || batch.sessions.length === 0}
      data-testid="schedule-form"
    >
      <summary className="cursor-pointer text-lg font-semibold text-brand-700">Schedule a session in {batch.label}</summary>
      {/* The key resets the fields after a session was scheduled (a new suggestion). */}
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" key={`${batch.sessions.length}`} noValidate>
        <input type="hidden" name="intent" value="schedule" />
        <input type="hidden" name="batchId" value={batch.id} />
        {answer ? (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200 sm:col-span-2">
            {answer.message}
          </p>
        ) : null}
        <Field
          id={`${p}-date`}
          label="Date"
          hint={`Within ${formatDateRange(batch.startsOn, batch.endsOn)}; weekends by default.`}
          error={errors.date}
        >
          {(props) => (
            <input
              {...props}
              name="date"
              type="date"
              min={min}
              max={max}
              required
              defaultValue={v.date ?? suggestedDay(batch, today)}
              className={inputClass}
            />
          )}
        </Field>
        <TimeAndLength p={p} values={v} errors={errors} />
        <Field id={`${p}-link`} label="Meeting link" hint="An https:// address your students join." error={errors.meetingLink}>
          {(props) => (
            <input {...props} name="meetingLink" type="url" required defaultValue={v.meetingLink ?? lastLink} className={inputClass} />
          )}
        </Field>
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
      </Form>
    </details>
  )
}

const alertClass = 'rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200 sm:col-span-2'

/**
 * "Lay out the sessions": the weekend days, a start time, one length and one link; "Preview the
 * dates" answers the computed dates (editable), "Create these sessions" creates them all at once.
 * A weekday or a day outside the batch asks for its box to be ticked. Works without JavaScript.
 */
function LayoutForm({ batch, answer }: { batch: MentorHomeBatch; answer?: ActionAnswer }) {
  const navigation = useNavigation()
  const busy =
    navigation.state !== 'idle' &&
    navigation.formData?.get('intent') === 'layout' &&
    navigation.formData?.get('batchId') === String(batch.id)
  const v = answer?.values ?? {}
  const errors = answer?.fieldErrors ?? {}
  const days = answer?.days ?? Object.keys(LAYOUT_DAYS)
  const dates = answer?.dates ?? []
  const plan = answer?.plan
  const askWeekday = Boolean(plan?.needsConfirmWeekday) || answer?.code === 'CONFIRM_WEEKDAY'
  const askOutside = Boolean(plan?.needsConfirmOutside) || answer?.code === 'CONFIRM_OUTSIDE'
  const p = `l${batch.id}`
  const lastLink = batch.sessions.at(-1)?.meetingLink ?? ''
  return (
    <details className="mt-6 rounded-xl border border-slate-200 p-4" open={Boolean(answer)} data-testid="layout-form">
      <summary className="cursor-pointer text-lg font-semibold text-brand-700">
        Lay out {SESSIONS_PER_LAYOUT} sessions in {batch.label}
      </summary>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <input type="hidden" name="intent" value="layout" />
        <input type="hidden" name="batchId" value={batch.id} />
        {answer?.message ? (
          <p role="alert" className={alertClass}>
            {answer.message}
          </p>
        ) : null}
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
          <Field
            id={`${p}-link`}
            label="Meeting link for the batch"
            hint="An https:// address your students join."
            error={errors.meetingLink}
          >
            {(props) => (
              <input {...props} name="meetingLink" type="url" required defaultValue={v.meetingLink ?? lastLink} className={inputClass} />
            )}
          </Field>
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
      </Form>
    </details>
  )
}

/**
 * Who came to a session: from its start, one form listing the seated students with present/absent
 * radios, showing what is recorded already; before the start, when it opens.
 */
function Attendance({
  batch,
  session,
  answer,
  saved,
}: {
  batch: MentorHomeBatch
  session: MentorHomeSession
  answer?: ActionAnswer
  saved: boolean
}) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('sessionId') === String(session.id)
  if (session.cancelled || batch.students.length === 0) return null
  if (!session.started) {
    return <p className="mt-2 text-sm text-slate-700">Attendance can be marked from the session’s start.</p>
  }
  const recorded = new Map(session.attendance.map((a) => [a.userId, a.status]))
  const present = session.attendance.filter((a) => a.status === 'present').length
  const headingId = `session-${session.id}-attendance`
  return (
    <Form
      method="post"
      className="mt-3 rounded-lg bg-white p-3 ring-1 ring-slate-200"
      aria-labelledby={headingId}
      data-testid="attendance-form"
    >
      <input type="hidden" name="intent" value="attendance" />
      <input type="hidden" name="sessionId" value={session.id} />
      <input type="hidden" name="batchId" value={batch.id} />
      <h4 id={headingId} className="font-semibold">
        Attendance<span className="sr-only"> for {formatDateTime(session.startsAt)}</span>
      </h4>
      <p className="text-sm text-slate-700" data-testid="attendance-recorded">
        {session.attendance.length === 0
          ? 'Nothing recorded yet.'
          : `Recorded: ${present} present, ${session.attendance.length - present} absent.`}
      </p>
      {saved ? (
        <p role="status" className="mt-2 text-sm text-emerald-900">
          Attendance saved.
        </p>
      ) : null}
      {answer ? (
        <p role="alert" className="mt-2 rounded-lg bg-red-50 p-2 text-red-900 ring-1 ring-red-200">
          {answer.message}
        </p>
      ) : null}
      <ul className="mt-2 divide-y divide-slate-200">
        {batch.students.map((st) => (
          <li key={st.id}>
            <fieldset className="flex flex-col gap-1 py-2 sm:flex-row sm:items-center sm:gap-6">
              <legend className="font-medium sm:float-left sm:w-1/3">{st.name || st.email || 'A student'}</legend>
              {(['present', 'absent'] as const).map((status) => (
                <label key={status} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name={`mark-${st.id}`}
                    value={status}
                    defaultChecked={recorded.get(st.id) === status}
                    className="h-4 w-4"
                  />
                  {status === 'present' ? 'Present' : 'Absent'}
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
      <button type="submit" className={`${primaryButton} mt-2`} disabled={busy}>
        {busy ? 'Saving…' : 'Save attendance'}
      </button>
    </Form>
  )
}

function NextBatch({ home, answer }: { home: MentorHome; answer?: ActionAnswer }) {
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'open'
  const { next } = home
  return (
    <section
      aria-labelledby="next-batch-heading"
      className="mt-8 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6"
      data-testid="next-batch"
    >
      <h2 id="next-batch-heading" className="text-xl font-semibold">
        Open the next batch
      </h2>
      {next.canOpen ? (
        <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
          <input type="hidden" name="intent" value="open" />
          <p className="text-slate-800 sm:col-span-2">
            <span className="font-semibold">{next.label}</span> ({formatDateRange(next.startsOn, next.endsOn)})
            {next.after ? `, the month after your ${next.after.label} batch` : ''}. Continuing students get their seats first, then your
            waitlist.
          </p>
          {answer ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200 sm:col-span-2">
              {answer.message}
            </p>
          ) : null}
          <Field id="next-starts" label="First day" error={answer?.fieldErrors.startsOn}>
            {(props) => (
              <input
                {...props}
                name="startsOn"
                type="date"
                required
                defaultValue={answer?.values.startsOn ?? dayInputValue(istDay(new Date(next.startsOn)))}
                className={inputClass}
              />
            )}
          </Field>
          <Field id="next-ends" label="Last day" error={answer?.fieldErrors.endsOn}>
            {(props) => (
              <input
                {...props}
                name="endsOn"
                type="date"
                required
                defaultValue={answer?.values.endsOn ?? dayInputValue(istDay(new Date(next.endsOn)))}
                className={inputClass}
              />
            )}
          </Field>
          <div className="sm:col-span-2">
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? 'Opening…' : `Open ${next.label}`}
            </button>
          </div>
        </Form>
      ) : (
        <div className="mt-2 text-slate-800">
          <p>{next.reason}</p>
          <p className="mt-2">
            <Link to={`#batch-${next.open.id}`} className="font-semibold text-brand-700 underline">
              See your {next.open.label} batch
            </Link>{' '}
            · it starts {formatDate(next.open.startsOn)}.
          </p>
        </div>
      )}
    </section>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
