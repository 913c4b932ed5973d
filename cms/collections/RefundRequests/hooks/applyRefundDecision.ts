import type { RefundRequest } from '@mentorloop/shared/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'
import { AppError } from '../../../lib/errors'
import { decideRefund } from '../../../services/payments/refunds'

/**
 * An admin decides a request in the admin panel by setting its status to Approved or Rejected
 * and saving. Only `requested` may be decided, once; the service does the work in this update's
 * transaction (a gateway refusal rolls the whole save back and the admin sees why).
 */
export const applyRefundDecision: CollectionBeforeChangeHook<RefundRequest> = async ({ data, originalDoc, operation, req, context }) => {
  if (operation !== 'update' || !originalDoc || context?.refundOutcome) return data
  const from = originalDoc.status
  const to = data.status ?? from
  if (from === to) return data
  if (from !== 'requested' || (to !== 'approved' && to !== 'rejected')) {
    throw new APIError(
      from === 'requested' ? 'Decide a request by choosing Approved or Rejected.' : 'This refund request has already been decided.',
      400,
      undefined,
      true,
    )
  }
  try {
    const decided = await decideRefund(req, originalDoc, to, data.adminNote ?? originalDoc.adminNote)
    return { ...data, ...decided }
  } catch (error) {
    if (error instanceof AppError) throw new APIError(error.message, error.status >= 500 ? 502 : error.status, undefined, true)
    throw error
  }
}
