import type { Payload } from 'payload'
import { createSandboxGateway } from '../../gateway/sandbox'
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

export async function queuedEmails(payload: Payload, to: string, template?: string) {
  const { docs } = await payload.find({ collection: 'payload-jobs', limit: 1000, depth: 0, overrideAccess: true })
  return docs.filter((j) => {
    const input = (j as { input?: { to?: string; template?: string } }).input
    return input?.to === to && (!template || input.template === template)
  })
}

export function postWebhook(rest: RestClient, delivery: { rawBody: string; headers: Record<string, string> }) {
  return rest.post('/payments/webhook', { rawBody: delivery.rawBody, headers: delivery.headers })
}
