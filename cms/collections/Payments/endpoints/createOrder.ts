import { type CreateOrderResponse, createOrderRequestSchema, MESSAGES } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { createOrderForPlan } from '../../../services/payments'
import { failure, json, readJson, requireUser } from './http'

/** POST /api/payments/create-order { planCode } — the amount comes from the plan, never the body. */
export const createOrderEndpoint: Endpoint = {
  path: '/create-order',
  method: 'post',
  handler: async (req) => {
    try {
      const user = requireUser(req)
      const { planCode } = await readJson(req, createOrderRequestSchema)
      const order = await createOrderForPlan({ payload: req.payload, user, planCode, req })
      const body: CreateOrderResponse = {
        orderId: order.orderId,
        amount: order.amount,
        currency: order.currency,
        key: order.keyId,
        planCode: order.plan.code,
        planName: order.plan.name,
        gateway: order.payment.gateway,
        prefill: { name: user.name ?? null, email: user.email },
      }
      return json(body, 201)
    } catch (error) {
      return failure(req, error, MESSAGES.FAILED_CREATE_ORDER)
    }
  },
}
