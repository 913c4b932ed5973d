import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/**
 * Runs `fn` in the request's transaction, starting (and then committing or rolling back) one if
 * the request has none yet. Nested calls share the outer transaction.
 */
export async function inTransaction<T>(req: PayloadRequest, fn: () => Promise<T>): Promise<T> {
  const owns = await initTransaction(req)
  try {
    const result = await fn()
    if (owns) await commitTransaction(req)
    return result
  } catch (error) {
    if (owns) await killTransaction(req)
    throw error
  }
}

type Executor = { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> }

/** The drizzle handle of the request's transaction (raw SQL must run there, not on the pool). */
export async function txDb(req: PayloadRequest): Promise<Executor> {
  const db = req.payload.db as unknown as { sessions: Record<string, { db: Executor }>; drizzle: Executor }
  const id = req.transactionID ? await req.transactionID : undefined
  return (id && db.sessions[String(id)]?.db) || db.drizzle
}
