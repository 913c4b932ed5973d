import { type BookingView, formatDateTime } from '@mentorloop/shared'
import { SessionTally } from '~/components/sessions/SessionTally'

/**
 * The sessions of a student's seat (issue 32): each with its own meeting link (an extra session
 * may have another call than the batch's), a cancelled one listed as cancelled without a link, a
 * count that matches the list, and the seat's calendar file.
 */
export function SessionTimes({ booking }: { booking: BookingView }) {
  const sessions = booking.sessions ?? []
  if (sessions.length === 0) return <p className="mt-2 text-slate-700">The timings for the session will be informed by the mentor soon</p>
  return (
    <div className="mt-2">
      <SessionTally sessions={sessions} />
      <ul className="mt-1 space-y-2 text-slate-800" aria-label={`Your sessions with ${booking.mentor.name}`}>
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-wrap items-baseline gap-x-3" data-testid="student-session">
            <span className={s.cancelled ? 'text-slate-600' : undefined}>
              <span className="font-medium">{s.title}</span>:{' '}
              <time dateTime={s.startsAt} className={s.cancelled ? 'line-through' : undefined}>
                {formatDateTime(s.startsAt)}
              </time>{' '}
              ({s.durationMinutes} min)
            </span>
            {s.cancelled ? (
              <span className="text-sm font-semibold text-amber-900">Cancelled</span>
            ) : s.meetingLink ? (
              <a href={s.meetingLink} target="_blank" rel="noreferrer" className="text-sm font-semibold text-brand-700 underline">
                Join the meeting
                <span className="sr-only">
                  {' '}
                  for {s.title}, {formatDateTime(s.startsAt)}
                </span>
              </a>
            ) : (
              <span className="text-sm text-slate-700">Link to follow</span>
            )}
          </li>
        ))}
      </ul>
      <div className="mt-2 flex flex-wrap gap-4 text-sm">
        <a href={`/myDashboard/calendar.ics?booking=${booking.id}`} className="font-semibold text-brand-700 underline" download>
          Add to calendar (.ics)
        </a>
      </div>
    </div>
  )
}
