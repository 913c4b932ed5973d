import type { TaskConfig } from 'payload'
import { REFUNDS_QUEUE } from '../services/payments/approveRefund'
import { reconcileDueOrders } from '../services/payments/reconcile'

/**
 * Every five minutes, the orders left unpaid for over 15 minutes are checked with the gateway
 * (docs/decisions/160). On the `refunds` queue, the one whose runner calls the gateway, so a slow
 * gateway holds up neither the minute's tick nor e-mail. Idempotent and safe with two workers:
 * each order is claimed by one sweep (`FOR UPDATE SKIP LOCKED`), and completed once.
 */
export const reconcilePaymentsTask: TaskConfig<{
  input: Record<string, never>
  output: { checked: number; completed: number; failed: number; waiting: number; unchanged: number; error: number }
}> = {
  slug: 'reconcilePayments',
  label: 'Check unpaid orders with the payment gateway',
  retries: 2,
  schedule: [{ cron: '*/5 * * * *', queue: REFUNDS_QUEUE }],
  inputSchema: [],
  outputSchema: [
    { name: 'checked', type: 'number', required: true },
    { name: 'completed', type: 'number', required: true },
    { name: 'failed', type: 'number', required: true },
    { name: 'waiting', type: 'number', required: true },
    { name: 'unchanged', type: 'number', required: true },
    { name: 'error', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({ output: await reconcileDueOrders(req.payload) }),
}
