import type { QbCreateOrderResponse } from '@mentorloop/shared'
import type { Banner } from './StatusBanner'

/** The subscription action's answers, read by the page's fetchers. */
export type ActionResult =
  | { intent: 'subscribe'; order: QbCreateOrderResponse; error?: undefined }
  | { intent: 'verify'; ok: true; message: string; error?: undefined }
  | { intent: 'free'; info: string; error?: undefined }
  | { intent: string; error: string }

/** The banner an answer shows (an error, a note, a success). */
export function bannerFrom(result: ActionResult | undefined): Banner | null {
  if (!result) return null
  if (result.error) return { kind: 'error', text: result.error }
  if ('info' in result) return { kind: 'info', text: result.info }
  if ('ok' in result) return { kind: 'success', text: result.message }
  return null
}
