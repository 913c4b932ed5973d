import { batchSizeRange, DEFAULT_MENTOR_CAPACITY, fillBatchSize, type MentorAvailability } from '@mentorloop/shared'
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
} from './content'
import { cached } from './content-cache.server'

/**
 * Public CMS content for the site: everything here is readable by anonymous visitors, so it is
 * fetched without a token and cached in this process (content-cache.server.ts). The CMS signals a
 * change through `POST /api/revalidate`; CONTENT_CACHE_TTL is only the safety net. Every answer is
 * normalised (content.ts) before it is cached: pages get whatever state the content is in
 * (nothing saved yet, a section left empty) as complete values or `null`, never a crash.
 */
const contentTtl = () => env.CONTENT_CACHE_TTL * 1000
// Seats change with every booking, which the CMS does not signal: a short freshness window,
// still served stale-while-revalidate so no visitor waits for it.
const AVAILABILITY_TTL_MS = 5_000

export const CONTENT_TAGS = ['site-settings', 'plans', 'faqs', 'testimonials', 'pages', 'mentors', 'availability'] as const
export type ContentTag = (typeof CONTENT_TAGS)[number]

/**
 * The batch size the site states, from the published mentors' real capacities ("12-15"; one rule:
 * batchSizeRange). Marketing writes `{batchSize}` in CMS copy; it is filled here, after the cache,
 * so a capacity change shows without a content change. Without mentors (or the CMS), the default.
 */
export async function getBatchSize(): Promise<string> {
  const mentors = await getMentorAvailability().catch(() => [])
  return batchSizeRange(mentors.map((m) => m.capacity)) ?? String(DEFAULT_MENTOR_CAPACITY)
}

const withBatchSize = async <T>(value: Promise<T>): Promise<T> => {
  const [v, size] = await Promise.all([value, getBatchSize()])
  return fillBatchSize(v, size)
}

export function getSiteSettings(): Promise<SiteCopy> {
  return withBatchSize(loadSiteSettings())
}

function loadSiteSettings(): Promise<SiteCopy> {
  return cached('site-settings', { ttlMs: contentTtl(), tags: ['site-settings'] }, async () =>
    parseSiteSettings(await cms<unknown>('/globals/site-settings', { query: { depth: 0 } })),
  )
}

export function getPlans(product: Plan['product']): Promise<PlanView[]> {
  return withBatchSize(
    cached(`plans:${product}`, { ttlMs: contentTtl(), tags: ['plans'] }, async () => {
      const res = await cms<Paginated<unknown>>('/plans', {
        query: {
          where: { product: { equals: product }, active: { equals: true } },
          sort: 'order',
          limit: 20,
          depth: 0,
        },
      })
      return parsePlans(res.docs)
    }),
  )
}

export function getFaqs(): Promise<FaqView[]> {
  return withBatchSize(
    cached('faqs', { ttlMs: contentTtl(), tags: ['faqs'] }, async () => {
      const res = await cms<Paginated<unknown>>('/faqs', { query: { sort: 'order', limit: 50, depth: 0 } })
      return parseFaqs(res.docs)
    }),
  )
}

export function getTestimonials(): Promise<TestimonialView[]> {
  return cached('testimonials', { ttlMs: contentTtl(), tags: ['testimonials'] }, async () => {
    const res = await cms<Paginated<unknown>>('/testimonials', { query: { sort: 'order', limit: 20, depth: 0 } })
    return parseTestimonials(res.docs)
  })
}

/** A policy page, or `null` when it is missing or has no title and text (the route answers 404). */
export function getPage(slug: string): Promise<PageView | null> {
  return withBatchSize(
    cached(`page:${slug}`, { ttlMs: contentTtl(), tags: ['pages'] }, async () => {
      const res = await cms<Paginated<unknown>>('/pages', {
        query: { where: { slug: { equals: slug } }, limit: 1, depth: 0 },
      })
      return parsePage(res.docs[0])
    }),
  )
}

/** Every published mentor with seats, from one CMS call (one SQL query there). */
export function getMentorAvailability(): Promise<MentorAvailability[]> {
  return cached('availability', { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'] }, async () => {
    const res = await cms<Paginated<MentorAvailability>>('/mentors/availability', { timeoutMs: 5_000 })
    return res.docs
  })
}
