import { batchStatusLine, formatDate, MESSAGES, mentorProfilePath, seatAction } from '@mentorloop/shared'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { MentorPhoto } from '~/components/mentors/MentorPhoto'
import { CmsError } from '~/models/cms.server'
import { getMentorAvailability } from '~/models/content.server'
import { directoryOptions, filterMentors, parseDirectoryFilters, skillsOf } from '~/models/mentorDirectory'
import { env } from '~/utils/env.server'
import { seoMeta } from '~/utils/seo'

/**
 * The public mentor directory (issue 12): every published mentor as a card linking to their
 * profile, filtered by company and skill with a plain GET form (works before JavaScript loads).
 * Data from the public availability content (cached, revalidated: decision 031), never e-mails.
 */

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: 'Find a mentor | MentorLoop',
    description: 'Browse MentorLoop mentors by company and skill: engineers from top product companies, their next batch and seats left.',
    // Filtered views are the same page: one canonical address.
    url: data?.canonical,
  })

export async function loader({ request }: LoaderFunctionArgs) {
  const filters = parseDirectoryFilters(new URL(request.url).searchParams)
  const canonical = `${env.WEB_PUBLIC_URL.replace(/\/$/, '')}/find-mentors`
  try {
    const mentors = await getMentorAvailability()
    return { ok: true as const, filters, canonical, options: directoryOptions(mentors), mentors: filterMentors(mentors, filters) }
  } catch (error) {
    if (!(error instanceof CmsError)) throw error
    return { ok: false as const, filters, canonical, options: { companies: [], skills: [] }, mentors: [] }
  }
}

export const headers = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=60' })

const select =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700'

export default function FindMentors() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const filtering = navigation.state === 'loading' && navigation.location.pathname === '/find-mentors'
  const filtered = Boolean(data.filters.company || data.filters.skill)
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Find a mentor</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Engineers from top product companies. Pick a company or a skill, then open a profile to book.
      </p>

      <Form
        method="get"
        className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <label className="block text-sm font-semibold text-slate-800">
          Company
          <select name="company" defaultValue={data.filters.company} className={select}>
            <option value="">Any company</option>
            {data.options.companies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Skill
          <select name="skill" defaultValue={data.filters.skill} className={select}>
            <option value="">Any skill</option>
            {data.options.skills.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="rounded-lg bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-900">
            {filtering ? 'Filtering…' : 'Show mentors'}
          </button>
          {filtered ? (
            <Link to="/find-mentors" className="rounded-lg px-3 py-2 font-semibold text-brand-700 underline">
              Clear filters
            </Link>
          ) : null}
        </div>
      </Form>

      <div aria-live="polite" className="mt-8">
        {!data.ok ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
            <p className="font-semibold">We could not load the mentors right now.</p>
            <a href="/find-mentors" className="mt-2 inline-block font-semibold underline">
              Retry
            </a>
          </div>
        ) : data.mentors.length === 0 ? (
          <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center" data-testid="directory-empty">
            <p className="font-semibold text-slate-900">{filtered ? 'No mentor matches these filters.' : MESSAGES.NO_MENTORS}</p>
            {filtered ? (
              <Link to="/find-mentors" className="mt-3 inline-block font-semibold text-brand-700 underline">
                Clear filters and see all mentors
              </Link>
            ) : null}
          </div>
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="directory-count">
              {data.mentors.length} {data.mentors.length === 1 ? 'mentor' : 'mentors'}
            </p>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {data.mentors.map((m) => {
                const waitlist = seatAction(m) === 'waitlist'
                return (
                  <li
                    key={m.id}
                    className="relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
                    data-testid="directory-card"
                  >
                    <div className="flex items-center gap-4">
                      <MentorPhoto mentor={m} size={64} className="shrink-0" />
                      <div className="min-w-0">
                        <h2 className="break-words text-lg font-bold text-slate-900">
                          <Link to={mentorProfilePath(m)} className="after:absolute after:inset-0 hover:underline">
                            {m.name}
                          </Link>
                        </h2>
                        <p className="break-words text-slate-700">
                          {m.profession} <span className="text-slate-600">at</span> {m.company}
                        </p>
                      </div>
                    </div>
                    <p className="mt-3 text-sm text-slate-700">
                      <span className="sr-only">Skills: </span>
                      {skillsOf(m).join(' · ')}
                    </p>
                    <p className={`mt-3 text-sm font-medium ${waitlist ? 'text-amber-900' : 'text-green-800'}`}>
                      {batchStatusLine(m, (iso) => formatDate(iso))}
                    </p>
                  </li>
                )
              })}
            </ul>
          </>
        )}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
