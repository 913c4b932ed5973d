import { formatDateRange, formatDateTime, type MentorHome, SESSIONS_PER_LAYOUT } from '@mentorloop/shared'
import type { ReactNode } from 'react'
import { SessionChangeNotice } from './SessionChange'
import type { DoneIds } from './types'

/** What the last form did, said once after its redirect (`?scheduled=`, `?laidOut=`, `?opened=`). */
export function DoneNotes({ home, done }: { home: MentorHome; done: DoneIds }) {
  const scheduled = done.scheduled ? home.batches.flatMap((b) => b.sessions).find((s) => s.id === done.scheduled) : null
  const opened = done.opened ? home.batches.find((b) => b.id === done.opened) : null
  const laidOut = done.laidOut ? home.batches.find((b) => b.id === done.laidOut) : null
  return (
    <div role="status" className="empty:hidden" data-testid="home-done">
      <SessionChangeNotice batches={home.batches} />
      {scheduled ? (
        <DoneNote>Session scheduled for {formatDateTime(scheduled.startsAt)}. Your students have been e-mailed.</DoneNote>
      ) : null}
      {laidOut ? (
        <DoneNote>
          {SESSIONS_PER_LAYOUT} sessions scheduled in {laidOut.label}. Your students have been e-mailed.
        </DoneNote>
      ) : null}
      {opened ? (
        <DoneNote>
          Your {opened.label} batch is open for bookings ({formatDateRange(opened.startsOn, opened.endsOn)}).
        </DoneNote>
      ) : null}
    </div>
  )
}

function DoneNote({ children }: { children: ReactNode }) {
  return <p className="mb-6 rounded-lg bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">{children}</p>
}
