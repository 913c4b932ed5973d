import { DEFAULT_OFFER_HOLD_HOURS, HOUR_MS } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'

/** How long a waiting student's seat offer is held (the `business-rules` global), in milliseconds. */
export async function offerHoldMs(req: PayloadRequest): Promise<number> {
  const rules = await req.payload.findGlobal({ slug: 'business-rules', depth: 0, overrideAccess: true, req }).catch(() => null)
  const hours = Number(rules?.offerHoldHours)
  return (Number.isFinite(hours) && hours > 0 ? hours : DEFAULT_OFFER_HOLD_HOURS) * HOUR_MS
}
