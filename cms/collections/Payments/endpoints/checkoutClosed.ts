import { checkoutClosedRequestSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { closeCheckout } from '../../../services/payments/closeCheckout'

/**
 * POST /api/payments/checkout-closed { orderId } — the student closed the checkout without paying
 * (the widget's dismiss): their unpaid order leaves the admin's Payments list at once. Idempotent;
 * the order stays payable (services/payments/closeCheckout.ts).
 */
export const checkoutClosedEndpoint = endpoint({
  path: '/checkout-closed',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeVerifyPayment'),
  body: checkoutClosedRequestSchema,
  failure: 'The closed checkout could not be recorded.',
  handler: async ({ req, user, body }) => closeCheckout(req, user.id, body.orderId),
})
