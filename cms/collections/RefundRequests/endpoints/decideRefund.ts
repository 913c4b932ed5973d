import { idParamsSchema, refundDecisionSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { decideRefundRequest } from '../../../services/payments/refundDecision'

/**
 * POST /api/refund-requests/:id/decide { decision: 'approve' | 'reject', note } — admins only (the
 * Approve and Reject buttons in /admin). A rejection needs a note (the student reads it). The
 * decision itself is the refund request's own update path (services/payments/refundDecision.ts).
 */
export const decideRefundEndpoint = endpoint({
  path: '/:id/decide',
  method: 'post',
  auth: 'admin',
  params: idParamsSchema,
  body: refundDecisionSchema,
  failure: 'The refund decision could not be saved.',
  handler: async ({ req, params, body }) => {
    const request = await decideRefundRequest(req, params.id, body)
    return { success: true, request }
  },
})
