import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { BatchCard } from '~/components/mentorHome/BatchCard'
import { DoneNotes } from '~/components/mentorHome/DoneNotes'
import { NextBatch } from '~/components/mentorHome/NextBatch'
import type { ActionAnswer } from '~/components/mentorHome/types'
import { PrivatePage } from '~/components/PrivatePage'
import { NO_STORE } from '~/utils/auth.server'
import { loadMentorHome, mentorHomeAction } from './mentor-home.server'

/**
 * The mentor's home on the site (docs/decisions/095-mentor-home.md): this month's and the next
 * batch with seats, the seated students and their contact numbers, the waitlist, the sessions
 * with their meeting links; "Schedule a session" and "Open the next batch". Plain <Form>s posting
 * to this route's action, so everything works without JavaScript; the CMS decides who sees what
 * (only the signed-in mentor's own data) and keeps the rules (dates inside the batch, a weekday
 * confirmed, no overlapping sessions, one open batch).
 *
 * The parts, by task (components/mentorHome): batches (BatchCard with its seats, NextBatch),
 * students (StudentList), sessions (SessionList, ScheduleSessionForm, LayoutSessionsForm),
 * attendance (AttendanceForm); every form is an IntentForm (formParts). The loader and the
 * four intents live in mentor-home.server.ts.
 */
export const meta: MetaFunction = () => [{ title: 'Your home · MentorLoop' }]

export async function loader({ request }: LoaderFunctionArgs) {
  return loadMentorHome(request)
}

export const headers = () => NO_STORE

export async function action({ request }: ActionFunctionArgs) {
  return mentorHomeAction(request)
}

export default function MentorHomePage() {
  const { home, done, today } = useLoaderData<typeof loader>()
  const answer = useActionData<typeof action>() as ActionAnswer | undefined
  return (
    <PrivatePage title="Your home" subtitle={`${home.mentor.name}: your batches, students and sessions. Times are India time (IST).`}>
      <DoneNotes home={home} done={done} />
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
          <BatchCard
            key={batch.id}
            batch={batch}
            answer={answer?.batchId === batch.id ? answer : undefined}
            today={today}
            marked={done.marked}
          />
        ))}
      </div>
      <NextBatch next={home.next} answer={answer?.intent === 'open' ? answer : undefined} />
    </PrivatePage>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
