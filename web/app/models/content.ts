import type { SiteRatingFigures } from '@mentorloop/shared'
import { z } from 'zod'

/**
 * What the site shows of the CMS's public content, whatever state that content is in: a fresh
 * database (nothing saved), site settings saved with a section left empty, a plan without
 * features, a draft-only page. Every CMS answer goes through these schemas once, in
 * content.server.ts (and again in the browser over live-preview edits), so components get text
 * that is either there or `null`, lists that are arrays, and a section that has nothing to show
 * is `null`: it is left out, never rendered as an empty shell or read as `undefined`.
 *
 * The schemas never fail: a value of the wrong kind counts as missing.
 */

/** Visible text: trimmed; blank, missing or not text at all is `null`. */
/** The landing page's mentor cards: the CMS setting's default and its largest value (cms/globals/SiteSettings). */
export const LANDING_MENTORS_DEFAULT = 6
export const LANDING_MENTORS_MAX = 12

const text = z.string().trim().min(1).nullable().catch(null)
/** Text a list item cannot do without: an item missing it is dropped from its list. */
const required = z.string().trim().min(1)
/** Text with a label to fall back on (a section's heading when staff left it empty). */
const textOr = (fallback: string) => text.transform((v) => v ?? fallback)
const id = z.union([z.string(), z.number()]).transform(String).nullable().catch(null)
const money = z.number().nonnegative().nullable().catch(null)

/** The items of a list that parse; anything else in the list (incomplete, of the wrong kind) is dropped. */
function listOf<T extends z.ZodType>(item: T) {
  return z
    .unknown()
    .optional()
    .transform((v): z.output<T>[] => {
      if (!Array.isArray(v)) return []
      const out: z.output<T>[] = []
      for (const raw of v) {
        const parsed = item.safeParse(raw)
        if (parsed.success) out.push(parsed.data)
      }
      return out
    })
}

/** A group of fields, or `null` when it is missing or has nothing to show (`hasContent`). */
function section<S extends z.ZodRawShape>(shape: S, hasContent: (value: z.output<z.ZodObject<S>>) => boolean) {
  const object = z.object(shape)
  return z
    .unknown()
    .optional()
    .transform((v): z.output<z.ZodObject<S>> | null => {
      const parsed = object.safeParse(v ?? {})
      return parsed.success && hasContent(parsed.data) ? parsed.data : null
    })
}

const link = z.object({ id, label: required, href: required })

const heroSchema = section(
  {
    headline: text,
    subheadline: text,
    refundPromise: text,
    stats: listOf(
      z.object({ id, value: required, label: required, figure: z.enum(['text', 'averageRating', 'satisfaction']).catch('text') }),
    ),
  },
  (h) => Boolean(h.headline || h.subheadline || h.refundPromise || h.stats.length),
)

const siteSettingsSchema = z
  .object({
    siteName: textOr('MentorLoop'),
    seoTitle: text,
    seoDescription: text,
    supportEmail: text,
    /** What `{batchSize}` reads as (filled in content.server.ts, not shown on its own). */
    batchSize: text,
    hero: heroSchema,
    features: listOf(z.object({ id, title: required, description: required })),
    explainers: listOf(
      // A box without points is an empty shell.
      z.object({ id, title: required, points: listOf(z.object({ id, text: required })) }).refine((b) => b.points.length > 0),
    ),
    mentorsSection: section(
      {
        heading: textOr('Mentors'),
        intro: text,
        // How many cards the landing page shows (docs/decisions/080); the rest are in the directory.
        count: z.coerce.number().int().min(1).max(LANDING_MENTORS_MAX).catch(LANDING_MENTORS_DEFAULT),
      },
      () => true,
    ),
    about: section({ heading: textOr('About Us'), body: required }, () => true),
    faqSection: section({ heading: textOr('Frequently Asked Questions') }, () => true),
    contact: section({ heading: textOr('Contact Us'), body: text }, () => true),
    booking: section({ heading: textOr('Book Your Session'), footnote: text }, () => true),
    plansSection: section(
      {
        heading: textOr('Choose Your Plan'),
        banner: text,
        bannerEndsAt: text,
        // The discount code the banner names (decision 197): the banner ends with it.
        bannerCode: z
          .object({ code: z.string().min(1), endsAt: z.string().nullable(), active: z.boolean() })
          .nullable()
          .catch(null)
          .optional()
          .transform((v) => v ?? null),
      },
      () => true,
    ),
    footer: section(
      {
        tagline: text,
        services: listOf(link),
        informationLinks: listOf(link),
        newsletterHeading: text,
        socials: section({ linkedin: text, facebook: text, twitter: text }, () => true),
        madeWith: text,
      },
      () => true,
    ),
  })
  .transform((s) => ({
    ...s,
    // The section a visitor would find empty is left out: it shows the body or the support e-mail.
    contact: s.contact && (s.contact.body || s.supportEmail) ? s.contact : null,
    // These are always there (the nav links to them), with their fallback headings.
    mentorsSection: s.mentorsSection ?? { heading: 'Mentors', intro: null, count: LANDING_MENTORS_DEFAULT },
    faqSection: s.faqSection ?? { heading: 'Frequently Asked Questions' },
    plansSection: s.plansSection ?? { heading: 'Choose Your Plan', banner: null, bannerEndsAt: null, bannerCode: null },
    booking: s.booking ?? { heading: 'Book Your Session', footnote: null },
    footer: s.footer ?? {
      tagline: null,
      services: [],
      informationLinks: [],
      newsletterHeading: null,
      socials: null,
      madeWith: null,
    },
  }))

