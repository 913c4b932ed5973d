import { idParamsSchema } from '@mentorloop/shared'
import { endpoint } from '../../../lib/endpoint'
import { withdrawRefund } from '../../../services/payments/refunds'

/**
 * POST /api/refund-requests/:id/withdraw — the student takes back their own request while our team
 * has not decided it (docs/decisions/181); 409 once it is decided, 404 for anyone else's.
 */
export const withdrawRefundEndpoint = endpoint({
  path: '/:id/withdraw',
  method: 'post',
  auth: 'user',
  params: idParamsSchema,
  failure: 'The refund request could not be withdrawn.',
  handler: async ({ req, user, params }) => {
    const { paymentId } = await withdrawRefund(req, user, params.id)
    return { success: true, paymentId }
  },
})
