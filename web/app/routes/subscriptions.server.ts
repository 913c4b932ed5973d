import { type DiscountQuote, discountCodeField } from '@mentorloop/shared'
import { z } from 'zod'
import { CmsError, isCmsUnavailable } from '~/models/cms.server'
import { quoteDiscount } from '~/models/payments.server'

/** The discount code form: apply a code (the CMS prices it for this student) or remove it. */
const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('apply-code'), code: discountCodeField }),
  z.object({ intent: z.literal('remove-code') }),
])

export type DiscountAnswer =
  | { status: 200; body: { quote: DiscountQuote | null; typed: string } }
  | { status: 400 | 404 | 409 | 429 | 503; body: { error: string; typed: string } }

/**
 * What the page shows after "Apply": the code's prices for the plans it is for (decided by the
 * CMS for this student now), or why it was refused, in the CMS's words. Nothing is reserved: the
 * order reserves a use and may still refuse it (the last use went to another checkout).
 */
export async function applyDiscountCode(token: string, form: FormData): Promise<DiscountAnswer> {
  const typed = String(form.get('code') ?? '').slice(0, 40)
  const parsed = schema.safeParse(Object.fromEntries(form))
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? 'Type a discount code.'
    return { status: 400, body: { error: message, typed } }
  }
  if (parsed.data.intent === 'remove-code') return { status: 200, body: { quote: null, typed: '' } }
  try {
    return { status: 200, body: { quote: await quoteDiscount(token, parsed.data.code), typed: parsed.data.code } }
  } catch (error) {
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal) {
      const status = ([400, 404, 409, 429] as const).find((s) => s === (error as CmsError).status) ?? 400
      return { status, body: { error: refusal.message, typed } }
    }
    if (isCmsUnavailable(error))
      return { status: 503, body: { error: 'Discount codes cannot be checked right now. Please try again.', typed } }
    throw error
  }
}
