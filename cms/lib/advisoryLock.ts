import type { Payload } from 'payload'

type PgClient = {
  query: (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>
  release: (err?: Error | boolean) => void
}
type PgPool = { connect: () => Promise<PgClient> }

/** Advisory lock keys (the first number names the product, the second the lock). */
export const LOCKS = { time: [4201, 1], migrations: [4201, 2] } as const

/**
 * Runs `fn` only if no other process holds the lock (or, with `wait`, once it has it): PostgreSQL's session advisory lock, held on a
 * connection of its own for as long as `fn` runs (its work uses other connections). A process that
 * dies loses its connection and with it the lock, so nothing stays locked. Returns whether it ran.
 */
export async function withTryLock<T>(
  payload: Payload,
  key: readonly [number, number],
  fn: () => Promise<T>,
  opts: { wait?: boolean } = {},
): Promise<{ ran: true; value: T } | { ran: false }> {
  const pool = (payload.db as unknown as { pool: PgPool }).pool
  const client = await pool.connect()
  let broken: Error | undefined
  try {
    // `wait`: queue behind the holder (a test or the test clock that must see the work done).
    const { rows } = await client.query(
      opts.wait ? 'SELECT true AS ok FROM pg_advisory_lock($1, $2)' : 'SELECT pg_try_advisory_lock($1, $2) AS ok',
      [key[0], key[1]],
    )
    if (!rows[0]?.ok) return { ran: false }
    try {
      return { ran: true, value: await fn() }
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [key[0], key[1]]).catch((error: Error) => {
        broken = error
      })
    }
  } finally {
    // A connection whose unlock failed is dropped, so the lock cannot outlive this call.
    client.release(broken ?? false)
  }
}
