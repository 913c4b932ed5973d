import { batchStatusLine, earlyBirdBanner, formatDate, type MentorCard, now, seatAction } from '@mentorloop/shared'
import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { type ShouldRevalidateFunction, useLoaderData, useSearchParams } from '@remix-run/react'
import { useEffect, useState } from 'react'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { BookingSection } from '~/components/landing/BookingSection'
import { Explainers } from '~/components/landing/Explainers'
import { FeatureStrip } from '~/components/landing/FeatureStrip'
import { Hero } from '~/components/landing/Hero'
import { MentorsList, MentorsLoading, MentorsSectionShell } from '~/components/landing/MentorsSection'
import { PlansSection } from '~/components/landing/PlansSection'
import { AboutSection, ContactSection, FaqSection } from '~/components/landing/TextSections'
import type { MentorsResult } from '~/components/landing/types'
import { CmsError, cms } from '~/models/cms.server'
import {
  getCopyValues,
  getFaqs,
  getMentorCard,
  getMentorDirectory,
  getMentorHighlights,
  getPlans,
  getSiteSettings,
  getTestimonials,
} from '~/models/content.server'
import { getPlanStates } from '~/models/payments.server'
import { getOptionalUser } from '~/utils/auth.server'
import { readBookingDraft } from '~/utils/booking-draft.server'
import { env } from '~/utils/env.server'
import { useLivePreview } from '~/utils/live-preview'
import { logger } from '~/utils/logger.server'
import { seoMeta } from '~/utils/seo'
import { getSessionToken } from '~/utils/session.server'

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  seoMeta({
    title: data?.settings.seoTitle ?? data?.settings.siteName ?? 'MentorLoop',
    description: data?.settings.seoDescription ?? '',
    url: data?.canonical,
    siteName: data?.settings.siteName,
  })

const MENTORS_UNAVAILABLE = 'We could not load the mentors right now.'

/**
 * The landing page's mentors: a bounded selection chosen in the CMS (featured first, then open
 * seats; docs/decisions/080), so the page's size does not grow with the number of mentors.
 */
async function loadMentors(count: Promise<number>): Promise<MentorsResult> {
  try {
    const mentors = await getMentorHighlights(await count)
    return { ok: true, mentors: mentors.map((m) => ({ ...m, statusLine: batchStatusLine(m, (iso) => formatDate(iso)) })) }
  } catch (error) {
    logger.warn({ msg: 'Mentor availability failed', err: error })
    return { ok: false, message: MENTORS_UNAVAILABLE }
  }
}

/** The chosen mentor's card when it is not among the shown ones (null when unknown or unpublished). */
async function chosenCard(mentors: Promise<MentorsResult>, id: number): Promise<MentorCard | null> {
  const shown = await mentors
  if (shown.ok && shown.mentors.some((m) => m.id === id)) return null
  return Number.isInteger(id) && id > 0 ? getMentorCard(id).catch(() => null) : null
}

/** How many mentors the booking form's search adds at most: the form stays small however many there are. */
const SEARCH_LIMIT = 8

export type MentorSearch = { query: string; mentors: MentorCard[]; message: string }

/**
 * The booking form's search (a plain GET form: `?mentorSearch=`): mentors by name, from the
 * directory's query in the CMS, so the form reaches every mentor who takes bookings, not only the
 * ones the page shows. The sentence is made here, not in the page's JavaScript (issue 32).
 */
