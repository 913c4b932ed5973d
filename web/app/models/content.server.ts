import {
  type CopyValues,
  copyValues,
  DEFAULT_OFFER_HOLD_HOURS,
  DEFAULT_REFUND_WINDOW_HOURS,
  fillCopy,
  type MentorAvailability,
  type MentorCard,
  type MentorDirectoryPage,
  type MentorDirectoryQuery,
  type MentorHighlights,
  type MentorRating,
  type PublicRatingComment,
  type SiteRatingFigures,
} from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import { env } from '~/utils/env.server'
import { cms, type Paginated } from './cms.server'
import {
  type FaqView,
  type PageView,
  type PlanView,
  parseFaqs,
  parsePage,
  parsePlans,
  parseSiteSettings,
  parseTestimonials,
  type SiteCopy,
  type TestimonialView,
  withRatingFigures,
} from './content'
import { type CacheOptions, cached } from './content-cache.server'
import { syncContentVersions } from './content-versions.server'

/**
 * Public CMS content for the site: everything here is readable by anonymous visitors, so it is
 * fetched without a token and cached in this process (content-cache.server.ts). The CMS signals a
 * change through `POST /api/revalidate`, and every read first compares the CMS's content versions
 * (at most every 5 s, content-versions.server.ts), so a missed signal costs at most that long;
 * CONTENT_CACHE_TTL is only the last safety net. Every answer is
 * normalised (content.ts) before it is cached: pages get whatever state the content is in
 * (nothing saved yet, a section left empty) as complete values or `null`, never a crash.
 */
const contentTtl = () => env.CONTENT_CACHE_TTL * 1000
// Seats change with every booking, which the CMS does not signal: a short freshness window,
// still served stale-while-revalidate so no visitor waits for it.
const AVAILABILITY_TTL_MS = 5_000

/** The cache, once this instance knows the content versions are at most a few seconds old. */
async function read<T>(key: string, opts: CacheOptions, load: () => Promise<T>): Promise<T> {
  await syncContentVersions()
  return cached(key, opts, load)
}

export const CONTENT_TAGS = [
  'site-settings',
  'business-rules',
  'plans',
  'faqs',
  'testimonials',
  'pages',
  'mentors',
  'availability',
] as const
export type ContentTag = (typeof CONTENT_TAGS)[number]

/**
 * The figures copy states, from the data (docs/decisions/091-copy-placeholders.md): the batch size
 * staff set in the site settings, the seat hold of the business rules and the plans on sale.
 * Staff write `{batchSize}`, `{price:CODE}`… in CMS copy; it is filled here, after the cache, so a
 * changed price reads the same on every page without a content edit.
 */
export async function getCopyValues(): Promise<CopyValues> {
  const inputs = await Promise.all([
    loadSiteSettings().catch(() => null),
    getBusinessRules(),
    loadPlans('mentorship').catch(() => []),
    loadPlans('question-bank').catch(() => []),
  ])
  // The cached pieces are the same objects until the CMS changes one: so are the values, and the
  // filled copy below is computed once per change, not on every request.
  if (lastValues && inputs.every((v, i) => v === lastValues?.inputs[i])) return lastValues.values
  const [settings, rules, mentorship, questionBank] = inputs
  const values = copyValues({
    batchSize: settings?.batchSize,
    holdHours: rules.offerHoldHours,
    refundWindowHours: rules.refundWindowHours,
    plans: [...mentorship, ...questionBank],
  })
  lastValues = { inputs, values }
  return values
}

let lastValues: { inputs: unknown[]; values: CopyValues } | null = null
const filled = new WeakMap<object, WeakMap<CopyValues, unknown>>()

const withCopyValues = async <T>(value: Promise<T>): Promise<T> => {
  const [v, values] = await Promise.all([value, getCopyValues()])
  if (!v || typeof v !== 'object') return fillCopy(v, values)
  const byValues = filled.get(v) ?? new WeakMap<CopyValues, unknown>()
  filled.set(v, byValues)
  if (!byValues.has(values)) byValues.set(values, fillCopy(v, values))
  return byValues.get(values) as T
}

/** The business rules the site states to students (public in the CMS); the defaults when the CMS cannot say. */
const positiveOr = (v: unknown, fallback: number) => {
  const n = Number(v)
  return Number.isFinite(n) && n > 0 ? n : fallback
}

export function getBusinessRules(): Promise<{ offerHoldHours: number; refundWindowHours: number }> {
  return read('business-rules', { ttlMs: contentTtl(), tags: ['business-rules'] }, async () => {
    const raw = await cms<{ offerHoldHours?: unknown; refundWindowHours?: unknown }>('/globals/business-rules', { query: { depth: 0 } })
    return {
      offerHoldHours: positiveOr(raw?.offerHoldHours, DEFAULT_OFFER_HOLD_HOURS),
      refundWindowHours: positiveOr(raw?.refundWindowHours, DEFAULT_REFUND_WINDOW_HOURS),
    }
  }).catch(() => ({ offerHoldHours: DEFAULT_OFFER_HOLD_HOURS, refundWindowHours: DEFAULT_REFUND_WINDOW_HOURS }))
}

export async function getSiteSettings(): Promise<SiteCopy> {
  const [settings, figures] = await Promise.all([withCopyValues(loadSiteSettings()), getSiteRatingFigures()])
  const hero = withRatingFigures(settings.hero, figures)
  return hero === settings.hero ? settings : { ...settings, hero }
}

