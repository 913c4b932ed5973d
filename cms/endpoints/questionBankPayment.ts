import {
  alreadyPurchasedMessage,
  MESSAGES,
  type QbCreateOrderResponse,
  type QbSubscriptionStatus,
  type QbVerifyPaymentResponse,
  qbCreateOrderSchema,
  qbVerifyPaymentSchema,
} from '@mentorloop/shared'
import type { Endpoint, PayloadRequest } from 'payload'
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

/** POST /api/payment/create-order { planType } — an order for a paid question-bank plan. */
export const createQuestionBankOrder: Endpoint = {
  path: '/payment/create-order',
  method: 'post',
  handler: async (req) => {
    if (!req.user) return fail(401, 'UNAUTHENTICATED', MESSAGES.PLEASE_LOGIN)
    const body = await readJson(req)
    const parsed = qbCreateOrderSchema.safeParse(body)
    if (!parsed.success) {
      return fail(400, 'INVALID_INPUT', body === undefined ? 'The request body must be JSON.' : (parsed.error.issues[0]?.message ?? 'Invalid request.'))
    }
    const { docs } = await req.payload.find({
      collection: 'plans',
      where: { code: { equals: parsed.data.planType }, product: { equals: 'question-bank' }, active: { equals: true } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    const plan = docs[0]
    if (!plan || !(plan.price > 0)) return fail(404, 'PLAN_NOT_AVAILABLE', 'This plan is not available right now.')
    const access = await getQuestionBankAccess(req, req.user.id)
    if (access.isActive && access.plan.code === plan.code) {
      return fail(409, 'PLAN_ALREADY_OWNED', alreadyPurchasedMessage(plan.name))
    }
    // Wired to the payments service once it lands (issue 6).
    void ({} as QbCreateOrderResponse)
    return fail(503, 'PAYMENTS_UNAVAILABLE', MESSAGES.QB_INITIATE_FAILED)
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
    void ({} as QbVerifyPaymentResponse)
    return fail(503, 'PAYMENTS_UNAVAILABLE', MESSAGES.QB_VERIFICATION_FAILED)
  },
}

export const questionBankPaymentEndpoints: Endpoint[] = [subscriptionStatus, createQuestionBankOrder, verifyQuestionBankPayment]