async function searchMentors(query: string): Promise<MentorSearch> {
  try {
    const page = await getMentorDirectory({ company: '', skill: '', q: query, page: 1, limit: SEARCH_LIMIT })
    const shown = page.docs.length
    const message =
      page.totalDocs === 0
        ? `No mentor’s name matches “${query}”. Check the spelling, or browse all mentors.`
        : page.totalDocs > shown
          ? `${page.totalDocs} mentors match “${query}”: the first ${shown} are in the form below. Type more of the name to narrow it.`
          : `${page.totalDocs === 1 ? 'One mentor matches' : `${page.totalDocs} mentors match`} “${query}”: choose in the form below.`
    return { query, mentors: page.docs, message }
  } catch (error) {
    logger.warn({ msg: 'Mentor search failed', err: error })
    return { query, mentors: [], message: 'The search is not available right now. Please try again in a moment.' }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  // A page load (and a crawler, and the benchmark) gets every section in the HTML, so it works
  // without JavaScript; a client-side navigation gets the mentors streamed after the rest, with
  // "Loading mentors..." meanwhile.
  const streamMentors = request.headers.get('sec-fetch-dest') === 'empty'
  const siteSettings = getSiteSettings()
  const mentors = loadMentors(siteSettings.then((s) => s.mentorsSection.count))
  try {
    const [settings, plans, faqs, testimonials, copy, user] = await Promise.all([
      siteSettings,
      getPlans('mentorship'),
      getFaqs(),
      getTestimonials(),
      getCopyValues(),
      getOptionalUser(request).catch(() => null),
    ])
    // The booking this visitor started before signing in or paying fills the form again.
    const draft = await readBookingDraft(request, user?.id ?? null)
    // The booking form offers the shown mentors and the one a profile's link or the draft chose.
    const url = new URL(request.url)
    const wanted = Number(url.searchParams.get('mentor')) || draft?.mentorId || null
    const query = (url.searchParams.get('mentorSearch') ?? '').replace(/\s+/g, ' ').trim().slice(0, 80)
    const search = query ? searchMentors(query) : Promise.resolve(null)
    const chosenMentor = wanted ? chosenCard(mentors, wanted) : Promise.resolve(null)
    // A signed-in student's cards show their own plan and what they may not buy now.
    // The booking form is prefilled with the phone saved on their own profile at their last booking.
    const token = user ? await getSessionToken(request) : null
    const [owned, profile] = token
      ? await Promise.all([
          getPlanStates(token).then(
            ({ owned, refused }) => ({ owned, refused }),
            () => null,
          ),
          cms<{ phone?: string | null }>(`/users/${user?.id}`, { token, query: { depth: 0 } }).catch(() => null),
        ])
      : [null, null]
    // The sections' copy only (the footer comes with the layout): less to send and to hydrate.
    const { footer: _footer, ...sections } = settings
    return {
      settings: sections,
      // Decided per request from the clock: the cached settings cannot keep an ended offer up.
      earlyBird: earlyBirdBanner(sections.plansSection, now()),
      // The figures behind the copy's placeholders: the live preview fills what staff type with them.
      copy,
      plans,
      owned,
      faqs,
      testimonials,
      user: user ? { email: user.email, name: user.name, phone: profile?.phone ?? null } : null,
      draft,
      mentors: streamMentors ? mentors : await mentors,
      chosenMentor: await chosenMentor,
      search: await search,
      canonical: `${env.WEB_PUBLIC_URL}/`,
      cmsOrigin: new URL(env.CMS_PUBLIC_URL).origin,
    }
  } catch (error) {
    if (error instanceof CmsError) {
      throw new Response('The site’s content is temporarily unavailable. Please try again in a moment.', { status: 503 })
    }
    throw error
  }
}

/** Picking a mentor only changes `?mentor=`: the page's data stays, nothing is refetched. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formAction, formMethod, defaultShouldRevalidate }) => {
  if (formAction === '/newsletter') return false
  if (!formMethod && currentUrl.pathname === nextUrl.pathname) {
    const a = new URLSearchParams(currentUrl.search)
    const b = new URLSearchParams(nextUrl.search)
    if (a.get('mentor') !== b.get('mentor')) {
      a.delete('mentor')
      b.delete('mentor')
      if (a.toString() === b.toString()) return false
    }
  }
  return defaultShouldRevalidate
}

const isPromise = <T,>(v: T | Promise<T>): v is Promise<T> => typeof (v as Promise<T>)?.then === 'function'

/** The latest resolved value; while a new promise is pending the previous value stays on screen. */
function useResolved<T>(value: T | Promise<T>, onError: T): T | null {
  const [state, setState] = useState<T | null>(() => (isPromise(value) ? null : value))
  useEffect(() => {
    if (!isPromise(value)) {
      setState(value)
      return
    }
    let live = true
    value.then(
      (v) => live && setState(v),
      () => live && setState(onError),
    )
    return () => {
      live = false
    }
  }, [value, onError])
  return state
}

const MENTORS_ERROR: MentorsResult = { ok: false, message: MENTORS_UNAVAILABLE }

type LandingPreview = typeof import('~/components/landing/applyPreview')

/**
 * The live-preview merge and the content schemas (zod, a quarter of the page's JavaScript) are
 * needed in the browser only while staff preview an edit: loaded then, never for a visitor
 * (bench/landing: JS on /).
 */
function useLandingPreview(active: boolean): LandingPreview | null {
  const [module, setModule] = useState<LandingPreview | null>(null)
  useEffect(() => {
    if (active && !module) void import('~/components/landing/applyPreview').then((m) => setModule(m))
  }, [active, module])
  return module
}

export default function Index() {
  const data = useLoaderData<typeof loader>()
  const { user, mentors } = data
  const result = useResolved<MentorsResult>(mentors as MentorsResult | Promise<MentorsResult>, MENTORS_ERROR)
  const [searchParams] = useSearchParams()
  // Staff editing in the CMS see their unsaved changes here (live preview). Until the merge
  // arrives (a moment after the first edit), the published content is shown.
  const livePreview = useLivePreview(searchParams.has('livePreview'), data.cmsOrigin)
  const previewer = useLandingPreview(livePreview !== null)
  const { plans, settings, earlyBird, faqs, testimonials, values } =
    livePreview && previewer ? previewer.applyLandingPreview(data, livePreview) : { ...data, values: data.copy }
  const wanted = Number(searchParams.get('mentor')) || data.draft?.mentorId || data.search?.mentors[0]?.id
  const offered = [
    ...(result?.ok ? result.mentors : []),
    ...(data.chosenMentor ? [data.chosenMentor] : []),
    ...(data.search?.mentors ?? []),
  ]
  const bookable = offered
    .filter((m, i) => offered.findIndex((o) => o.id === m.id) === i)
    .map((m) => ({ id: m.id, name: m.name, action: seatAction(m) }))
  const preselectedMentorId = Number.isInteger(wanted) && bookable.some((m) => m.id === wanted) ? wanted : null

  return (
    <>
      <Hero hero={settings.hero} testimonials={testimonials} siteName={settings.siteName} />
      <FeatureStrip features={settings.features} />
      <Explainers explainers={settings.explainers} />
      <MentorsSectionShell heading={settings.mentorsSection.heading} intro={settings.mentorsSection.intro}>
        {result ? <MentorsList result={result} /> : <MentorsLoading />}
      </MentorsSectionShell>
      <FaqSection
        heading={settings.faqSection.heading}
        faqs={faqs}
        openId={searchParams.has('livePreview') ? searchParams.get('faq') : null}
      />
      <AboutSection about={settings.about} />
      <ContactSection contact={settings.contact} supportEmail={settings.supportEmail} />
      {/* Re-mounted when a mentor card picks another mentor, so the form shows that choice. */}
      <BookingSection
        key={preselectedMentorId ?? 'none'}
        mentors={bookable}
        user={user}
        draft={data.draft}
        preselectedMentorId={preselectedMentorId}
        heading={settings.booking.heading}
        footnote={settings.booking.footnote}
        holdHours={values.holdHours}
        search={data.search}
      />
      <PlansSection heading={settings.plansSection.heading} banner={earlyBird} plans={plans} owned={data.owned} />
    </>
  )
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
