import type { MetaDescriptor } from '@remix-run/node'

/** Title, description, canonical and Open Graph/Twitter tags for one route. */
export function seoMeta(opts: {
  title: string
  description: string
  url?: string
  siteName?: string | null
  noindex?: boolean
}): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [
    { title: opts.title },
    { name: 'description', content: opts.description },
    { property: 'og:type', content: 'website' },
    { property: 'og:title', content: opts.title },
    { property: 'og:description', content: opts.description },
    { property: 'og:site_name', content: opts.siteName ?? 'MentorLoop' },
    { property: 'og:locale', content: 'en_IN' },
    { name: 'twitter:card', content: 'summary' },
    { name: 'twitter:title', content: opts.title },
    { name: 'twitter:description', content: opts.description },
  ]
  if (opts.url) {
    tags.push({ property: 'og:url', content: opts.url }, { tagName: 'link', rel: 'canonical', href: opts.url })
  }
  if (opts.noindex) tags.push({ name: 'robots', content: 'noindex' })
  return tags
}
