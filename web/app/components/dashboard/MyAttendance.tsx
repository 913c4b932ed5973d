import { formatDateTime } from '@mentorloop/shared'
import { Form } from '@remix-run/react'
import { secondaryButton } from '~/components/buttons'
import type { AttendanceMark } from '~/models/calendar.server'

/** The student's own attendance, as their mentor marked it (nothing until a session has been marked). */
export function MyAttendance({ marks }: { marks: AttendanceMark[] }) {
  if (marks.length === 0) return null
  return (
    <section
      aria-labelledby="attendance-heading"
      className="mt-6 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
      data-testid="attendance"
    >
      <h2 id="attendance-heading" className="text-xl font-semibold">
        Your attendance
      </h2>
      <ul className="mt-4 divide-y divide-slate-200">
        {marks.map((m) => (
          <li key={m.sessionId} className="flex flex-wrap items-baseline justify-between gap-2 py-2">
            <span>
              <span className="font-medium">{m.title}</span> <span className="text-sm text-slate-600">· {formatDateTime(m.startsAt)}</span>
            </span>
            <span className={m.status === 'present' ? 'font-semibold text-emerald-800' : 'font-semibold text-amber-900'}>
              {m.status === 'present' ? 'Present' : 'Absent'}
              {m.dispute === 'open' ? <span className="font-normal text-slate-700"> · disputed: an admin will decide</span> : null}
              {m.dispute === 'upheld' ? <span className="font-normal text-slate-700"> · corrected after your dispute</span> : null}
              {m.dispute === 'rejected' ? <span className="font-normal text-slate-700"> · your dispute was not upheld</span> : null}
            </span>
            {m.status === 'absent' && !m.dispute ? (
              <Form method="post" className="flex w-full flex-wrap items-end gap-2" data-testid="dispute-attendance">
                <input type="hidden" name="intent" value="dispute" />
                <input type="hidden" name="sessionId" value={m.sessionId} />
                <label className="flex-1 text-sm text-slate-800">
                  Were you there? Tell us (optional)
                  <input name="note" maxLength={500} className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2" />
                </label>
                <button type="submit" className={secondaryButton}>
                  Dispute this mark
                </button>
              </Form>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  )
}
