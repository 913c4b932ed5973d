import { type CreateOrderResponse, createOrderRequestSchema, MESSAGES } from '@mentorloop/shared'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { createOrderForPlan } from '../../../services/payments'

/** POST /api/payments/create-order { planCode, discountCode? } — the amount comes from the plan and the code's rules, never the body. */
export const createOrderEndpoint = endpoint({
  path: '/create-order',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeOrder'),
  body: createOrderRequestSchema,
  failure: MESSAGES.FAILED_CREATE_ORDER,
  handler: async ({ req, user, body }) => {
    const order = await createOrderForPlan({
      payload: req.payload,
      user,
      planCode: body.planCode,
      offerId: body.offerId,
      discountCode: body.discountCode,
      req,
    })
    const answer: CreateOrderResponse = {
      orderId: order.orderId,
      amount: order.amount,
      currency: order.currency,
      key: order.keyId,
      planCode: order.plan.code,
      planName: order.plan.name,
      gateway: order.gateway,
      prefill: { name: user.name ?? null, email: user.email },
      buys: order.buys,
      listAmount: order.listAmount,
      discount: order.discount,
    }
    return json(answer, { status: 201 })
  },
})