export type SiteCopy = z.output<typeof siteSettingsSchema>
export type HeroCopy = NonNullable<SiteCopy['hero']>
export type FooterCopy = SiteCopy['footer']

export function parseSiteSettings(raw: unknown): SiteCopy {
  // Given an object, this never fails: every field falls back to missing.
  return siteSettingsSchema.parse(raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {})
}

/** Payload's ids (serial); live-preview form data may carry them as numeric strings. */
const docId = z.coerce.number().int().positive()

/** A plan the site can show and sell: it has a code, a name and a price; features are optional. */
const planSchema = z.object({
  id: docId,
  code: required,
  product: z.enum(['mentorship', 'question-bank']),
  name: required,
  description: text,
  price: z.number().nonnegative(),
  strikePrice: money,
  currency: textOr('INR'),
  badge: text,
  sessionsIncluded: z.number().int().nonnegative().nullable().catch(null),
  features: listOf(z.object({ id, text: required, value: text, available: z.boolean().catch(true) })),
})
export type PlanView = z.output<typeof planSchema>

export const parsePlans = (raw: unknown): PlanView[] => listOf(planSchema).parse(raw)

const faqSchema = z.object({ id: docId, question: required, answer: required })
export type FaqView = z.output<typeof faqSchema>

export const parseFaqs = (raw: unknown): FaqView[] => listOf(faqSchema).parse(raw)

const testimonialSchema = z.object({ id: docId, name: required, role: text, text: required })
export type TestimonialView = z.output<typeof testimonialSchema>

export const parseTestimonials = (raw: unknown): TestimonialView[] => listOf(testimonialSchema).parse(raw)

/** Whether Lexical's JSON holds any visible text (an editor left empty still holds a paragraph). */
function hasText(node: unknown, depth = 0): boolean {
  if (!node || typeof node !== 'object' || depth > 50) return false
  const n = node as { text?: unknown; root?: unknown; children?: unknown }
  if (typeof n.text === 'string' && n.text.trim()) return true
  if (n.root) return hasText(n.root, depth + 1)
  return Array.isArray(n.children) && n.children.some((c) => hasText(c, depth + 1))
}

const pageSchema = z.object({
  id: docId,
  title: required,
  summary: text,
  // Lexical's JSON: the renderer (components/RichText.tsx) walks what it knows and skips the rest.
  content: z
    .unknown()
    .optional()
    .transform((v): Record<string, unknown> | null => (hasText(v) ? (v as Record<string, unknown>) : null)),
  updatedAt: text,
})
export type PageView = Omit<z.output<typeof pageSchema>, 'content'> & { content: Record<string, unknown> }

/** A policy page with a title and some text, or `null` (the route answers 404). */
export function parsePage(raw: unknown): PageView | null {
  const parsed = pageSchema.safeParse(raw)
  return parsed.success && parsed.data.content ? { ...parsed.data, content: parsed.data.content } : null
}

/**
 * The hero with its rating figures from real ratings (docs/decisions/108): a stat marked "average
 * rating" or "session satisfaction" shows the real figure once the site uses them (20 ratings),
 * and is left out until then.
 */
/**
 * The hero being edited in the live preview, its rating figures as the published page shows them
 * (the real figure, or none below the threshold): staff's typed value never shows as a rating.
 */
export function withPublishedRatingFigures(edited: HeroCopy | null, published: HeroCopy | null): HeroCopy | null {
  if (!edited || edited.stats.every((s) => s.figure === 'text')) return edited
  const shown = new Map((published?.stats ?? []).filter((s) => s.figure !== 'text').map((s) => [s.figure, s.value]))
  const stats = edited.stats.flatMap((s) => {
    if (s.figure === 'text') return [s]
    const value = shown.get(s.figure)
    return value === undefined ? [] : [{ ...s, value }]
  })
  return { ...edited, stats }
}

export function withRatingFigures(hero: HeroCopy | null, figures: SiteRatingFigures | null): HeroCopy | null {
  if (!hero || hero.stats.every((s) => s.figure === 'text')) return hero
  const live = figures?.live && figures.average !== null && figures.satisfaction !== null
  const real = live ? ({ averageRating: `${figures.average!.toFixed(1)}/5`, satisfaction: `${figures.satisfaction}%` } as const) : null
  // Below the threshold (or when the CMS cannot say) a rating figure is not shown at all: the text
  // typed in the CMS ("4.9/5") is not a rating anyone gave (docs/decisions/182).
  const stats = hero.stats.flatMap((s) => (s.figure === 'text' ? [s] : real ? [{ ...s, value: real[s.figure] }] : []))
  return { ...hero, stats }
}
