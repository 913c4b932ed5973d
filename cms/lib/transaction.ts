import type { PostgresAdapter } from '@payloadcms/db-postgres'
import type { SQL } from '@payloadcms/db-postgres/drizzle'
import { PgDialect } from '@payloadcms/db-postgres/drizzle/pg-core'
import { commitTransaction, createLocalReq, initTransaction, killTransaction, type Payload, type PayloadRequest } from 'payload'
import { sharedPool } from './sharedPool'

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
type Executor = { execute: (query: SQL) => Promise<unknown> }

async function transactionDb(req: PayloadRequest): Promise<Executor | null> {
  const id = await req.transactionID
  const adapter = req.payload.db as unknown as PostgresAdapter
  return id !== undefined ? ((adapter.sessions[String(id)]?.db as unknown as Executor | undefined) ?? null) : null
}

/** Throws unless `req` is inside a transaction (a step that takes row locks needs one). */
export async function requireTransaction(req: PayloadRequest): Promise<void> {
  if (!(await transactionDb(req))) throw new Error('This step takes a row lock: run it inside inTransaction(req, ...)')
}

const dialect = new PgDialect()

/**
 * Raw SQL on the transaction's own connection when `req` has one (`payload.db.drizzle` is the
 * pool: a lock taken there would not be held by our transaction, and a Local API call made
 * meanwhile would wait on it); plain reads without a transaction go to the pool.
 *
 * `prepared` names a hot read of many joins (the payment history): outside a transaction it runs as
 * a named prepared statement, so each pooled connection plans it once and reuses the plan instead
 * of planning it on every call (a few milliseconds of the database's CPU each). The name must stand
 * for one SQL text: the values may change, the text may not.
 */
export async function txQuery<T extends Row = Row>(
  req: PayloadRequest,
  query: SQL,
  opts: { requireTransaction?: boolean; prepared?: string } = {},
): Promise<T[]> {
  const tx = await transactionDb(req)
  if (!tx && opts.requireTransaction) throw new Error('This step takes a row lock: run it inside inTransaction(req, ...)')
  if (!tx && opts.prepared) {
    const { sql: text, params } = dialect.sqlToQuery(query)
    return (await sharedPool(req.payload).query({ name: opts.prepared, text, values: params })).rows as T[]
  }
  const db = tx ?? (req.payload.db as unknown as { drizzle: Executor }).drizzle
  const result = (await db.execute(query)) as { rows: T[] }
  return result.rows
}

/** A request of its own, for one step of a job or a script that must commit on its own. */
export const newRequest = (payload: Payload): Promise<PayloadRequest> => createLocalReq({}, payload)
