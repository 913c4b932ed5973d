import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { newRequest, txQuery } from '../../lib/transaction'

/**
 * One item of a time-driven step (a batch to start, a hold to expire), isolated: a failure is logged
 * and recorded in `job_failures` for the admin's dashboard, the step goes on with the next item, and
 * the item is tried again on the next tick (its row is still due). A pass that succeeds marks an
 * earlier failure of the same item resolved. Returns what `fn` returned, or null when it failed.
 */
export async function stepGuard(payload: Payload, step: string) {
  const failing = await unresolved(payload, step)
  return <T>(ref: string | number, fn: () => Promise<T>) => isolated(payload, step, String(ref), fn, failing)
}

async function isolated<T>(payload: Payload, step: string, ref: string, fn: () => Promise<T>, failing: Set<string>): Promise<T | null> {
  try {
    const out = await fn()
    if (failing.has(ref)) await resolveFailure(payload, step, ref)
    return out
  } catch (error) {
    payload.logger.error({ msg: 'A time-driven step failed for one item; the others go on', step, ref, err: error })
    await recordFailure(payload, step, String(ref), error).catch((e) =>
      payload.logger.error({ msg: 'Recording a step failure failed', step, ref, err: e }),
    )
    return null
  }
}

async function unresolved(payload: Payload, step: string): Promise<Set<string>> {
  const rows = await txQuery<{ ref: string }>(
    await newRequest(payload),
    sql`SELECT ref FROM job_failures WHERE step = ${step} AND resolved_at IS NULL`,
  )
  return new Set(rows.map((r) => r.ref))
}

async function recordFailure(payload: Payload, step: string, ref: string, error: unknown): Promise<void> {
  const req = await newRequest(payload)
  const at = new Date().toISOString()
  const message = String((error as Error)?.message ?? error).slice(0, 1000)
  const updated = await txQuery(
    req,
    sql`UPDATE job_failures SET attempts = COALESCE(attempts, 0) + 1, last_seen_at = ${at}::timestamptz, error = ${message}, updated_at = now()
         WHERE step = ${step} AND ref = ${ref} AND resolved_at IS NULL RETURNING id`,
  )
  if (updated.length > 0) return
  await txQuery(
    req,
    sql`INSERT INTO job_failures (step, ref, error, attempts, first_seen_at, last_seen_at, created_at, updated_at)
        VALUES (${step}, ${ref}, ${message}, 1, ${at}::timestamptz, ${at}::timestamptz, now(), now())`,
  )
}

async function resolveFailure(payload: Payload, step: string, ref: string): Promise<void> {
  const req = await newRequest(payload)
  await txQuery(
    req,
    sql`UPDATE job_failures SET resolved_at = ${new Date().toISOString()}::timestamptz, updated_at = now()
         WHERE step = ${step} AND ref = ${ref} AND resolved_at IS NULL`,
  )
}
