import {
  MESSAGES,
  type QbCreateOrderResponse,
  type QbVerifyPaymentResponse,
  qbCreateOrderSchema,
  qbVerifyPaymentSchema,
} from '@mentorloop/shared'
import { endpoint, json } from '../lib/endpoint'
import { AppError } from '../lib/errors'
import { perAccount } from '../services/auth/rateLimits'
import { createOrderForPlan, verifyAndCompletePayment } from '../services/payments'
import { questionBankStatus } from '../services/questionBank/getQuestionBankAccess'

/**
 * The question-bank subscription calls of docs/spec.md §7 (singular /api/payment/...). The same
 * payment services as mentorship plans; the spec names its own texts for their failures.
 */
const saying = (message: string, keepServiceText: (e: AppError) => boolean) => (error: unknown) => {
  if (error instanceof AppError && (error.status >= 500 || !keepServiceText(error))) throw error.rephrase(message)
  throw error
}

/** GET /api/payment/subscription-status — the caller's question-bank plan ("Free" when none). */
export const subscriptionStatus = endpoint({
  path: '/payment/subscription-status',
  method: 'get',
  auth: 'user',
  failure: MESSAGES.QB_STATUS_FAILED,
  handler: async ({ req, user }) => questionBankStatus(req, user.id),
})

/** POST /api/payment/create-order { planType } — an order for a paid question-bank plan; the amount comes from the plan. */
export const createQuestionBankOrder = endpoint({
  path: '/payment/create-order',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeOrder'),
  body: qbCreateOrderSchema,
  failure: MESSAGES.QB_INITIATE_FAILED,
  handler: async ({ req, user, body }) => {
    // "Already purchased" and "not on sale" are said as the service says them; a gateway failure
    // is the spec's "Failed to initiate payment".
    const order = await createOrderForPlan({ payload: req.payload, user, planCode: body.planType, req }).catch(
      saying(MESSAGES.QB_INITIATE_FAILED, (e) => e.code !== 'ORDER_FAILED'),
    )
    const answer: QbCreateOrderResponse = {
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      key: order.keyId,
      planName: order.plan.name,
      customerName: user.name ?? '',
      customerEmail: user.email,
    }
    return json(answer, { status: 201 })
  },
})

/** POST /api/payment/verify-payment { razorpay_payment_id, razorpay_order_id, razorpay_signature } */
export const verifyQuestionBankPayment = endpoint({
  path: '/payment/verify-payment',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeVerifyPayment'),
  body: qbVerifyPaymentSchema,
  // docs/spec.md §5: a missing field is refused before any verification is attempted.
  invalidBody: () => new AppError('INVALID_PAYMENT_RESPONSE', 400, MESSAGES.QB_INVALID_PAYMENT_RESPONSE),
  failure: MESSAGES.QB_VERIFICATION_FAILED,
  handler: async ({ req, user, body }): Promise<QbVerifyPaymentResponse> => {
    await verifyAndCompletePayment(req, user, body).catch(saying(MESSAGES.QB_VERIFICATION_FAILED, () => false))
    return { success: true, message: MESSAGES.QB_SUCCESS, status: await questionBankStatus(req, user.id) }
  },
})

export const questionBankPaymentEndpoints = [subscriptionStatus, createQuestionBankOrder, verifyQuestionBankPayment]
