import { batchStatusLine, formatDate, formatDateRange, mentorSlug, parseMentorSlug, seatAction, waitlistNote } from '@mentorloop/shared'
import { type LoaderFunctionArgs, type MetaFunction, redirect } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { lowestPrice, ProfilePlans, scheduleText } from '~/components/mentors/MentorOffer'
import { MentorPhoto } from '~/components/mentors/MentorPhoto'
import { MentorRating } from '~/components/mentors/MentorRating'
import { CmsError } from '~/models/cms.server'
import { getBusinessRules, getMentorProfile, getMentorRatings, getPlans } from '~/models/content.server'
import { env } from '~/utils/env.server'
import { mentorProfileSeo } from '~/utils/mentorSeo'

/**
 * A published mentor's public profile at /mentor/<kebab-name>-<id> (issue 12). Data from the public
 * availability content (cached, revalidated by the CMS: decision 031), so drafts and e-mail
 * addresses never reach it. A wrong name part redirects (301) to the canonical address; an
 * unknown, unpublished or malformed slug is a 404.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data ? mentorProfileSeo(data.mentor, data.canonical) : [{ title: 'Mentor not found | MentorLoop' }]

const notFound = () => new Response('We could not find that mentor.', { status: 404 })

export async function loader({ params }: LoaderFunctionArgs) {
  const id = parseMentorSlug(params.slug ?? '')
  if (id === null) throw notFound()
  let mentor: Awaited<ReturnType<typeof getMentorProfile>>
  try {
    mentor = await getMentorProfile(id)
  } catch (error) {
    if (error instanceof CmsError)
      throw new Response('This profile is temporarily unavailable. Please try again in a moment.', { status: 503 })
    throw error
  }
  if (!mentor) throw notFound()
  const slug = mentorSlug(mentor)
  if (slug !== params.slug) throw redirect(`/mentor/${slug}`, 301)
  // The comments and the plans are extra: without them (the CMS cannot say) the profile still shows.
  const [rules, ratings, plans] = await Promise.all([
    getBusinessRules(),
    getMentorRatings(mentor.id).catch(() => null),
    getPlans('mentorship').catch(() => []),
  ])
  return {
    mentor,
    plans,
    comments: ratings?.comments ?? [],
    holdHours: rules.offerHoldHours,
    canonical: `${env.WEB_PUBLIC_URL.replace(/\/$/, '')}/mentor/${slug}`,
  }
}

export const headers = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=60' })

export default function MentorProfile() {
  const { mentor, comments, holdHours, plans } = useLoaderData<typeof loader>()
  const price = lowestPrice(plans)
  const waitlist = seatAction(mentor) === 'waitlist'
  const skills = mentor.skills
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
  return (
    <article className="mx-auto max-w-3xl px-4 py-10" aria-labelledby="mentor-name">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <Link to="/find-mentors" className="font-semibold text-brand-700 underline">
          All mentors
        </Link>
      </nav>
      <header className="mt-6 flex flex-col items-center gap-6 text-center sm:flex-row sm:items-start sm:text-left">
        <MentorPhoto mentor={mentor} size={160} eager className="shrink-0" />
        <div className="min-w-0">
          <h1 id="mentor-name" className="break-words text-3xl font-bold text-slate-900">
            {mentor.name}
          </h1>
          <p className="mt-2 text-lg text-slate-700">
            {mentor.profession} <span className="text-slate-600">at</span> {mentor.company}
          </p>
          <MentorRating rating={mentor.rating} className="mt-2" />
          {mentor.linkedin ? (
            <p className="mt-2">
              <a href={mentor.linkedin} rel="noopener noreferrer me" className="font-semibold text-brand-700 underline">
                LinkedIn profile<span className="sr-only"> of {mentor.name}</span>
              </a>
            </p>
          ) : null}
        </div>
      </header>

      <section aria-labelledby="skills-heading" className="mt-8">
        <h2 id="skills-heading" className="text-xl font-bold text-slate-900">
          Skills
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {skills.map((skill) => (
            <li key={skill} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-900">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      {mentor.bio ? (
        <section aria-labelledby="about-heading" className="mt-8">
          <h2 id="about-heading" className="text-xl font-bold text-slate-900">
            About
          </h2>
          <p className="mt-3 whitespace-pre-line break-words text-slate-800">{mentor.bio}</p>
        </section>
      ) : null}

      {comments.length > 0 ? (
        <section aria-labelledby="comments-heading" className="mt-8" data-testid="rating-comments">
          <h2 id="comments-heading" className="text-xl font-bold text-slate-900">
            What students say
          </h2>
          <ul className="mt-3 space-y-4">
            {comments.map((c) => (
              <li key={`${c.at}-${c.firstName}`} className="rounded-xl border border-slate-200 bg-white p-4">
                <p className="text-sm font-semibold text-slate-800">
                  <span aria-hidden="true" className="text-amber-700">
                    {'★'.repeat(c.stars)}
                  </span>
                  <span className="sr-only">{c.stars} out of 5 stars</span>
                </p>
                <blockquote className="mt-1 whitespace-pre-line break-words text-slate-800">{c.comment}</blockquote>
                <p className="mt-2 text-sm text-slate-600">
                  {c.firstName}
                  {c.collegeYear ? `, ${c.collegeYear}` : ''} · {formatDate(c.at)}
                </p>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="batch-heading" className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
        <h2 id="batch-heading" className="text-xl font-bold text-slate-900">
          Next batch
        </h2>
        <p className={`mt-2 font-medium ${waitlist ? 'text-amber-900' : 'text-green-800'}`} data-testid="batch-status">
          {batchStatusLine(mentor, (iso) => formatDate(iso))}
        </p>
        {mentor.batch ? (
          <p className="mt-2 text-slate-800" data-testid="batch-schedule">
            {mentor.batch.label}: {formatDateRange(mentor.batch.startsOn, mentor.batch.endsOn)}. {scheduleText(mentor.schedule)}.
          </p>
        ) : null}
        {price ? (
          <p className="mt-2 font-semibold text-slate-900" data-testid="batch-price">
            {price}
          </p>
        ) : null}
        {waitlist ? (
          <p className="mt-2 text-slate-700" data-testid="waitlist-note">
            {waitlistNote(mentor.name, holdHours)}
          </p>
        ) : null}
        <a
          href={`/?mentor=${mentor.id}#booking`}
          className={`mt-4 inline-block rounded-lg px-5 py-2.5 font-semibold ${
            waitlist ? 'border border-brand-700 text-brand-700 hover:bg-brand-50' : 'bg-brand-700 text-white hover:bg-brand-900'
          }`}
        >
          {waitlist ? 'Join Waitlist' : 'Book Session'}
          <span className="sr-only"> with {mentor.name}</span>
        </a>
      </section>

      {plans.length > 0 ? (
        <section aria-labelledby="plans-heading" className="mt-8">
          <h2 id="plans-heading" className="text-xl font-bold text-slate-900">
            What a seat includes
          </h2>
          <p className="mt-1 text-slate-700">Every plan is offered with every mentor; you choose one when you book.</p>
          <ProfilePlans plans={plans} />
        </section>
      ) : null}
    </article>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
