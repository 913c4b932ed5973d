import { describe, expect, it } from 'vitest'
import {
  parseFaqs,
  parsePage,
  parsePlans,
  parseSiteSettings,
  parseTestimonials,
  withPublishedRatingFigures,
  withRatingFigures,
} from './content'

/** What the CMS answers for site settings nobody has saved yet (a fresh production database). */
const UNSAVED = { id: 1, globalType: 'site-settings', siteName: 'MentorLoop', footer: { madeWith: 'x' }, hero: {}, about: {} }

const lexical = (text: string) => ({
  root: { type: 'root', children: [{ type: 'paragraph', children: text ? [{ type: 'text', text }] : [] }] },
})

describe('parseSiteSettings', () => {
  it('turns unsaved settings into a page with no sections, never undefined', () => {
    for (const raw of [UNSAVED, {}, null, undefined, 'nonsense', []]) {
      const copy = parseSiteSettings(raw)
      expect(copy.siteName).toBe('MentorLoop')
      expect(copy.seoTitle).toBeNull()
      expect(copy.hero).toBeNull()
      expect(copy.about).toBeNull()
      expect(copy.contact).toBeNull()
      expect(copy.features).toEqual([])
      expect(copy.explainers).toEqual([])
      expect(copy.footer.services).toEqual([])
      // The sections the nav links to keep a heading to fall back on.
      expect(copy.mentorsSection.heading).toBe('Mentors')
      expect(copy.faqSection.heading).toBe('Frequently Asked Questions')
      expect(copy.plansSection.heading).toBe('Choose Your Plan')
    }
  })

  it('leaves out a section saved empty, and keeps one with content', () => {
    const copy = parseSiteSettings({
      supportEmail: ' help@example.com ',
      hero: { headline: '  ', refundPromise: '', stats: [] },
      about: { heading: 'About Us', body: '   ' },
      contact: { heading: '', body: null },
      mentorsSection: { heading: '' },
    })
    expect(copy.hero).toBeNull()
    expect(copy.about).toBeNull()
    // Contact shows the support e-mail even without a body, under its fallback heading.
    expect(copy.contact).toEqual({ heading: 'Contact Us', body: null })
    expect(copy.supportEmail).toBe('help@example.com')
    expect(copy.mentorsSection.heading).toBe('Mentors')
  })

  it('drops incomplete list items and boxes without points', () => {
    const copy = parseSiteSettings({
      hero: { headline: 'Hi', stats: [{ value: '4.9/5', label: 'Rating' }, { value: '', label: 'x' }, 'junk', null] },
      features: [{ title: 'A', description: 'B' }, { title: 'No description' }],
      explainers: [{ title: 'How', points: [{ text: 'one' }, { text: '' }] }, { title: 'Empty', points: [] }, { title: 'None' }],
      footer: {
        services: [
          { label: 'Book', href: '/#booking' },
          { label: '', href: '/x' },
        ],
        socials: null,
        // A stored year (the field is gone: the year comes from the clock) is not kept.
        copyrightYear: 2025,
      },
    })
    expect(copy.hero?.stats).toEqual([{ id: null, value: '4.9/5', label: 'Rating', figure: 'text' }])
    expect(copy.features.map((f) => f.title)).toEqual(['A'])
    expect(copy.explainers).toEqual([{ id: null, title: 'How', points: [{ id: null, text: 'one' }] }])
    expect(copy.footer.services).toEqual([{ id: null, label: 'Book', href: '/#booking' }])
    expect(copy.footer.socials).toEqual({ linkedin: null, facebook: null, twitter: null })
    expect(copy.footer).not.toHaveProperty('copyrightYear')
  })

  it('is idempotent: normalised copy (with live-preview edits merged in) parses to itself', () => {
    const copy = parseSiteSettings({ siteName: 'X', about: { heading: 'A', body: 'B' }, hero: { headline: 'H' } })
    expect(parseSiteSettings(copy)).toEqual(copy)
  })
})

