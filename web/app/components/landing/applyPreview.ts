import { type CopyValues, earlyBirdBanner, fillCopy, now } from '@mentorloop/shared'
import {
  type FaqView,
  type PlanView,
  parseFaqs,
  parsePlans,
  parseSiteSettings,
  parseTestimonials,
  type SiteCopy,
  type TestimonialView,
  withPublishedRatingFigures,
} from '~/models/content'
import type { LivePreviewMessage } from '~/utils/live-preview'
import { mergeIntoList, mergePreview, previewValues } from '~/utils/preview-merge'

/** The published content the landing's loader sends (routes/_index.tsx), which the preview edits. */
type Published = {
  settings: Omit<SiteCopy, 'footer'>
  plans: PlanView[]
  faqs: FaqView[]
  testimonials: TestimonialView[]
  copy: CopyValues
  earlyBird: ReturnType<typeof earlyBirdBanner>
}

/**
 * The landing page's content with an edit from the CMS's live preview on top, normalised like
 * the published content (a section staff empty disappears, as it will once published) and with
 * the placeholders filled from the edited figures. Loaded only while staff preview an edit: the
 * content schemas (zod) stay out of every visitor's JavaScript (bench/landing).
 */
export function applyLandingPreview(data: Published, preview: LivePreviewMessage) {
  const editedPlans = parsePlans(mergeIntoList(data.plans, preview, 'plans'))
  // What staff type still holds placeholders: filled with the edited batch size and prices.
  const values = previewValues(data.copy, preview, editedPlans)
  const editsSettings = preview.globalSlug === 'site-settings'
  const edited = editsSettings ? fillCopy(parseSiteSettings(mergePreview(data.settings, preview.data)), values) : data.settings
  // A rating figure reads as published (real, or left out), whatever value staff type (docs/decisions/182).
  const settings = editsSettings ? { ...edited, hero: withPublishedRatingFigures(edited.hero, data.settings.hero) } : edited
  return {
    values,
    plans: fillCopy(editedPlans, values),
    settings,
    earlyBird: editsSettings ? earlyBirdBanner(settings.plansSection, now()) : data.earlyBird,
    faqs: fillCopy(parseFaqs(mergeIntoList(data.faqs, preview, 'faqs')), values),
    testimonials: parseTestimonials(mergeIntoList(data.testimonials, preview, 'testimonials')),
  }
}
