import type { Faq, Page, Plan, SiteSetting, Testimonial } from '@mentorloop/shared/payload-types'
import { cms, type Paginated } from './cms.server'

/** Public CMS content for the site: everything here is readable by anonymous visitors. */

export async function getSiteSettings(): Promise<SiteSetting> {
  return cms<SiteSetting>('/globals/site-settings', { query: { depth: 0 } })
}

export async function getPlans(product: Plan['product']): Promise<Plan[]> {
  const res = await cms<Paginated<Plan>>('/plans', {
    query: {
      where: { product: { equals: product }, active: { equals: true } },
      sort: 'order',
      limit: 20,
      depth: 0,
    },
  })
  return res.docs
}

export async function getFaqs(): Promise<Faq[]> {
  const res = await cms<Paginated<Faq>>('/faqs', { query: { sort: 'order', limit: 50, depth: 0 } })
  return res.docs
}

export async function getTestimonials(): Promise<Testimonial[]> {
  const res = await cms<Paginated<Testimonial>>('/testimonials', { query: { sort: 'order', limit: 20, depth: 0 } })
  return res.docs
}

export async function getPage(slug: string): Promise<Page | null> {
  const res = await cms<Paginated<Page>>('/pages', {
    query: { where: { slug: { equals: slug } }, limit: 1, depth: 0 },
  })
  return res.docs[0] ?? null
}
