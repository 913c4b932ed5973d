import { formatDateTime, type MentorHomeBatch } from '@mentorloop/shared'
import { SessionTally } from '~/components/sessions/SessionTally'
import { AttendanceForm } from './AttendanceForm'
import { MoveOrCancelLink, SessionMeetingLink } from './SessionChange'
import type { ActionAnswer } from './types'

/** The batch's sessions with their meeting links, each with its attendance form. */
export function SessionList({ batch, answer, marked }: { batch: MentorHomeBatch; answer?: ActionAnswer; marked: number | null }) {
  return (
    <>
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
              <AttendanceForm
                batch={batch}
                session={s}
                answer={answer?.intent === 'attendance' && answer.values.sessionId === String(s.id) ? answer : undefined}
                saved={marked === s.id}
              />
            </li>
          ))}
        </ul>
      )}
    </>
  )
}
