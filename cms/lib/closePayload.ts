import type { Payload } from 'payload'

type PgClient = { release?: (err?: Error | boolean) => void }
type PgPool = { end: () => Promise<void>; _clients?: PgClient[] }

/**
 * payload.destroy() leaves the pg pool open, and the postgres adapter keeps one client checked out
 * for good (its reconnect watcher), so pool.end() alone waits forever. Release that client, then
 * end the pool, so scripts and tests exit cleanly and the test database can be dropped.
 */
export async function closePayload(payload: Payload): Promise<void> {
  const pool = (payload.db as unknown as { pool?: PgPool }).pool
  await payload.destroy()
  if (!pool) return
  for (const client of pool._clients ?? []) {
    try {
      client.release?.(true)
    } catch {
      // already released
    }
  }
  await pool.end().catch(() => {})
}
