import { formatDateRange, type MentorHomeBatch } from '@mentorloop/shared'
import { LayoutSessionsForm } from './LayoutSessionsForm'
import { ScheduleSessionForm } from './ScheduleSessionForm'
import { SessionList } from './SessionList'
import { StudentList } from './StudentList'
import type { ActionAnswer } from './types'

const STATUS_TEXT: Record<string, string> = { running: 'Running this month', open: 'Open for bookings' }

/**
 * One running or open batch: its seats, its students, its sessions (with attendance) and the two
 * ways to add sessions. `answer` is the action's answer to a form of this batch.
 */
export function BatchCard({
  batch,
  answer,
  today,
  marked,
}: {
  batch: MentorHomeBatch
  answer?: ActionAnswer
  today: string
  marked: number | null
}) {
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
      <BatchSeats batch={batch} />
      <StudentList students={batch.students} />
      <SessionList batch={batch} answer={answer} marked={marked} />
      <LayoutSessionsForm batch={batch} answer={answer?.intent === 'layout' ? answer : undefined} />
      <ScheduleSessionForm batch={batch} answer={answer?.intent === 'schedule' ? answer : undefined} today={today} />
    </section>
  )
}

/** The batch's seats: how many, taken, held for someone, left. */
function BatchSeats({ batch }: { batch: MentorHomeBatch }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="batch-seats">
      <Figure term="Seats" value={batch.capacity} />
      <Figure term="Taken" value={batch.taken} />
      <Figure term="Held" value={batch.held} />
      <Figure term="Left" value={batch.left} />
    </dl>
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
