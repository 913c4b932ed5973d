import { formatDateTime, type MentorHomeBatch, type MentorHomeSession } from '@mentorloop/shared'
import { primaryButton } from '~/components/buttons'
import { FormAlert, IntentForm, useBusy } from './formParts'
import type { ActionAnswer } from './types'

/**
 * Who came to a session (intent `attendance`): from its start, one form listing the seated
 * students with present/absent radios (`mark-<student id>`), showing what is recorded already;
 * before the start, when it opens.
 */
export function AttendanceForm({
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
  const busy = useBusy({ sessionId: session.id })
  if (session.cancelled || batch.students.length === 0) return null
  if (!session.started) {
    return <p className="mt-2 text-sm text-slate-700">Attendance can be marked from the session’s start.</p>
  }
  const recorded = new Map(session.attendance.map((a) => [a.userId, a.status]))
  const present = session.attendance.filter((a) => a.status === 'present').length
  const headingId = `session-${session.id}-attendance`
  return (
    <IntentForm
      intent="attendance"
      ids={{ sessionId: session.id, batchId: batch.id }}
      alert="none"
      className="mt-3 rounded-lg bg-white p-3 ring-1 ring-slate-200"
      aria-labelledby={headingId}
      data-testid="attendance-form"
    >
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
      <FormAlert message={answer?.message} className="mt-2 rounded-lg bg-red-50 p-2 text-red-900 ring-1 ring-red-200" />
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
    </IntentForm>
  )
}
