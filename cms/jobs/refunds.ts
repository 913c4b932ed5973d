import type { TaskConfig } from 'payload'
import { REFUNDS_QUEUE } from '../services/payments/approveRefund'
import { attemptRefund, retryDueRefunds } from '../services/payments/refundAttempts'

/**
 * Refunds through the gateway, after the decision commits (docs/decisions/056-refunds-after-commit.md).
 * The gateway errors are the service's to retry (with backoff, then `failed`), so these tasks only
 * throw when the database does; both are safe to run twice or on two workers at once.
 */
export const processRefundTask: TaskConfig<{ input: { refundRequestId: number }; output: { outcome: string } }> = {
  slug: 'processRefund',
  label: 'Refund an approved request through the gateway',
  retries: 2,
  inputSchema: [{ name: 'refundRequestId', type: 'number', required: true }],
  outputSchema: [{ name: 'outcome', type: 'text', required: true }],
  handler: async ({ input, req }) => ({ output: { outcome: await attemptRefund(req.payload, input.refundRequestId) } }),
}

/** The sweep: retries that are due, and attempts a crashed worker left behind once their claim ran out. */
export const retryRefundsTask: TaskConfig<{ input: Record<string, never>; output: { attempted: number; settled: number } }> = {
  slug: 'retryRefunds',
  label: 'Retry approved refunds that are due',
  retries: 2,
  schedule: [{ cron: '* * * * *', queue: REFUNDS_QUEUE }],
  inputSchema: [],
  outputSchema: [
    { name: 'attempted', type: 'number', required: true },
    { name: 'settled', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({ output: await retryDueRefunds(req.payload) }),
}

export const refundTasks = [processRefundTask, retryRefundsTask]
