import { GatewayError } from '../../gateway'

/**
 * How the refund job retries a gateway call (docs/decisions/056-refunds-after-commit.md): at most
 * MAX_REFUND_ATTEMPTS calls, waiting longer after each failure; a refusal the gateway will repeat
 * (a bad request, wrong keys) is not retried. A claimed attempt holds the request for
 * REFUND_LEASE_MS, longer than the gateway's own timeout, so a second worker leaves it alone while
 * the call runs and picks it up after a crash.
 */
export const MAX_REFUND_ATTEMPTS = 5
export const REFUND_LEASE_MS = 2 * 60_000
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]

/** After failed attempt number `attempt` (1-based): when to try again, or null to give up. */
export function nextRefundAttempt(attempt: number, error: unknown, at: Date): Date | null {
  if (error instanceof GatewayError && !error.retryable) return null
  if (attempt >= MAX_REFUND_ATTEMPTS) return null
  const wait = BACKOFF_MS[Math.min(Math.max(attempt, 1), BACKOFF_MS.length) - 1]!
  return new Date(at.getTime() + wait)
}

/** What staff read on the request: the gateway's message, or that the call broke off. */
export function describeRefundError(error: unknown): string {
  if (error instanceof GatewayError) return `${error.code}: ${error.message}`.slice(0, 500)
  return `Unexpected error: ${error instanceof Error ? error.message : String(error)}`.slice(0, 500)
}
