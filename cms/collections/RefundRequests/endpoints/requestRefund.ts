import { refundFeedbackSchema, refundRequestSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { requestRefund } from '../../../services/payments/refunds'
import { failure, json, readJson, requireUser } from '../../Payments/endpoints/http'

const bodySchema = refundRequestSchema.and(refundFeedbackSchema)

/** POST /api/refund-requests/request { paymentId, reason, feedback } — for one's own payment. */
export const requestRefundEndpoint: Endpoint = {
  path: '/request',
  method: 'post',
  handler: async (req) => {
    try {
      const user = requireUser(req)
      const input = await readJson(req, bodySchema)
      const created = await requestRefund(req, user, input)
      return json({ success: true, id: created.id, status: created.status }, 201)
    } catch (error) {
      return failure(req, error, 'The refund request could not be saved.')
    }
  },
}
