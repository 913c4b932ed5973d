import type { Payload } from 'payload'

type QueryResult = { rows: Record<string, unknown>[]; rowCount: number | null }
export type SharedPool = { query: (text: string, values?: unknown[]) => Promise<QueryResult> }

/**
 * The adapter's pg pool, for the small shared-state statements (rate limits, single-use keys,
 * content versions). Each runs on its own, outside the caller's transaction: another instance
 * must see it at once, and a rolled-back sign-in must not give a replayed token a second try.
 */
export function sharedPool(payload: Payload): SharedPool {
  return (payload.db as unknown as { pool: SharedPool }).pool
}
