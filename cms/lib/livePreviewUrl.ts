/**
 * Where the admin's live preview opens an edited document on the site (issue 32: "live preview
 * opens at the edited item"): a policy or content page at its own address, a landing-page item at
 * its section, and a saved FAQ at its own question, opened (the browser scrolls to the anchor as
 * the preview loads; the site renders that question open; no script needed). The
 * site settings shape the whole landing page, so they open at its top.
 */
const SECTION_OF: Record<string, (data: Record<string, unknown>) => string> = {
  plans: (data) => (data.product === 'question-bank' ? '#landing-question-bank' : '#premium-plans'),
  // The edited question itself, opened: `faq` names it for the site, the anchor scrolls to it.
  faqs: (data) => (isDocId(data.id) ? `&faq=${data.id}#faq-${data.id}` : '#faq'),
  testimonials: () => '#testimonials',
}

const isDocId = (id: unknown): id is number | string => /^[1-9]\d{0,9}$/.test(String(id ?? ''))

export function livePreviewUrl(webUrl: string, collectionSlug: string | undefined, data: Record<string, unknown> | undefined): string {
  const base = webUrl.replace(/\/$/, '')
  const doc = data ?? {}
  if (collectionSlug === 'pages' && typeof doc.slug === 'string' && /^[a-z0-9-]+$/.test(doc.slug))
    return `${base}/${doc.slug}?livePreview=1`
  const section = collectionSlug ? SECTION_OF[collectionSlug] : undefined
  return `${base}/?livePreview=1${section ? section(doc) : ''}`
}
