import type { RefundRequest } from '@mentorloop/shared/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'
import { AppError } from '../../../lib/errors'
import { decideRefund } from '../../../services/payments/refunds'

/** Written by the refund service and job only: an update from the panel or the API keeps them. */
const MACHINE_FIELDS = ['idempotencyKey', 'attempts', 'nextAttemptAt', 'lastError', 'gatewayRefundId', 'refundedAt'] as const

/**
 * An admin decides a request in the admin panel by setting its status to Approved or Rejected
 * and saving. Only `requested` may be decided, once; a `failed` refund may be approved again (a
 * retry). The decision commits with this update and queues the refund job: the gateway is called
 * after the commit (docs/decisions/056-refunds-after-commit.md), so nothing here waits on it.
 */
export const applyRefundDecision: CollectionBeforeChangeHook<RefundRequest> = async ({ data, originalDoc, operation, req, context }) => {
  if (operation !== 'update' || !originalDoc || context?.refundOutcome) return data
  const kept = { ...data }
  for (const field of MACHINE_FIELDS) kept[field] = originalDoc[field] as never
  const from = originalDoc.status
  const to = data.status ?? from
  if (from === to) return kept
  const retry = from === 'failed' && to === 'approved'
  if (!retry && (from !== 'requested' || (to !== 'approved' && to !== 'rejected'))) {
    throw new APIError(
      from === 'requested'
        ? 'Decide a request by choosing Approved or Rejected.'
        : from === 'failed'
          ? 'A failed refund can only be approved again (to retry it).'
          : 'This refund request has already been decided.',
      400,
      undefined,
      true,
    )
  }
  try {
    const decided = await decideRefund(req, originalDoc, to as 'approved' | 'rejected', data.adminNote ?? originalDoc.adminNote)
    return { ...kept, ...decided }
  } catch (error) {
    if (error instanceof AppError) throw new APIError(error.message, error.status >= 500 ? 502 : error.status, undefined, true)
    throw error
  }
}
