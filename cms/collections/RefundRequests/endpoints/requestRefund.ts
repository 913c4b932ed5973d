import { refundDecideBy, refundFeedbackSchema, refundRequestSchema } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { requestRefund } from '../../../services/payments/refunds'

/**
 * POST /api/refund-requests/request { paymentId, reason, feedback } — for one's own payment. A
 * request left to our team answers with the time it is decided by at the latest (docs/decisions/215).
 */
export const requestRefundEndpoint = endpoint({
  path: '/request',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeRefundRequest'),
  body: refundRequestSchema.and(refundFeedbackSchema),
  failure: 'The refund request could not be saved.',
  handler: async ({ req, user, body }) => {
    const created = await requestRefund(req, user, body)
    const decideBy = created.status === 'requested' ? refundDecideBy(created.createdAt).toISOString() : null
    return json({ success: true, id: created.id, status: created.status, decideBy }, { status: 201 })
  },
})
