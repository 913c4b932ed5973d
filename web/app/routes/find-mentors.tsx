import { batchStatusLine, formatDate, MESSAGES, mentorProfilePath, seatAction } from '@mentorloop/shared'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData, useNavigation, useSubmit } from '@remix-run/react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { CardOffer } from '~/components/mentors/MentorOffer'
import { MentorPhoto } from '~/components/mentors/MentorPhoto'
import { MentorRating } from '~/components/mentors/MentorRating'
import { CmsError } from '~/models/cms.server'
import { getMentorDirectory, getPlans } from '~/models/content.server'
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryFilters,
  directoryHref,
  offered,
  parseDirectoryFilters,
  skillsOf,
} from '~/models/mentorDirectory'
import { env } from '~/utils/env.server'
import { seoMeta } from '~/utils/seo'

/**
 * The public mentor directory (issues 12, 20, 22): published mentors as cards linking to their
 * profiles, a page at a time, filtered by company, skill and a fragment of the name with a plain
 * GET form (the filters live in the URL; every link and the form work before JavaScript loads).
 * The CMS filters and pages in its database (docs/decisions/081-directory-paging-in-the-database.md):
 * the page's size and time do not grow with the number of mentors. The skill list offers only the
 * chosen company's skills; an empty result says why and offers to clear a filter.
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
    // The plans give each card its price; without them (the CMS cannot say) the cards still show.
    const [page, plans] = await Promise.all([
      getMentorDirectory({ ...filters, limit: DIRECTORY_PAGE_SIZE }),
      getPlans('mentorship').catch(() => []),
    ])
    return { ok: true as const, filters, canonical, page, plans }
  } catch (error) {
    if (!(error instanceof CmsError)) throw error
    return { ok: false as const, filters, canonical, page: null, plans: [] }
  }
}

export const headers = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30, stale-while-revalidate=60' })

const select =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-slate-900 focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700'
const clearLink = 'font-semibold text-brand-700 underline'

/** Why nothing matched, in the visitor's terms, with a way out that keeps the other filters. */
function EmptyResult({ filters, skillOffered, pastEnd }: { filters: DirectoryFilters; skillOffered: boolean; pastEnd: boolean }) {
  const { company, skill, q } = filters
  const filtered = Boolean(company || skill || q)
  let reason: string = filtered ? 'No mentor matches these filters.' : MESSAGES.NO_MENTORS
  if (pastEnd) reason = `There is no page ${filters.page} for these filters.`
  else if (company && skill && !skillOffered) reason = `No mentor at ${company} lists ${skill}.`
  else if (q && !company && !skill) reason = `No mentor’s name contains “${q}”.`
  const ways: { href: string; label: string }[] = []
  if (pastEnd) ways.push({ href: directoryHref({ ...filters, page: 1 }), label: 'Go to the first page' })
  else {
    if (skill)
      ways.push({
        href: directoryHref({ ...filters, skill: '', page: 1 }),
        label: `Clear the skill${company ? ` (every ${company} mentor)` : ''}`,
      })
    if (company)
      ways.push({
        href: directoryHref({ ...filters, company: '', page: 1 }),
        label: `Clear the company${skill ? ` (every ${skill} mentor)` : ''}`,
      })
    if (q) ways.push({ href: directoryHref({ ...filters, q: '', page: 1 }), label: 'Clear the name search' })
    if (ways.length > 1) ways.push({ href: '/find-mentors', label: 'Clear all filters' })
  }
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6 text-center" data-testid="directory-empty">
      <p className="font-semibold text-slate-900">{reason}</p>
      {ways.length ? (
        <ul className="mt-3 flex flex-wrap justify-center gap-x-6 gap-y-2">
          {ways.map((w) => (
            <li key={w.href}>
              <Link to={w.href} className={clearLink}>
                {w.label}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

export default function FindMentors() {
  const data = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const submit = useSubmit()
  const filtering = navigation.state === 'loading' && navigation.location.pathname === '/find-mentors'
  const { filters } = data
  const filtered = Boolean(filters.company || filters.skill || filters.q)
  const options = data.page?.options ?? { companies: [], skills: [] }
  const skillOffered = !filters.skill || offered(options.skills, filters.skill)
  const companyOffered = !filters.company || offered(options.companies, filters.company)
  const page = data.page
  const plans = data.plans
  const first = page ? (page.page - 1) * page.limit + 1 : 0
  const last = page ? first + page.docs.length - 1 : 0
  return (
    <div className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="text-3xl font-bold text-slate-900">Find a mentor</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Engineers from top product companies. Pick a company or a skill, or search by name, then open a profile to book.
      </p>

      <Form
        method="get"
        role="search"
        aria-label="Filter mentors"
        className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-[1fr_1fr_1fr_auto] lg:items-end"
      >
        <label className="block text-sm font-semibold text-slate-800">
          Company
          {/* With JavaScript a new company applies at once, so the skill list narrows to its skills. */}
          <select
            name="company"
            defaultValue={filters.company}
            aria-describedby="company-hint"
            className={select}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
            <option value="">Any company</option>
            {companyOffered ? null : <option value={filters.company}>{filters.company}</option>}
            {options.companies.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Skill
          <select name="skill" defaultValue={filters.skill} className={select}>
            <option value="">{filters.company ? `Any skill at ${filters.company}` : 'Any skill'}</option>
            {skillOffered ? null : (
              <option value={filters.skill}>
                {filters.skill} (no mentor{filters.company ? ` at ${filters.company}` : ''})
              </option>
            )}
            {options.skills.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label className="block text-sm font-semibold text-slate-800">
          Name
          <input type="search" name="q" defaultValue={filters.q} maxLength={120} placeholder="e.g. Priya" className={select} />
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
      <p id="company-hint" className="mt-2 text-sm text-slate-700">
        Choosing a company shows its mentors and lists only their skills.
      </p>

      <div aria-live="polite" className="mt-8">
        {!page ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-center text-red-900">
            <p className="font-semibold">We could not load the mentors right now.</p>
            <a href={directoryHref(filters)} className="mt-2 inline-block font-semibold underline">
              Retry
            </a>
          </div>
        ) : page.docs.length === 0 ? (
          <EmptyResult filters={filters} skillOffered={skillOffered} pastEnd={page.totalDocs > 0} />
        ) : (
          <>
            <p className="text-sm text-slate-700" data-testid="directory-count">
              {page.totalPages > 1
                ? `Mentors ${first}–${last} of ${page.totalDocs}`
                : `${page.totalDocs} ${page.totalDocs === 1 ? 'mentor' : 'mentors'}`}
            </p>
            <ul className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {page.docs.map((m) => {
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
                    <MentorRating rating={m.rating} className="mt-3" />
                    <p className="mt-3 text-sm text-slate-700">
                      <span className="sr-only">Skills: </span>
                      {skillsOf(m).join(' · ')}
                    </p>
                    <p className={`mt-3 text-sm font-medium ${waitlist ? 'text-amber-900' : 'text-green-800'}`}>
                      {batchStatusLine(m, (iso) => formatDate(iso))}
                    </p>
                    <CardOffer plans={plans} schedule={m.schedule} hasBatch={m.batch !== null} />
                  </li>
                )
              })}
            </ul>
            {page.totalPages > 1 ? (
              <nav aria-label="Pages" className="mt-8 flex flex-wrap items-center justify-center gap-4">
                {page.page > 1 ? (
                  <Link to={directoryHref({ ...filters, page: page.page - 1 })} rel="prev" className={clearLink}>
                    Previous page
                  </Link>
                ) : null}
                <p className="text-sm text-slate-700" aria-current="page">
                  Page {page.page} of {page.totalPages}
                </p>
                {page.page < page.totalPages ? (
                  <Link to={directoryHref({ ...filters, page: page.page + 1 })} rel="next" className={clearLink}>
                    Next page
                  </Link>
                ) : null}
              </nav>
            ) : null}
          </>
        )}
      </div>
    </div>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
