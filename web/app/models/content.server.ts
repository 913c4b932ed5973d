import type { MentorAvailability } from '@mentorloop/shared'
import type { Faq, Page, Plan, SiteSetting, Testimonial } from '@mentorloop/shared/payload-types'
import { env } from '~/utils/env.server'
import { cms, type Paginated } from './cms.server'
import { cached } from './content-cache.server'

/**
 * Public CMS content for the site: everything here is readable by anonymous visitors, so it is
 * fetched without a token and cached in this process (content-cache.server.ts). The CMS signals a
 * change through `POST /api/revalidate`; CONTENT_CACHE_TTL is only the safety net.
 */
const contentTtl = () => env.CONTENT_CACHE_TTL * 1000
// Seats change with every booking, which the CMS does not signal: a short freshness window,
// still served stale-while-revalidate so no visitor waits for it.
const AVAILABILITY_TTL_MS = 5_000

export const CONTENT_TAGS = ['site-settings', 'plans', 'faqs', 'testimonials', 'pages', 'mentors', 'availability'] as const
export type ContentTag = (typeof CONTENT_TAGS)[number]

export function getSiteSettings(): Promise<SiteSetting> {
  return cached('site-settings', { ttlMs: contentTtl(), tags: ['site-settings'] }, () =>
    cms<SiteSetting>('/globals/site-settings', { query: { depth: 0 } }),
  )
}

export function getPlans(product: Plan['product']): Promise<Plan[]> {
  return cached(`plans:${product}`, { ttlMs: contentTtl(), tags: ['plans'] }, async () => {
    const res = await cms<Paginated<Plan>>('/plans', {
      query: {
        where: { product: { equals: product }, active: { equals: true } },
        sort: 'order',
        limit: 20,
        depth: 0,
      },
    })
    return res.docs
  })
}

export function getFaqs(): Promise<Faq[]> {
  return cached('faqs', { ttlMs: contentTtl(), tags: ['faqs'] }, async () => {
    const res = await cms<Paginated<Faq>>('/faqs', { query: { sort: 'order', limit: 50, depth: 0 } })
    return res.docs
  })
}

export function getTestimonials(): Promise<Testimonial[]> {
  return cached('testimonials', { ttlMs: contentTtl(), tags: ['testimonials'] }, async () => {
    const res = await cms<Paginated<Testimonial>>('/testimonials', { query: { sort: 'order', limit: 20, depth: 0 } })
    return res.docs
  })
}

export function getPage(slug: string): Promise<Page | null> {
  return cached(`page:${slug}`, { ttlMs: contentTtl(), tags: ['pages'] }, async () => {
    const res = await cms<Paginated<Page>>('/pages', {
      query: { where: { slug: { equals: slug } }, limit: 1, depth: 0 },
    })
    return res.docs[0] ?? null
  })
}

/** Every published mentor with seats, from one CMS call (one SQL query there). */
export function getMentorAvailability(): Promise<MentorAvailability[]> {
  return cached('availability', { ttlMs: AVAILABILITY_TTL_MS, tags: ['mentors', 'availability'] }, async () => {
    const res = await cms<Paginated<MentorAvailability>>('/mentors/availability', { timeoutMs: 5_000 })
    return res.docs
  })
}
