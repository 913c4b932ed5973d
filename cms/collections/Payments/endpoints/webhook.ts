import type { Endpoint } from 'payload'
import { handleWebhook } from '../../../services/payments/webhook'
import { failure, json } from './http'

/**
 * POST /api/payments/webhook — Razorpay's server calls this, so there is no user: the signature
 * over the raw body is the authentication (checked first; 400 when missing or wrong).
 */
export const webhookEndpoint: Endpoint = {
  path: '/webhook',
  method: 'post',
  handler: async (req) => {
    try {
      const rawBody = req.text ? await req.text() : ''
      const outcome = await handleWebhook(req, rawBody, req.headers.get('x-razorpay-signature'), req.headers.get('x-razorpay-event-id'))
      return json(outcome)
    } catch (error) {
      return failure(req, error, 'The webhook could not be processed.')
    }
  },
}
