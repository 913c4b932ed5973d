import { DAY_MS, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { type GatewayRefund, type RefundInput, setGatewayForTests } from '../../gateway'
import { createSandboxGateway, type SandboxGateway } from '../../gateway/sandbox'
import { REFUNDS_QUEUE } from '../../services/payments/approveRefund'
import type { RestClient } from './rest'
import type { TestUser } from './scenarios'

/** The sandbox plays Razorpay's side (signed checkout results and webhooks) for the tests. */
export const sandbox = createSandboxGateway()

export async function createOrder(rest: RestClient, user: TestUser, planCode: string, extra: Record<string, unknown> = {}) {
  const res = await rest.post('/payments/create-order', { token: user.token, body: { planCode, ...extra } })
  if (res.status !== 201) throw new Error(`create-order answered ${res.status}: ${JSON.stringify(res.body)}`)
  return res.body as { orderId: string; amount: number; currency: string; key: string }
}

export function checkoutBody(orderId: string, over: Partial<{ paymentId: string; signature: string }> = {}) {
  const r = sandbox.pay(orderId)
  return {
    razorpay_order_id: r.orderId,
    razorpay_payment_id: over.paymentId ?? r.paymentId,
    razorpay_signature: over.signature ?? r.signature,
  }
}

export async function paymentByOrder(payload: Payload, orderId: string) {
  const { docs } = await payload.find({
    collection: 'payments',
    where: { gatewayOrderId: { equals: orderId } },
    depth: 0,
    overrideAccess: true,
  })
  return docs
}

/** The e-mails queued for `to` (any state: queued in the outbox, or already sent), optionally of one template. */
export async function queuedEmails(payload: Payload, to: string, template?: string) {
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { to: { equals: to }, ...(template ? { template: { equals: template } } : {}) },
    sort: 'id',
    limit: 1000,
    depth: 0,
    overrideAccess: true,
  })
  return docs
}

export function postWebhook(rest: RestClient, delivery: { rawBody: string; headers: Record<string, string> }) {
  return rest.post('/payments/webhook', { rawBody: delivery.rawBody, headers: delivery.headers })
}

/** Runs what the refunds queue holds, as the worker does (the e-mail queue is left alone). */
export const runRefundJobs = (payload: Payload) => payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 100, sequential: true })

/** One pass of the scheduled refund sweep (retries that are due), through its task. */
export async function sweepRefunds(payload: Payload) {
  await payload.jobs.queue({ task: 'retryRefunds', queue: REFUNDS_QUEUE, input: {} })
  return runRefundJobs(payload)
}

/**
 * The gateway for the refund tests: a sandbox whose refund call goes through `refund` (to fail,
 * hang or answer late), every call recorded. Set with setGatewayForTests; reset it afterwards.
 */
export function refundGateway(
  refund: (input: RefundInput, call: number, inner: SandboxGateway) => Promise<GatewayRefund> = (input, _call, inner) =>
    inner.refund(input),
) {
  const inner = createSandboxGateway()
  const calls: RefundInput[] = []
  const gateway: SandboxGateway = {
    ...inner,
    refund: async (input) => {
      calls.push(input)
      return refund(input, calls.length, inner)
    },
  }
  setGatewayForTests(gateway)
  return { inner, calls, callsFor: (gatewayPaymentId: string) => calls.filter((c) => c.paymentId === gatewayPaymentId) }
}

/**
 * The batch the payment pays for started yesterday (its first day moved back; nothing else
 * changes): a refund asked for now waits for an admin. Before a batch starts it would be approved
 * at once (docs/decisions/181), so tests of the admin's decision start the batch first.
 */
export async function batchStarted(payload: Payload, paymentId: number): Promise<void> {
  await payload.db.drizzle.execute(
    sql`UPDATE batches SET starts_on = ${new Date(nowMs() - DAY_MS).toISOString()}::timestamptz
         WHERE id = (SELECT batch_id FROM payments WHERE id = ${paymentId}) AND starts_on > ${new Date(nowMs()).toISOString()}::timestamptz`,
  )
}
