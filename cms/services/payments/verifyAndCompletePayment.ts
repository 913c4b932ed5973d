import { type CheckoutResponse, MESSAGES } from '@mentorloop/shared'
import type { User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { getGateway } from '../../gateway'
import { AppError } from '../../lib/errors'
import { metrics } from '../../lib/observability/metrics'
import { inTransaction, txQuery } from '../../lib/transaction'
import { type CompletedPayment, completePayment, type WaitlistOutcome } from './completePayment'

export type VerifiedPayment = {
  payment: CompletedPayment
  /** True for the one call that completed the payment; false for every repeat. */
  activated: boolean
  waitlist: WaitlistOutcome
}

/**
 * The browser's checkout result: check the signature (HMAC, constant time), then complete the
 * payment once. Idempotent: the same result verified again (or after the webhook) returns the
 * completed payment without a second activation. A forged signature writes nothing.
 */
export async function verifyAndCompletePayment(
  req: PayloadRequest,
  user: Pick<User, 'id' | 'roles'>,
  checkout: CheckoutResponse,
): Promise<VerifiedPayment> {
  const { paymentVerifications } = metrics()
  try {
    const verified = await verifyAndComplete(req, user, checkout)
    paymentVerifications.inc({ source: 'checkout', outcome: verified.activated ? 'completed' : 'repeat' })
    return verified
  } catch (error) {
    paymentVerifications.inc({ source: 'checkout', outcome: error instanceof AppError ? 'refused' : 'failed' })
    throw error
  }
}

async function verifyAndComplete(
  req: PayloadRequest,
  user: Pick<User, 'id' | 'roles'>,
  checkout: CheckoutResponse,
): Promise<VerifiedPayment> {
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = checkout
  if (!getGateway().verifyCheckoutSignature({ orderId, paymentId, signature })) {
    throw new AppError('INVALID_SIGNATURE', 400, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  // The order's owner and gateway payment id: two columns, not the whole document.
  const [existing] = await txQuery<{ user_id: number; gateway_payment_id: string | null }>(
    req,
    sql`SELECT user_id, gateway_payment_id FROM payments WHERE gateway_order_id = ${orderId}`,
  )
  if (!existing || (Number(existing.user_id) !== Number(user.id) && !checkRole(user, 'admin'))) {
    throw new AppError('PAYMENT_NOT_FOUND', 404, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  if (existing.gateway_payment_id && existing.gateway_payment_id !== paymentId) {
    throw new AppError('PAYMENT_NOT_COMPLETABLE', 409, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }

  const completion = await inTransaction(req, () => completePayment(req, orderId, paymentId))
  if (!completion) throw new AppError('PAYMENT_NOT_FOUND', 404, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  if (completion.payment.status !== 'completed' && completion.payment.status !== 'refunded') {
    throw new AppError('PAYMENT_NOT_COMPLETABLE', 409, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  return { payment: completion.payment, activated: completion.activated, waitlist: completion.waitlist }
}
