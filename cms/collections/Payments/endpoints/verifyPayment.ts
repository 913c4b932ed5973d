import { MESSAGES, type VerifyPaymentResponse, verifyPaymentRequestSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { verifyAndCompletePayment } from '../../../services/payments'
import { paymentCover } from '../../../services/payments/completePayment'

/** POST /api/payments/verify-payment — the checkout result; idempotent. */
export const verifyPaymentEndpoint = endpoint({
  path: '/verify-payment',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeVerifyPayment'),
  body: verifyPaymentRequestSchema,
  failure: MESSAGES.PAYMENT_VERIFICATION_FAILED,
  handler: async ({ req, user, body }): Promise<VerifyPaymentResponse> => {
    const result = await verifyAndCompletePayment(req, user, body)
    const { plan } = result.payment
    const { assigned, stillWaiting, processed } = result.waitlist
    return {
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
        planCode: plan.code,
        planName: plan.name,
        status: result.payment.status,
        subscriptionEnds: result.payment.subscriptionEnds ?? null,
        covers: paymentCover(result.payment),
      },
    }
  },
})
