import { type CheckoutResponse, MESSAGES } from '@mentorloop/shared'
import type { Payment, User } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { getGateway } from '../../gateway'
import { AppError } from '../../lib/errors'
import { inTransaction } from '../../lib/transaction'
import { completePayment, type WaitlistOutcome } from './completePayment'

export type VerifiedPayment = {
  payment: Payment
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
  const { payload } = req
  const { razorpay_order_id: orderId, razorpay_payment_id: paymentId, razorpay_signature: signature } = checkout
  if (!getGateway().verifyCheckoutSignature({ orderId, paymentId, signature })) {
    throw new AppError('INVALID_SIGNATURE', 400, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  const { docs } = await payload.find({
    collection: 'payments',
    where: { gatewayOrderId: { equals: orderId } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const existing = docs[0]
  const ownerId = existing && (typeof existing.user === 'object' ? existing.user.id : existing.user)
  if (!existing || (ownerId !== user.id && !checkRole(user, 'admin'))) {
    throw new AppError('PAYMENT_NOT_FOUND', 404, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  if (existing.gatewayPaymentId && existing.gatewayPaymentId !== paymentId) {
    throw new AppError('PAYMENT_NOT_COMPLETABLE', 409, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }

  const completion = await inTransaction(req, () => completePayment(req, orderId, paymentId))
  if (!completion) throw new AppError('PAYMENT_NOT_FOUND', 404, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  if (completion.payment.status !== 'completed' && completion.payment.status !== 'refunded') {
    throw new AppError('PAYMENT_NOT_COMPLETABLE', 409, MESSAGES.PAYMENT_VERIFICATION_FAILED)
  }
  return { payment: completion.payment, activated: completion.activated, waitlist: completion.waitlist }
}
