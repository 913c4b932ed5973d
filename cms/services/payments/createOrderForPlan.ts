import { alreadyPurchasedMessage, CURRENCY, MESSAGES, nowMs, rupeesToPaise } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import type { Payload, PayloadRequest } from 'payload'
import { GatewayError, type GatewayName, getGateway } from '../../gateway'
import { AppError } from '../../lib/errors'
import { listActivePlans } from '../plans/activePlan'

export type CreatedOrder = {
  orderId: string
  /** In paise, from the plan. */
  amount: number
  currency: string
  /** The gateway's public key id for the checkout widget. */
  keyId: string
  gateway: GatewayName
  plan: { code: Plan['code']; name: string; product: Plan['product'] }
  payment: Payment
}

/** A published, active plan by code, or AppError PLAN_NOT_FOUND. */
export async function findPurchasablePlan(req: PayloadRequest, planCode: string): Promise<Plan> {
  const { docs } = await req.payload.find({
    collection: 'plans',
    where: { code: { equals: planCode }, active: { equals: true }, _status: { equals: 'published' } },
    limit: 1,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const plan = docs[0]
  if (!plan) throw new AppError('PLAN_NOT_FOUND', 404, `There is no plan "${planCode}" on sale.`)
  return plan
}

/**
 * Starts a purchase: the amount comes from the plan (rupees -> paise), never from the browser.
 * Refuses a plan the user already has active ("Cannot Purchase Plan"). Creates the gateway order,
 * then our `created` payment row for it. Works for every product (mentorship, question bank).
 */
export async function createOrderForPlan({
  payload,
  user,
  planCode,
  req,
}: {
  payload: Payload
  user: Pick<User, 'id' | 'email' | 'name'>
  planCode: string
  req: PayloadRequest
}): Promise<CreatedOrder> {
  const plan = await findPurchasablePlan(req, planCode)
  const amount = rupeesToPaise(plan.price)
  if (amount < 100) {
    throw new AppError('PLAN_NOT_PURCHASABLE', 400, `The ${plan.name} plan is free and needs no payment.`)
  }
  if ((await listActivePlans(req, user.id, { planId: plan.id })).length > 0) {
    throw new AppError('ALREADY_PURCHASED', 409, alreadyPurchasedMessage(plan.name), {
      title: MESSAGES.CANNOT_PURCHASE_TITLE,
    })
  }
  const gateway = getGateway()
  const currency = plan.currency ?? CURRENCY
  let order: Awaited<ReturnType<typeof gateway.createOrder>>
  try {
    order = await gateway.createOrder({
      amount,
      currency,
      receipt: `u${user.id}-${plan.code}-${nowMs().toString(36)}`,
      notes: { userId: String(user.id), planCode: plan.code },
    })
  } catch (error) {
    if (error instanceof GatewayError) {
      payload.logger.warn({ msg: 'Gateway refused to create an order', code: error.code, status: error.providerStatus })
      throw new AppError('ORDER_FAILED', 502, MESSAGES.FAILED_CREATE_ORDER)
    }
    throw error
  }
  if (order.amount !== amount) {
    throw new AppError('ORDER_FAILED', 502, MESSAGES.FAILED_CREATE_ORDER)
  }
  const payment = (await payload.create({
    collection: 'payments',
    data: {
      user: user.id,
      plan: plan.id,
      amount,
      currency,
      status: 'created',
      gateway: gateway.name,
      gatewayOrderId: order.id,
    },
    overrideAccess: true,
    req,
  })) as Payment
  return {
    orderId: order.id,
    amount,
    currency,
    keyId: gateway.keyId,
    gateway: gateway.name,
    plan: { code: plan.code, name: plan.name, product: plan.product },
    payment,
  }
}
