import {
  MESSAGES,
  type QbCreateOrderResponse,
  type QbSubscriptionStatus,
  type QbVerifyPaymentResponse,
  qbCreateOrderSchema,
  qbVerifyPaymentSchema,
} from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
import { createOrderForPlan, PaymentError, verifyAndCompletePayment } from '../services/payments'
import { getQuestionBankAccess } from '../services/questionBank/getQuestionBankAccess'

/**
 * The question-bank subscription calls of SPEC section 7 (singular /api/payment/...). Thin: each
 * checks the caller, parses its input with zod, and hands over to a service. Amounts come from
 * the plan on the server; the browser never sends one.
 */
const NO_STORE = { 'Cache-Control': 'private, no-store' }

function json(body: unknown, status = 200) {
  return Response.json(body, { status, headers: NO_STORE })
}

function fail(status: number, code: string, error: string) {
  return json({ error, code }, status)
}

async function readJson(req: PayloadRequest): Promise<unknown> {
  try {
    return await req.json?.()
  } catch {
    return undefined
  }
}

export async function subscriptionStatusFor(req: PayloadRequest, userId: number | string): Promise<QbSubscriptionStatus> {
  const access = await getQuestionBankAccess(req, userId)
  return {
    currentPlan: access.isActive ? access.plan.name : 'Free',
    planCode: access.isActive ? access.plan.code : 'QB_FREE',
    isActive: access.isActive,
    expiryDate: access.isActive ? access.expiryDate : null,
  }
}

/** GET /api/payment/subscription-status — the caller's question-bank plan ("Free" when none). */
export const subscriptionStatus: Endpoint = {
  path: '/payment/subscription-status',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return fail(401, 'UNAUTHENTICATED', MESSAGES.PLEASE_LOGIN)
    return json(await subscriptionStatusFor(req, req.user.id))
  },
}

/** Maps a payments-service refusal to the answer; anything unexpected is logged and a 500. */
function refusal(req: PayloadRequest, error: unknown, message: (e: PaymentError) => string, fallback: string): Response {
  if (error instanceof PaymentError) {
    return fail(error.status, error.code, error.status >= 500 ? fallback : message(error))
  }
  req.payload.logger.error({ msg: fallback, err: error })
  return fail(500, 'INTERNAL', fallback)
}

/** POST /api/payment/create-order { planType } — an order for a paid question-bank plan. */
export const createQuestionBankOrder: Endpoint = {
  path: '/payment/create-order',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return fail(401, 'UNAUTHENTICATED', MESSAGES.PLEASE_LOGIN)
    const user = req.user
    const body = await readJson(req)
    const parsed = qbCreateOrderSchema.safeParse(body)
    if (!parsed.success) {
      return fail(
        400,
        'INVALID_INPUT',
        body === undefined ? 'The request body must be JSON.' : (parsed.error.issues[0]?.message ?? 'Invalid request.'),
      )
    }
    try {
      // The same service as mentorship plans: amount from the plan, owned-plan check, gateway order.
      const order = await createOrderForPlan({ payload: req.payload, user, planCode: parsed.data.planType, req })
      const answer: QbCreateOrderResponse = {
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        key: order.keyId,
        planName: order.plan.name,
        customerName: user.name ?? '',
        customerEmail: user.email,
      }
      return json(answer, 201)
    } catch (error) {
      // "Already purchased" and "not on sale" are said as the service says them; a gateway
      // failure is the spec's "Failed to initiate payment".
      return refusal(req, error, (e) => (e.code === 'ORDER_FAILED' ? MESSAGES.QB_INITIATE_FAILED : e.message), MESSAGES.QB_INITIATE_FAILED)
    }
  },
}

/** POST /api/payment/verify-payment { razorpay_payment_id, razorpay_order_id, razorpay_signature } */
export const verifyQuestionBankPayment: Endpoint = {
  path: '/payment/verify-payment',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return fail(401, 'UNAUTHENTICATED', MESSAGES.PLEASE_LOGIN)
    const parsed = qbVerifyPaymentSchema.safeParse(await readJson(req))
    // SPEC section 5: a missing field is refused before any verification is attempted.
    if (!parsed.success) return fail(400, 'INVALID_PAYMENT_RESPONSE', MESSAGES.QB_INVALID_PAYMENT_RESPONSE)
    try {
      // The same verification as mentorship payments: HMAC in constant time, idempotent completion.
      await verifyAndCompletePayment({
        payload: req.payload,
        user: req.user,
        orderId: parsed.data.razorpay_order_id,
        paymentId: parsed.data.razorpay_payment_id,
        signature: parsed.data.razorpay_signature,
        req,
      })
      const answer: QbVerifyPaymentResponse = {
        success: true,
        message: MESSAGES.QB_SUCCESS,
        status: await subscriptionStatusFor(req, req.user.id),
      }
      return json(answer)
    } catch (error) {
      return refusal(req, error, () => MESSAGES.QB_VERIFICATION_FAILED, MESSAGES.QB_VERIFICATION_FAILED)
    }
  },
}

export const questionBankPaymentEndpoints: Endpoint[] = [subscriptionStatus, createQuestionBankOrder, verifyQuestionBankPayment]
