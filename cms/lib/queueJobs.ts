import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from './transaction'

export type QueuedJob = { task: string; input: Record<string, unknown>; waitUntil?: Date; queue?: string }

/**
 * Queues many jobs in one INSERT, inside the caller's transaction when `req` has one (so a step
 * that rolls back queues nothing). The rows are those `payload.jobs.queue` writes one at a time
 * (it goes straight to `payload.db.create`: no hooks run there either): input, task, queue, the
 * time to wait until, and createdAt from the process clock as Payload sets it, so the queue's
 * processing order (createdAt) is kept. For the steps that queue thousands at once (docs/decisions/058).
 */
export async function queueJobs(req: PayloadRequest, jobs: QueuedJob[]): Promise<void> {
  if (jobs.length === 0) return
  const at = new Date().toISOString()
  const rows = JSON.stringify(
    jobs.map((j) => ({ input: j.input, task: j.task, queue: j.queue ?? 'default', waitUntil: j.waitUntil?.toISOString() ?? null })),
  )
  await txQuery(
    req,
    sql`INSERT INTO payload_jobs (input, task_slug, queue, wait_until, created_at, updated_at)
        SELECT j.value->'input', (j.value->>'task')::enum_payload_jobs_task_slug, j.value->>'queue',
               (j.value->>'waitUntil')::timestamptz, ${at}::timestamptz, ${at}::timestamptz
          FROM jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS j(value, n)
         ORDER BY j.n`,
  )
}
