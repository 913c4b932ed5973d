import type { Payload } from 'payload'

type QueryResult = { rows: Record<string, unknown>[]; rowCount: number | null }
export type SharedPool = {
  query(text: string, values?: unknown[]): Promise<QueryResult>
  /** With a `name`, a prepared statement: each pooled connection plans it once (lib/transaction.ts). */
  query(config: { name?: string; text: string; values?: unknown[] }): Promise<QueryResult>
}

/**
 * The adapter's pg pool, outside any transaction: for the small shared-state statements (rate
 * limits, single-use keys, content versions), which run on their own because another instance
 * must see them at once and a rolled-back sign-in must not give a replayed token a second try; and
 * for txQuery's prepared reads.
 */
export function sharedPool(payload: Payload): SharedPool {
  return (payload.db as unknown as { pool: SharedPool }).pool
}
