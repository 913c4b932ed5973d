import { sql } from '@payloadcms/db-postgres/drizzle'
import type { BaseDatabaseAdapter, Where } from 'payload'

/**
 * Payload's job pick-up made exclusive (docs/decisions/070-jobs-run-once.md).
 *
 * `payload.jobs.run` asks the database adapter's `updateJobs` to mark the runnable jobs
 * `processing`; @payloadcms/drizzle reads them and then updates them one by one, with no row lock,
 * so two runners (two workers, or a worker and an admin's `/api/payload-jobs/run`) polling at the
 * same moment both get the same job. And Payload's own helper opens a transaction around that call
 * and never rolls it back when it throws, which left connections "idle in transaction (aborted)".
 *
 * Wrapped here, for every caller at once:
 * - the pick-up is one statement, `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED)`:
 *   each job goes to exactly one runner;
 * - a job left `processing` by a runner that died is picked up again once its lease ran out
 *   (`updatedAt` older than the queue's lease; Payload stamps it when it claims and when it ends);
 * - a failed call rolls back the transaction it was given, so no connection is left aborted.
 */
export const JOB_LEASE_MS: Record<string, number> = {
  time: 30 * 60_000,
  refunds: 5 * 60_000,
  offers: 5 * 60_000,
  default: 5 * 60_000,
}
export const leaseFor = (queue: string | null) => JOB_LEASE_MS[queue ?? 'default'] ?? JOB_LEASE_MS.default!

type UpdateJobsArgs = {
  id?: number | string
  data: Record<string, unknown>
  limit?: number
  req?: { transactionID?: number | string | Promise<number | string> }
  returning?: boolean
  sort?: string | string[]
  where?: Where
}

type Executor = { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }> }
type Adapter = {
  drizzle: Executor
  sessions: Record<string, { db: Executor } | undefined>
  updateJobs: (args: UpdateJobsArgs) => Promise<unknown[] | null>
  rollbackTransaction: (id: number | string) => Promise<void>
}

/** What runJobs asks for, read from its `where`: the queue and the time waits are compared with. */
export function readPickup(where: Where | undefined): { queue: string | null; before: string | null } {
  let queue: string | null = null
  let before: string | null = null
  const visit = (w: unknown) => {
    if (!w || typeof w !== 'object') return
    for (const [key, value] of Object.entries(w as Record<string, unknown>)) {
      if (key === 'and' || key === 'or') {
        for (const x of value as unknown[]) visit(x)
      } else if (key === 'queue' && value && typeof value === 'object' && 'equals' in value) {
        queue = String((value as { equals: unknown }).equals)
      } else if (key === 'waitUntil' && value && typeof value === 'object' && 'less_than' in value) {
        before = String((value as { less_than: unknown }).less_than)
      }
    }
  }
  visit(where)
  return { queue, before }
}

const isPickup = (args: UpdateJobsArgs) => args.data?.processing === true

export function installExclusivePickup(adapter: BaseDatabaseAdapter): void {
  const db = adapter as unknown as Adapter
  const original = db.updateJobs.bind(db)
  db.updateJobs = async function exclusiveUpdateJobs(args: UpdateJobsArgs) {
    try {
      if (!isPickup(args)) return await original(args)
      const ids = await claim(db, args)
      if (ids.length === 0) return []
      // Ours now: let Payload write and read them back in its own shape (log, input, task status).
      const { id: _id, limit: _limit, where: _where, ...rest } = args
      return await original({ ...rest, where: { id: { in: ids } }, limit: ids.length })
    } catch (error) {
      const tx = await args.req?.transactionID
      if (tx !== undefined) await db.rollbackTransaction(tx).catch(() => {})
      throw error
    }
  }
}

async function claim(adapter: Adapter, args: UpdateJobsArgs): Promise<number[]> {
  // On the connection of the transaction Payload opened for this call (not a second one from the
  // pool: a caller holding one connection and waiting for another can starve a busy pool).
  const tx = await args.req?.transactionID
  const db: Executor = (tx !== undefined ? adapter.sessions[String(tx)]?.db : undefined) ?? adapter.drizzle
  const now = new Date()
  const at = now.toISOString()
  if (args.id !== undefined) {
    const stale = new Date(now.getTime() - leaseFor(null)).toISOString()
    const { rows } = await db.execute(
      sql`UPDATE payload_jobs SET processing = true, updated_at = ${at}::timestamptz
           WHERE id = ${Number(args.id)} AND completed_at IS NULL
             AND (processing IS NOT TRUE OR updated_at < ${stale}::timestamptz)
       RETURNING id`,
    )
    return rows.map((r) => Number(r.id))
  }
  const { queue, before } = readPickup(args.where)
  const stale = new Date(now.getTime() - leaseFor(queue)).toISOString()
  const limit = Math.max(1, Math.min(Number(args.limit ?? 10), 1000))
  const { rows } = await db.execute(
    sql`UPDATE payload_jobs SET processing = true, updated_at = ${at}::timestamptz
         WHERE id IN (
           SELECT id FROM payload_jobs
            WHERE completed_at IS NULL AND has_error IS NOT TRUE
              AND (wait_until IS NULL OR wait_until < ${before ?? at}::timestamptz)
              ${queue === null ? sql`` : sql`AND queue = ${queue}`}
              AND (processing IS NOT TRUE OR updated_at < ${stale}::timestamptz)
            ORDER BY created_at, id
            LIMIT ${limit}
            FOR UPDATE SKIP LOCKED)
     RETURNING id`,
  )
  return rows.map((r) => Number(r.id)).sort((a, b) => a - b)
}
