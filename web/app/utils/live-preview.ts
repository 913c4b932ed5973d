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
