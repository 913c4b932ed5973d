import { CURRENCY, MESSAGES, now, nowMs, type PaymentCover, planLabel, rupeesToPaise } from '@mentorloop/shared'
import type { Payment, Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { GatewayError, type GatewayName, getGateway } from '../../gateway'
import { AppError } from '../../lib/errors'
import { txQuery } from '../../lib/transaction'
import { keepHoldForCheckout, offerErrors } from '../batches/offers'
import { attachReservation, releaseReservation, reserveDiscount } from '../offers'
import { creditDeadline } from '../plans/credits'
import { purchaseDecision } from '../plans/purchaseRule'

export type CreatedOrder = {
  orderId: string
  /** In paise, from the plan, less a discount code's. */
  amount: number
  /** The plan's price in paise before the discount code. */
  listAmount: number
  discount: { code: string; amount: number } | null
  currency: string
  /** The gateway's public key id for the checkout widget. */
  keyId: string
  gateway: GatewayName
  plan: { code: Plan['code']; name: string; product: Plan['product'] }
  payment: Payment
  /** What the payment buys, said before paying (docs/decisions/183); null for a question-bank plan. */
  buys: PaymentCover | null
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
 * A second plan while one runs is refused ("Cannot Purchase Plan") by the one rule in
 * cms/services/plans/purchaseRule.ts; a renewal starts where the latest window ends. With `offerId` the purchase claims a seat held for the student, which
 * must still be theirs and held. Creates the gateway order, then our `created` payment row for it.
 * Works for every product (mentorship, question bank).
 */
export async function createOrderForPlan({
  payload,
  user,
  planCode,
  offerId,
  discountCode,
  req,
}: {
  payload: Payload
  user: Pick<User, 'id' | 'email' | 'name'>
  planCode: string
  offerId?: number
  /** A discount code (in capitals): one use is reserved for this order or it is refused (services/offers). */
  discountCode?: string
  req: PayloadRequest
}): Promise<CreatedOrder> {
  const plan = await findPurchasablePlan(req, planCode)
  const listAmount = rupeesToPaise(plan.price)
  if (listAmount < 100) {
    throw new AppError('PLAN_NOT_PURCHASABLE', 400, `${planLabel(plan.name).replace(/^the/, 'The')} is free and needs no payment.`)
  }
  const decision = await purchaseDecision(req, user.id, plan)
  if (!decision.allowed) throw new AppError('ALREADY_PURCHASED', 409, decision.message, { title: decision.title })
  if (offerId !== undefined) {
    await requireHeldOffer(req, user.id, offerId)
    // The hold lasts the checkout (at least 30 minutes, once): a payment started at 23:58 still claims it.
    await keepHoldForCheckout(req, offerId)
  }
  const discount = discountCode ? await reserveDiscount(req, { userId: user.id, code: discountCode, plan }) : null
  try {
    return await orderAndPayment(payload, req, user, plan, offerId, listAmount, discount)
  } catch (error) {
    // No order, no use: the reservation goes back to the code at once.
    if (discount) await releaseReservation(req, discount.useId)
    throw error
  }
}

async function orderAndPayment(
  payload: Payload,
  req: PayloadRequest,
  user: Pick<User, 'id'>,
  plan: Plan,
  offerId: number | undefined,
  listAmount: number,
  discount: Awaited<ReturnType<typeof reserveDiscount>> | null,
): Promise<CreatedOrder> {
  const amount = discount ? discount.amount : listAmount
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
      offer: offerId ?? null,
      discountCode: discount?.code ?? null,
      discountAmount: discount?.discountAmount ?? null,
    },
    // Nothing populated: the answer carries ids. (Populating the offer, whose virtual student
    // fields (decision 064) are resolved outside this transaction, hung create-order.)
    depth: 0,
    overrideAccess: true,
    req,
  })) as Payment
  if (discount) await attachReservation(req, discount.useId, payment.id)
  return {
    orderId: order.id,
    amount,
    listAmount,
    discount: discount ? { code: discount.code, amount: discount.discountAmount } : null,
    currency,
    keyId: gateway.keyId,
    gateway: gateway.name,
    plan: { code: plan.code, name: plan.name, product: plan.product },
    payment,
    buys: plan.product === 'mentorship' ? await whatItBuys(req, plan, offerId) : null,
  }
}

/**
 * What a mentorship payment will pay for, as the checkout says it before paying: the held seat it
 * claims (mentor, batch and its days, sessions), or else a credit for the student's next seat with
 * the day it is refunded if no seat uses it (completePayment gives it the same deadline). A credit
 * that a waiting seat takes at once is said by the confirmation afterwards.
 */
async function whatItBuys(req: PayloadRequest, plan: Plan, offerId: number | undefined): Promise<PaymentCover> {
  if (offerId !== undefined) {
    const [seat] = await txQuery<{ mentor: string; label: string; starts_on: string | Date; ends_on: string | Date }>(
      req,
      sql`SELECT m.name AS mentor, b.label, b.starts_on, b.ends_on FROM seat_offers o
            JOIN batches b ON b.id = o.batch_id JOIN mentors m ON m.id = o.mentor_id WHERE o.id = ${offerId}`,
    )
    if (seat)
      return {
        kind: 'seat',
        mentor: seat.mentor,
        batch: { label: seat.label, startsOn: new Date(seat.starts_on).toISOString(), endsOn: new Date(seat.ends_on).toISOString() },
        sessions: Number(plan.sessionsIncluded ?? 0),
      }
  }
  return { kind: 'credit', until: creditDeadline(now()).toISOString() }
}

async function requireHeldOffer(req: PayloadRequest, userId: number, offerId: number): Promise<void> {
  const offer = await req.payload.findByID({
    collection: 'seat-offers',
    id: offerId,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  const ownerId = offer && (typeof offer.user === 'object' ? offer.user.id : offer.user)
  if (!offer || ownerId !== userId) throw offerErrors.notFound()
  if (offer.status === 'expired' || (offer.status === 'held' && new Date(offer.expiresAt) <= now())) throw offerErrors.expired()
  if (offer.status !== 'held') throw offerErrors.notHeld(offer.status)
}
