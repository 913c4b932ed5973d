import { endpoint, rawBody } from '../../../lib/endpoint'
import { handleWebhook } from '../../../services/payments/webhook'

/**
 * POST /api/payments/webhook — Razorpay's server calls this, so there is no user: the signature
 * over the raw body is the authentication (checked first by the service; 400 when missing or wrong).
 */
export const webhookEndpoint = endpoint({
  path: '/webhook',
  method: 'post',
  auth: 'public',
  body: rawBody,
  // Razorpay's events are a few KB; a larger body is no event of theirs.
  maxBodyBytes: 256 * 1024,
  failure: 'The webhook could not be processed.',
  handler: async ({ req, body }) =>
    handleWebhook(req, body, req.headers.get('x-razorpay-signature'), req.headers.get('x-razorpay-event-id')),
})
