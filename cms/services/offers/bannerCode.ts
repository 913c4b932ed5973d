import type { BannerCode } from '@mentorloop/shared'
import type { FieldHook } from 'payload'

/**
 * The early-bird banner's code as the public site settings give it (decision 197): its name, its
 * end and whether it is switched on, read past the collection's access (students never read the
 * list of codes, only the one the banner names). The site hides the banner once the code ends.
 */
export const bannerCode: FieldHook = async ({ siblingData, req }): Promise<BannerCode | null> => {
  const ref = (siblingData as { bannerDiscountCode?: number | { id: number } | null } | undefined)?.bannerDiscountCode
  const id = typeof ref === 'object' && ref !== null ? ref.id : ref
  if (typeof id !== 'number') return null
  const doc = await req.payload.findByID({
    collection: 'discount-codes',
    id,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
    select: { code: true, endsAt: true, active: true },
  })
  if (!doc) return null
  return { code: doc.code, endsAt: doc.endsAt ?? null, active: doc.active !== false }
}
