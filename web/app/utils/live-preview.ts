import { type CopyValues, copyValues } from '@mentorloop/shared'
import { useEffect, useState } from 'react'

/**
 * Payload live preview on the site (docs/design.md §7): in the admin's preview pane the site runs
 * with `?livePreview=1`, tells the admin it is ready, and receives the edited document's current
 * form values (`{ type: 'payload-live-preview', data, collectionSlug | globalSlug }`) on every
 * change, before anything is saved or published. Only messages from the CMS's origin count, and
 * they only change what this browser tab shows.
 */
export type LivePreviewMessage = { collectionSlug?: string; globalSlug?: string; data: Record<string, unknown> }

const TYPE = 'payload-live-preview'

export function useLivePreview(enabled: boolean, cmsOrigin: string | null): LivePreviewMessage | null {
  const [message, setMessage] = useState<LivePreviewMessage | null>(null)
  useEffect(() => {
    if (!enabled || !cmsOrigin) return
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== cmsOrigin) return
      let payload: unknown = event.data
      if (typeof payload === 'string') {
        try {
          payload = JSON.parse(payload)
        } catch {
          return
        }
      }
      const m = payload as { type?: unknown; data?: unknown; collectionSlug?: unknown; globalSlug?: unknown } | null
      if (!m || m.type !== TYPE || !m.data || typeof m.data !== 'object') return
      setMessage({
        data: m.data as Record<string, unknown>,
        collectionSlug: typeof m.collectionSlug === 'string' ? m.collectionSlug : undefined,
        globalSlug: typeof m.globalSlug === 'string' ? m.globalSlug : undefined,
      })
    }
    window.addEventListener('message', onMessage)
    if (window.parent !== window) window.parent.postMessage({ type: TYPE, ready: true }, cmsOrigin)
    return () => window.removeEventListener('message', onMessage)
  }, [enabled, cmsOrigin])
  return message
}

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
