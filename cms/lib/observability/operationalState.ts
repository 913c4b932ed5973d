import { now } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { sharedPool } from '../sharedPool'

/**
 * What an operator watches, read from the rows themselves (docs/decisions/133-health-and-metrics.md):
 * the worker's heartbeat, the e-mail outbox's backlog by lane, the jobs queue's backlog by queue,
 * refunds by state. One statement each, over the unfinished rows only (indexes on their status),
 * so a scrape costs the same at any size: sent e-mails and finished jobs are counted by the worker
 * as it finishes them, not here.
 */
export type OperationalState = {
  /** Seconds since the newest heartbeat of any worker; null when no worker has ever beaten. */
  workerHeartbeatAgeSeconds: number | null
  /** Workers that beat within the last 2 minutes. */
  workersAlive: number
  outbox: { lane: string; state: string; count: number; oldestAgeSeconds: number }[]
  jobs: { queue: string; state: string; count: number; oldestDueAgeSeconds: number }[]
  refunds: { state: string; count: number; oldestAgeSeconds: number }[]
}

const seconds = (v: unknown) => (v === null || v === undefined ? null : Math.max(0, Math.round(Number(v) * 10) / 10))

export async function operationalState(payload: Payload): Promise<OperationalState> {
  const pool = sharedPool(payload)
  const at = now().toISOString()
  const [heartbeat, outbox, jobs, refunds] = await Promise.all([
    pool.query(
      `SELECT extract(epoch FROM $1::timestamptz - max(beat_at)) AS age,
              count(*) FILTER (WHERE beat_at > $1::timestamptz - interval '2 minutes') AS alive
         FROM worker_heartbeats`,
      [at],
    ),
    // Lanes as the senders drain them: urgent and normal share the "now" lane, bulk has its own.
    pool.query(
      `SELECT CASE WHEN priority >= 2 THEN 'bulk' WHEN priority <= 0 THEN 'urgent' ELSE 'normal' END AS lane, status AS state,
              count(*) AS n, extract(epoch FROM $1::timestamptz - min(created_at)) AS oldest
         FROM email_outbox WHERE status IN ('queued', 'sending', 'failed') GROUP BY 1, 2`,
      [at],
    ),
    pool.query(
      `SELECT coalesce(queue, 'default') AS queue,
              CASE WHEN has_error THEN 'failed' WHEN processing THEN 'processing'
                   WHEN wait_until > $1::timestamptz THEN 'scheduled' ELSE 'due' END AS state,
              count(*) AS n,
              extract(epoch FROM $1::timestamptz - min(coalesce(wait_until, created_at))) AS oldest
         FROM payload_jobs WHERE completed_at IS NULL GROUP BY 1, 2`,
      [at],
    ),
    pool.query(
      `SELECT status AS state, count(*) AS n, extract(epoch FROM $1::timestamptz - min(updated_at)) AS oldest
         FROM refund_requests WHERE status IN ('requested', 'approved', 'pending', 'failed') GROUP BY 1`,
      [at],
    ),
  ])
  return {
    workerHeartbeatAgeSeconds: seconds(heartbeat.rows[0]?.age),
    workersAlive: Number(heartbeat.rows[0]?.alive ?? 0),
    outbox: outbox.rows.map((r) => ({
      lane: String(r.lane),
      state: String(r.state),
      count: Number(r.n),
      oldestAgeSeconds: seconds(r.oldest) ?? 0,
    })),
    jobs: jobs.rows.map((r) => ({
      queue: String(r.queue),
      state: String(r.state),
      count: Number(r.n),
      // Only due work is late: a job scheduled for later is not waiting yet.
      oldestDueAgeSeconds: r.state === 'scheduled' ? 0 : (seconds(r.oldest) ?? 0),
    })),
    refunds: refunds.rows.map((r) => ({ state: String(r.state), count: Number(r.n), oldestAgeSeconds: seconds(r.oldest) ?? 0 })),
  }
}
