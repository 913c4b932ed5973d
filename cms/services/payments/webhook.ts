import { createHash } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { z } from 'zod'
import { getGateway } from '../../gateway'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { completePayment, markPaymentFailed } from './completePayment'
import { reconcileRefundEvent } from './refunds'

const eventSchema = z.object({
  event: z.string().min(1),
  payload: z
    .object({
      payment: z.object({ entity: z.object({ id: z.string(), order_id: z.string().nullish(), status: z.string().optional() }) }).optional(),
      order: z.object({ entity: z.object({ id: z.string() }) }).optional(),
      refund: z
        .object({
          entity: z.object({
            id: z.string().min(1).max(100),
            payment_id: z.string().optional(),
            status: z.string().optional(),
            receipt: z.string().max(100).nullish(),
            // Razorpay sends empty notes as [].
            notes: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).nullish(),
          }),
        })
        .optional(),
    })
    .passthrough(),
})

/** Ids as Razorpay writes them (`order_…`, `evt_…`): anything else is left out of the log line. */
const LOGGABLE_ID = /^[A-Za-z0-9_]{1,64}$/
const loggable = (v: unknown) => (typeof v === 'string' && LOGGABLE_ID.test(v) ? v : undefined)

/** The order, event and event id a refused delivery claims to be about, for the log: unverified, ids only. */
function unverifiedDelivery(rawBody: string, eventIdHeader: string | null) {
  let body: { event?: unknown; payload?: { payment?: { entity?: { order_id?: unknown } }; order?: { entity?: { id?: unknown } } } } = {}
  try {
    body = JSON.parse(rawBody) ?? {}
  } catch {
    // not JSON: nothing to name
  }
  return {
    orderId: loggable(body.payload?.payment?.entity?.order_id) ?? loggable(body.payload?.order?.entity?.id) ?? null,
    event: typeof body.event === 'string' && /^[a-z_.]{1,50}$/.test(body.event) ? body.event : null,
    eventId: loggable(eventIdHeader) ?? null,
  }
}

export type WebhookOutcome = { received: true; duplicate: boolean; event: string; action: string }

/**
 * A Razorpay webhook: signature over the raw body (400 when missing or wrong), then — in one
 * transaction — record the event id under a unique key and apply it. Deliveries are at least
 * once: a repeated event id is a no-op. State only moves forward (`payment.failed` may be
 * followed by `payment.captured`; a completed payment never becomes failed).
 */
export async function handleWebhook(
  req: PayloadRequest,
  rawBody: string,
  signature: string | null,
  eventIdHeader: string | null,
): Promise<WebhookOutcome> {
  if (!signature || !getGateway().verifyWebhookSignature(rawBody, signature)) {
    // A wrong webhook secret after a rotation looks exactly like this: say so, with the order it
    // was about (never the signature, the secret or the body: it carries the payer's contact).
    req.payload.logger.warn({
      msg: signature ? 'Webhook refused: invalid signature' : 'Webhook refused: missing signature',
      ...unverifiedDelivery(rawBody, eventIdHeader),
    })
    throw new AppError('INVALID_SIGNATURE', 400, signature ? 'Invalid webhook signature.' : 'Missing webhook signature.')
  }
  let json: unknown
  try {
    json = JSON.parse(rawBody)
  } catch {
    throw new AppError('INVALID_INPUT', 400, 'The webhook body is not JSON.')
  }
  const parsed = eventSchema.safeParse(json)
  if (!parsed.success) throw new AppError('INVALID_INPUT', 400, 'The webhook body is not a Razorpay event.')
  const { event, payload: entities } = parsed.data
  const eventId = eventIdHeader?.trim().slice(0, 100) || `sha256:${createHash('sha256').update(rawBody).digest('hex')}`

  const result = await inTransaction(req, async () => {
    const inserted = await txQuery(
      req,
      sql`INSERT INTO payment_events (event_id, event, created_at, updated_at)
          VALUES (${eventId}, ${event.slice(0, 100)}, now(), now())
          ON CONFLICT (event_id) DO NOTHING
          RETURNING id`,
    )
    if (inserted.length === 0) return { duplicate: true, action: 'ignored' }

    const payment = entities.payment?.entity
    const orderId = payment?.order_id ?? entities.order?.entity.id ?? null
    switch (event) {
      case 'payment.captured':
      case 'order.paid': {
        if (!payment || !orderId) return { duplicate: false, action: 'ignored' }
        const completion = await completePayment(req, orderId, payment.id)
        if (!completion) return { duplicate: false, action: 'unknown-order' }
        return { duplicate: false, action: completion.activated ? 'completed' : 'already-completed' }
      }
      case 'payment.failed': {
        if (!orderId) return { duplicate: false, action: 'ignored' }
        return { duplicate: false, action: (await markPaymentFailed(req, orderId)) ? 'failed' : 'unchanged' }
      }
      case 'refund.created':
      case 'refund.processed':
      case 'refund.failed': {
        const refund = entities.refund?.entity
        if (!refund) return { duplicate: false, action: 'ignored' }
        const outcome = await reconcileRefundEvent(req, event, { ...refund, notes: refund.notes ?? undefined })
        return { duplicate: false, action: outcome === 'unknown' || outcome === 'unchanged' ? outcome : event }
      }
      default:
        return { duplicate: false, action: 'ignored' }
    }
  })
  return { received: true, event, ...result }
}
