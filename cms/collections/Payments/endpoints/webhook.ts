import { endpoint, rawBody } from '../../../lib/endpoint'
import { AppError } from '../../../lib/errors'
import { metrics } from '../../../lib/observability/metrics'
import { handleWebhook } from '../../../services/payments/webhook'

/** A payment event's outcome as the verification metric counts it (the same outcomes as the checkout's). */
const OUTCOMES: Record<string, string> = {
  completed: 'completed',
  'already-completed': 'repeat',
  'unknown-order': 'refused',
  failed: 'failed_payment',
}

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
  handler: async ({ req, body }) => {
    const { paymentVerifications } = metrics()
    try {
      const outcome = await handleWebhook(req, body, req.headers.get('x-razorpay-signature'), req.headers.get('x-razorpay-event-id'))
      const counted = OUTCOMES[String(outcome.action)]
      if (counted && !outcome.duplicate) paymentVerifications.inc({ source: 'webhook', outcome: counted })
      return outcome
    } catch (error) {
      paymentVerifications.inc({ source: 'webhook', outcome: error instanceof AppError ? 'refused' : 'failed' })
      throw error
    }
  },
})
