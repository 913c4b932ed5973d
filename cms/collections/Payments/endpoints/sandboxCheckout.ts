import { sandboxCheckoutRequestSchema } from '@mentorloop/shared'
import { getSandbox } from '../../../gateway'
import { endpoint, json } from '../../../lib/endpoint'
import { AppError, commonErrors } from '../../../lib/errors'
import { handleWebhook } from '../../../services/payments/webhook'

/**
 * POST /api/payments/sandbox-checkout { orderId, outcome } — plays Razorpay's side of checkout
 * for the sandbox script: a success answers the signed result checkout.js would hand the page;
 * a failure is recorded as Razorpay would (a signed `payment.failed` webhook to ourselves) and
 * answers the error object of the `payment.failed` event. 404 unless the sandbox is the gateway.
 */
export const sandboxCheckoutEndpoint = endpoint({
  path: '/sandbox-checkout',
  method: 'post',
  auth: 'user',
  body: sandboxCheckoutRequestSchema,
  failure: 'The sandbox checkout failed.',
  handler: async ({ req, user, body: { orderId, outcome } }) => {
    const sandbox = getSandbox()
    if (!sandbox) throw commonErrors.notFound()
    const { docs } = await req.payload.find({
      collection: 'payments',
      where: { gatewayOrderId: { equals: orderId }, user: { equals: user.id } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    if (!docs[0]) throw new AppError('PAYMENT_NOT_FOUND', 404, 'Unknown order.')
    if (outcome === 'success') {
      const r = sandbox.pay(orderId)
      return { razorpay_order_id: r.orderId, razorpay_payment_id: r.paymentId, razorpay_signature: r.signature }
    }
    const error = sandbox.fail(orderId)
    const delivery = sandbox.webhook('payment.failed', { payment: { id: error.metadata.payment_id, order_id: orderId, status: 'failed' } })
    await handleWebhook(req, delivery.rawBody, delivery.headers['X-Razorpay-Signature']!, delivery.headers['X-Razorpay-Event-Id']!)
    return json({ error }, { status: 402 })
  },
})
