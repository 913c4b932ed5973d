import { refundFeedbackSchema, refundRequestSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { requestRefund } from '../../../services/payments/refunds'

/** POST /api/refund-requests/request { paymentId, reason, feedback } — for one's own payment. */
export const requestRefundEndpoint = endpoint({
  path: '/request',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeRefundRequest'),
  body: refundRequestSchema.and(refundFeedbackSchema),
  failure: 'The refund request could not be saved.',
  handler: async ({ req, user, body }) => {
    const created = await requestRefund(req, user, body)
    return json({ success: true, id: created.id, status: created.status }, { status: 201 })
  },
})