/** The hero's figures from real ratings (the CMS's text when the CMS cannot say). */
function getSiteRatingFigures(): Promise<SiteRatingFigures | null> {
  return cached('rating-figures', { ttlMs: AVAILABILITY_TTL_MS, tags: ['availability'] }, () =>
    cms<SiteRatingFigures>('/ratings/site', { timeoutMs: 5_000 }),
  ).catch(() => null)
}

/** A mentor's public rating and the comments shown on the profile (first name and college year at most). */
export function getMentorRatings(mentorId: number): Promise<{ rating: MentorRating; comments: PublicRatingComment[] }> {
  return cached(`ratings:${mentorId}`, { ttlMs: AVAILABILITY_TTL_MS, tags: ['availability'], group: { name: 'ratings', max: 500 } }, () =>
    cms<{ rating: MentorRating; comments: PublicRatingComment[] }>(`/ratings/mentor/${mentorId}`, { timeoutMs: 5_000 }),
  )
}

function loadSiteSettings(): Promise<SiteCopy> {
  return read('site-settings', { ttlMs: contentTtl(), tags: ['site-settings'] }, async () =>
    parseSiteSettings(await cms<unknown>('/globals/site-settings', { query: { depth: 0 } })),
  )
}

export function getPlans(product: Plan['product']): Promise<PlanView[]> {
  return withCopyValues(loadPlans(product))
}

function loadPlans(product: Plan['product']): Promise<PlanView[]> {
  return read(`plans:${product}`, { ttlMs: contentTtl(), tags: ['plans'] }, async () => {
    const res = await cms<Paginated<unknown>>('/plans', {
      query: {
        where: { product: { equals: product }, active: { equals: true } },
        sort: 'order',
        limit: 20,
        depth: 0,
      },
    })
    return parsePlans(res.docs)
  })
}

export function getFaqs(): Promise<FaqView[]> {
  return withCopyValues(
    read('faqs', { ttlMs: contentTtl(), tags: ['faqs'] }, async () => {
      const res = await cms<Paginated<unknown>>('/faqs', { query: { sort: 'order', limit: 50, depth: 0 } })
      return parseFaqs(res.docs)
    }),
  )
}

export function getTestimonials(): Promise<TestimonialView[]> {
  return read('testimonials', { ttlMs: contentTtl(), tags: ['testimonials'] }, async () => {
    const res = await cms<Paginated<unknown>>('/testimonials', { query: { sort: 'order', limit: 20, depth: 0 } })
    return parseTestimonials(res.docs)
  })
}

/** A policy page, or `null` when it is missing or has no title and text (the route answers 404). */
export function getPage(slug: string): Promise<PageView | null> {
  return withCopyValues(
    read(`page:${slug}`, { ttlMs: contentTtl(), tags: ['pages'] }, async () => {
      const res = await cms<Paginated<unknown>>('/pages', {
        query: { where: { slug: { equals: slug } }, limit: 1, depth: 0 },
      })
      return parsePage(res.docs[0])
    }),
  )
}

/** Every published mentor's card with seats, from one CMS call (one SQL query there). */
export function getMentorAvailability(): Promise<MentorCard[]> {
  return read('availability', { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'] }, async () => {
    const res = await cms<Paginated<MentorCard>>('/mentors/availability', { timeoutMs: 5_000 })
    return res.docs
  })
}

/** One published mentor's profile (the card with bio and LinkedIn), or null: one CMS call, cached per mentor. */
export function getMentorProfile(id: number): Promise<MentorAvailability | null> {
  return read(
    `profile:${id}`,
    { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'], group: { name: 'profiles', max: 500 } },
    async () => {
      const res = await cms<Paginated<MentorAvailability>>('/mentors/availability', { query: { id }, timeoutMs: 5_000 })
      return res.docs[0] ?? null
    },
  )
}

/**
 * The landing page's mentors (docs/decisions/080): at most `limit`, featured first, then those with
 * open seats, chosen in the CMS. Cached like the availability (seats change with every booking).
 */
export function getMentorHighlights(limit: number): Promise<MentorHighlights['docs']> {
  return cached(`highlights:${limit}`, { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'] }, async () => {
    const res = await cms<MentorHighlights>('/mentors/highlights', { query: { limit }, timeoutMs: 5_000 })
    return res.docs
  })
}

/** One published mentor's card (the booking form's choice when it is not among the highlights), or null. */
export async function getMentorCard(id: number): Promise<MentorHighlights['included']> {
  const res = await cms<MentorHighlights>('/mentors/highlights', { query: { limit: 1, include: id }, timeoutMs: 5_000 })
  return res.docs.find((m) => m.id === id) ?? res.included
}

/**
 * One page of the directory, filtered and paged in the CMS's database (docs/decisions/081), cached
 * like the availability (seats change with bookings: 5 s). The filters come from the URL (any
 * text), so the directory's entries are a bounded group: the oldest goes when it is full.
 */
export function getMentorDirectory(query: MentorDirectoryQuery): Promise<MentorDirectoryPage> {
  const key = `directory:${JSON.stringify([query.company.toLowerCase(), query.skill.toLowerCase(), query.q.toLowerCase(), query.page, query.limit])}`
  const opts = { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'], group: { name: 'directory', max: DIRECTORY_CACHE_ENTRIES } }
  return cached(key, opts, () => cms<MentorDirectoryPage>('/mentors/directory', { query, timeoutMs: 5_000 }))
}

/** How many distinct directory pages the site keeps (each a few KB). */
const DIRECTORY_CACHE_ENTRIES = 200
