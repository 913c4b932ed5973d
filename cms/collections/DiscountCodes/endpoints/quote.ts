import { type DiscountQuote, discountQuoteRequestSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { quoteDiscount } from '../../../services/offers'

/** POST /api/discount-codes/quote { code, planCode? } — the prices the code gives the signed-in student, before paying. */
export const quoteEndpoint = endpoint({
  path: '/quote',
  method: 'post',
  auth: 'user',
  // Bounds guessing codes: counted per account like every costly write.
  limit: perAccount('writeDiscountQuote'),
  body: discountQuoteRequestSchema,
  failure: 'The discount code could not be checked right now.',
  handler: async ({ req, user, body }) => {
    const answer: DiscountQuote = await quoteDiscount(req, { userId: user.id, code: body.code, planCode: body.planCode })
    return json(answer)
  },
})
