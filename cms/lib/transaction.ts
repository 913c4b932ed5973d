import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { commitTransaction, initTransaction, killTransaction, type PayloadRequest } from 'payload'

/**
 * Runs `fn` inside the request's transaction: starts one when the caller has none (and then
 * commits or rolls it back), or joins the caller's (a payment verification, an admin's update in
 * the panel) and leaves commit and rollback to it.
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

type Row = Record<string, unknown>

/**
 * Raw SQL on the transaction's own connection when `req` has one (`payload.db.drizzle` is the
 * pool: a lock taken there would not be held by our transaction, and a Local API call made
 * meanwhile would wait on it); plain reads without a transaction go to the pool.
 */
export async function txQuery<T extends Row = Row>(req: PayloadRequest, query: SQL): Promise<T[]> {
  const id = await req.transactionID
  const adapter = req.payload.db as unknown as PostgresAdapter
  const session = id !== undefined ? adapter.sessions[String(id)] : undefined
  const db = session?.db ?? adapter.drizzle
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

export async function requireTransaction(req: PayloadRequest): Promise<void> {
  const id = await req.transactionID
  const adapter = req.payload.db as unknown as PostgresAdapter
  if (id === undefined || !adapter.sessions[String(id)]) {
    throw new Error('This step takes a row lock: run it inside inTransaction(req, ...)')
  }
}

type Executor = { execute: (query: unknown) => Promise<{ rows: Record<string, unknown>[] }> }

/** The drizzle handle of the request's transaction (raw SQL must run there, not on the pool). */
export async function txDb(req: PayloadRequest): Promise<Executor> {
  const db = req.payload.db as unknown as { sessions: Record<string, { db: Executor }>; drizzle: Executor }
  const id = req.transactionID ? await req.transactionID : undefined
  return (id && db.sessions[String(id)]?.db) || db.drizzle
}
