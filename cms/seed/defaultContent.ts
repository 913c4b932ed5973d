import type { CollectionSlug, Where } from 'payload'
import { faqs } from './content/faqs'
import { pages } from './content/pages'
import { siteSettings } from './content/siteSettings'
import { testimonials } from './content/testimonials'
import { lexicalFromSections } from './lexical'
import { plans } from './plans'

/**
 * The product's default public content, as Payload documents: one mapping of the seed's content
 * modules, shared by the development seed (create-if-missing) and by `npm run content:init`
 * (production: all of it, into an empty database). Everything is published.
 */
export type DefaultDocument = {
  collection: CollectionSlug
  /** The natural key: the seed creates the document only when nothing matches it. */
  key: Where
  data: Record<string, unknown>
}

/** The site-settings global: every piece of landing-page copy. */
export const defaultSiteSettings = (): Record<string, unknown> => ({ ...siteSettings, _status: 'published' })

/** Plans, FAQ and policy pages: the content a production site starts with. */
export function defaultDocuments(): DefaultDocument[] {
  return [
    ...plans.map((plan) => ({ collection: 'plans' as const, key: { code: { equals: plan.code } }, data: { ...plan } })),
    ...faqs.map((faq) => ({
      collection: 'faqs' as const,
      key: { question: { equals: faq.question } },
      data: { ...faq, _status: 'published' },
    })),
    ...pages.map((page) => ({
      collection: 'pages' as const,
      key: { slug: { equals: page.slug } },
      data: {
        slug: page.slug,
        title: page.title,
        summary: page.summary,
        content: lexicalFromSections(page.sections),
        _status: 'published',
      },
    })),
  ]
}

/**
 * The hero's testimonials: invented students quoting invented results. Fine for trying the
 * product in development; a live site publishes its real students' words, so content:init leaves
 * them out (docs/decisions/057-content-init.md).
 */
export function demoTestimonials(): DefaultDocument[] {
  return testimonials.map((t) => ({
    collection: 'testimonials' as const,
    key: { name: { equals: t.name } },
    data: { ...t, _status: 'published' },
  }))
}