describe('the collections', () => {
  it('keeps plans that can be sold; a plan without features has an empty list', () => {
    const plans = parsePlans([
      { id: 1, code: 'A', product: 'mentorship', name: 'A plan', price: 599 },
      { id: 2, code: 'B', product: 'mentorship', name: 'No price' },
      { id: 3, code: '', product: 'mentorship', name: 'No code', price: 1 },
      { id: 4, code: 'C', product: 'mentorship', name: 'C', price: 0, features: [{ text: 'x' }, { value: '4' }], strikePrice: -1 },
    ])
    expect(plans.map((p) => p.code)).toEqual(['A', 'C'])
    expect(plans[0]!.features).toEqual([])
    expect(plans[1]!.features).toEqual([{ id: null, text: 'x', value: null, available: true }])
    expect(plans[1]!.strikePrice).toBeNull()
    expect(parsePlans(undefined)).toEqual([])
  })

  it('drops FAQ entries and testimonials without their text', () => {
    expect(
      parseFaqs([
        { id: 1, question: 'Q?', answer: 'A.' },
        { id: 2, question: 'Q?', answer: '' },
      ]),
    ).toHaveLength(1)
    // A live-preview edit may carry the id as a string; the item stays.
    expect(
      parseFaqs([
        { id: '3', question: 'Q?', answer: 'A.' },
        { id: 'x', question: 'Q?', answer: 'A.' },
      ]),
    ).toEqual([{ id: 3, question: 'Q?', answer: 'A.' }])
    expect(
      parseTestimonials([
        { id: 1, name: 'N', text: 'T' },
        { id: 2, name: 'N' },
      ]),
    ).toEqual([{ id: 1, name: 'N', role: null, text: 'T' }])
  })

  it('treats a policy page without a title or text as missing', () => {
    expect(parsePage(undefined)).toBeNull()
    expect(parsePage({ id: 1, title: 'Terms', content: lexical('') })).toBeNull()
    expect(parsePage({ id: 1, title: '', content: lexical('Words') })).toBeNull()
    expect(parsePage({ id: 1, title: 'Terms', content: lexical('Words'), updatedAt: '2026-01-01T00:00:00.000Z' })).toMatchObject({
      title: 'Terms',
      summary: null,
    })
  })
})

describe('withRatingFigures', () => {
  const hero = parseSiteSettings({
    hero: {
      headline: 'Hi',
      stats: [
        { value: '4.9/5', label: 'Average rating', figure: 'averageRating' },
        { value: '95%', label: 'Session satisfaction', figure: 'satisfaction' },
        { value: '3-5x', label: 'Cheaper' },
      ],
    },
  }).hero
  const values = (h: ReturnType<typeof withRatingFigures>) => h?.stats.map((s) => s.value)

  it('shows no rating figure until the site has real ones (20 ratings), nor when the CMS cannot say: never the CMS’s typed text', () => {
    expect(values(withRatingFigures(hero, { count: 19, average: 3.2, satisfaction: 40, live: false }))).toEqual(['3-5x'])
    expect(values(withRatingFigures(hero, { count: 0, average: null, satisfaction: null, live: false }))).toEqual(['3-5x'])
    expect(values(withRatingFigures(hero, null))).toEqual(['3-5x'])
    expect(withRatingFigures(null, { count: 25, average: 4, satisfaction: 80, live: true })).toBeNull()
  })

  it('in the live preview, a rating figure reads as published: real, or left out, never the typed value', () => {
    const published = withRatingFigures(hero, { count: 3, average: 4, satisfaction: 90, live: false })
    expect(values(withPublishedRatingFigures(hero, published))).toEqual(['3-5x'])
    const live = withRatingFigures(hero, { count: 25, average: 4.25, satisfaction: 84, live: true })
    expect(values(withPublishedRatingFigures(hero, live))).toEqual(['4.3/5', '84%', '3-5x'])
  })

  it('replaces only the stats marked as rating figures', () => {
    expect(values(withRatingFigures(hero, { count: 25, average: 4.25, satisfaction: 84, live: true }))).toEqual(['4.3/5', '84%', '3-5x'])
  })
})
