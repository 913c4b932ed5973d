import { sandboxCheckoutRequestSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { getSandbox } from '../../../payments'
import { PaymentError } from '../../../services/payments/errors'
import { handleWebhook } from '../../../services/payments/webhook'
import { failure, json, readJson, requireUser } from './http'

/**
 * POST /api/payments/sandbox-checkout { orderId, outcome } — plays Razorpay's side of checkout
 * for the sandbox script: a success answers the signed result checkout.js would hand the page;
 * a failure is recorded as Razorpay would (a signed `payment.failed` webhook to ourselves) and
 * answers the error object of the `payment.failed` event. 404 unless the sandbox is the gateway.
 */
export const sandboxCheckoutEndpoint: Endpoint = {
  path: '/sandbox-checkout',
  method: 'post',
  handler: async (req) => {
    try {
      const sandbox = getSandbox()
      if (!sandbox) throw new PaymentError('SANDBOX_ONLY', 404, 'Not found.')
      const user = requireUser(req)
      const { orderId, outcome } = await readJson(req, sandboxCheckoutRequestSchema)
      const { docs } = await req.payload.find({
        collection: 'payments',
        where: { gatewayOrderId: { equals: orderId }, user: { equals: user.id } },
        limit: 1,
        depth: 0,
        overrideAccess: true,
        req,
      })
      if (!docs[0]) throw new PaymentError('PAYMENT_NOT_FOUND', 404, 'Unknown order.')
      if (outcome === 'success') {
        const r = sandbox.pay(orderId)
        return json({ razorpay_order_id: r.orderId, razorpay_payment_id: r.paymentId, razorpay_signature: r.signature })
      }
      const error = sandbox.fail(orderId)
      const delivery = sandbox.webhook('payment.failed', {
        payment: { id: error.metadata.payment_id, order_id: orderId, status: 'failed' },
      })
      await handleWebhook(req, delivery.rawBody, delivery.headers['X-Razorpay-Signature']!, delivery.headers['X-Razorpay-Event-Id']!)
      return json({ error }, 402)
    } catch (error) {
      return failure(req, error, 'The sandbox checkout failed.')
    }
  },
}
