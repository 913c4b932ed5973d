import { MESSAGES, mentorProfilePath, seatAction } from '@mentorloop/shared'
import { Form, Link, useNavigation } from '@remix-run/react'
import { MentorPhoto } from '~/components/mentors/MentorPhoto'
import { MentorRating } from '~/components/mentors/MentorRating'
import { SectionLink } from './SectionLink'
import type { MentorCardData, MentorsResult } from './types'

export const LOADING_MENTORS = 'Loading mentors...'

export function MentorCard({ mentor }: { mentor: MentorCardData }) {
  const waitlist = seatAction(mentor) === 'waitlist'
  return (
    <li className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 text-center shadow-sm" data-mentor-id={mentor.id}>
      <Link to={mentorProfilePath(mentor)} className="group mx-auto rounded-lg">
        <MentorPhoto mentor={mentor} className="mx-auto" />
        <h3 className="mt-4 text-lg font-bold text-slate-900 underline-offset-4 group-hover:underline">{mentor.name}</h3>
      </Link>
      <p className="text-slate-700">
        {mentor.profession} <span className="text-slate-600">at</span> {mentor.company}
      </p>
      <MentorRating rating={mentor.rating} className="mt-2" />
      <p className="mt-2 text-sm text-slate-600">
        <span className="sr-only">Skills: </span>
        {mentor.skills}
      </p>
      <p className={`mt-3 text-sm font-medium ${waitlist ? 'text-amber-900' : 'text-green-800'}`} data-testid="batch-status">
        {mentor.statusLine}
      </p>
      <div className="mt-auto pt-5">
        <SectionLink
          href={`/?mentor=${mentor.id}#booking`}
          aria-label={`${waitlist ? 'Join Waitlist' : 'Book Session'} with ${mentor.name}`}
          className={`block rounded-lg px-4 py-2.5 font-semibold ${
            waitlist ? 'border border-brand-700 text-brand-700 hover:bg-brand-50' : 'bg-brand-700 text-white hover:bg-brand-900'
          }`}
        >
          {waitlist ? 'Join Waitlist' : 'Book Session'}
        </SectionLink>
      </div>
    </li>
  )
}

export function MentorsList({ result }: { result: MentorsResult }) {
  const navigation = useNavigation()
  if (!result.ok) {
    return (
      <div role="alert" className="mx-auto mt-10 max-w-xl rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
        <p className="font-semibold">{result.message}</p>
        {/* A plain GET of the page without JavaScript; with it, the page's data is fetched again in place. */}
        <Form method="get" action="/" preventScrollReset>
          <button type="submit" className="mt-4 inline-block rounded-lg bg-red-800 px-4 py-2 font-semibold text-white hover:bg-red-900">
            {navigation.state === 'loading' && navigation.location.pathname === '/' ? 'Retrying…' : 'Retry'}
          </button>
        </Form>
      </div>
    )
  }
  if (result.mentors.length === 0) {
    return <p className="mt-10 text-center text-slate-600">{MESSAGES.NO_MENTORS}</p>
  }
  return (
    <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {result.mentors.map((m) => (
        <MentorCard key={m.id} mentor={m} />
      ))}
    </ul>
  )
}

export function MentorsLoading() {
  return (
    <p role="status" className="mt-10 text-center text-slate-600">
      {LOADING_MENTORS}
    </p>
  )
}

export function MentorsSectionShell({ heading, intro, children }: { heading: string; intro?: string | null; children: React.ReactNode }) {
  return (
    <section id="mentors" aria-labelledby="mentors-heading" className="mx-auto max-w-6xl px-4 py-16">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-3xl">
          <h2 id="mentors-heading" className="text-3xl font-bold">
            {heading}
          </h2>
          {intro ? <p className="mt-3 text-slate-700">{intro}</p> : null}
        </div>
        <Link to="/find-mentors" className="rounded-lg border border-slate-300 px-4 py-2 font-semibold text-slate-800 hover:bg-slate-100">
          All Mentors
        </Link>
      </div>
      {children}
    </section>
  )
}
