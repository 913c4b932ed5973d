import { MESSAGES, type VerifyPaymentResponse, verifyPaymentRequestSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { verifyAndCompletePayment } from '../../../services/payments'
import { failure, json, readJson, requireUser } from './http'

/** POST /api/payments/verify-payment — the checkout result; idempotent. */
export const verifyPaymentEndpoint: Endpoint = {
  path: '/verify-payment',
  method: 'post',
  handler: async (req) => {
    try {
      const user = requireUser(req)
      const input = await readJson(req, verifyPaymentRequestSchema)
      const result = await verifyAndCompletePayment({
        payload: req.payload,
        user,
        orderId: input.razorpay_order_id,
        paymentId: input.razorpay_payment_id,
        signature: input.razorpay_signature,
        req,
      })
      const plan = typeof result.payment.plan === 'object' ? result.payment.plan : null
      const { assigned, stillWaiting, processed } = result.waitlist
      const body: VerifyPaymentResponse = {
        success: true,
        message: MESSAGES.PAYMENT_VERIFIED,
        activated: result.activated,
        waitlistProcessed: processed,
        waitlistResults: [
          ...Array.from({ length: assigned }, () => ({ action: 'assigned' as const })),
          ...Array.from({ length: stillWaiting }, () => ({ action: 'still_on_waitlist' as const })),
        ],
        assigned,
        stillWaiting,
        payment: {
          id: result.payment.id,
          planCode: plan?.code ?? null,
          planName: plan?.name ?? null,
          status: result.payment.status,
          subscriptionEnds: result.payment.subscriptionEnds ?? null,
        },
      }
      return json(body)
    } catch (error) {
      return failure(req, error, MESSAGES.PAYMENT_VERIFICATION_FAILED)
    }
  },
}
