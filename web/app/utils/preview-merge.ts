import { type CopyValues, copyValues } from '@mentorloop/shared'
import type { LivePreviewMessage } from './live-preview'

/*
 * Merging a live-preview edit into published content (docs/design.md §7). Apart from the hook in
 * ./live-preview so that pages load it only while staff preview an edit (decision 118).
 */
const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/** The published document with the editor's values on top; a half-filled form never blanks a section. */
export function mergePreview<T>(base: T, incoming: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(incoming)) return (incoming ?? base) as T
  const out: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(incoming)) {
    if (value === undefined || value === null) continue
    out[key] = isPlainObject(value) && isPlainObject(out[key]) ? mergePreview(out[key], value) : value
  }
  return out as T
}

/** A list (FAQ, plans, testimonials) with the edited document swapped in by id. */
export function mergeIntoList<T extends { id: number | string }>(list: T[], message: LivePreviewMessage | null, slug: string): T[] {
  if (!message || message.collectionSlug !== slug) return list
  const id = message.data.id
  if (id === undefined) return list
  return list.map((item) => (String(item.id) === String(id) ? mergePreview(item, message.data) : item))
}

/**
 * The copy's figures with the edit in the preview on top (docs/decisions/091-copy-placeholders.md):
 * a batch size typed in the site settings, or a plan's price being changed, fills the placeholders
 * of what staff see before they publish.
 */
export function previewValues(
  published: CopyValues,
  preview: LivePreviewMessage,
  plans: { code: string; price: number; strikePrice: number | null; sessionsIncluded: number | null }[],
): CopyValues {
  const batchSize = preview.globalSlug === 'site-settings' && typeof preview.data.batchSize === 'string' ? preview.data.batchSize : null
  const edited = copyValues({
    batchSize: batchSize ?? published.batchSize,
    holdHours: published.holdHours,
    refundWindowHours: published.refundWindowHours,
    plans,
  })
  return { ...edited, plans: { ...published.plans, ...edited.plans } }
}
