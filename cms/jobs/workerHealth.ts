import { createServer, type Server } from 'node:http'
import { hostname } from 'node:os'
import type { Payload } from 'payload'
import { Gauge } from 'prom-client'
import { metrics } from '../lib/observability/metrics'
import { metricsAuthorized } from '../lib/observability/metricsAccess'
import { sharedPool } from '../lib/sharedPool'
import type { Workers } from './worker'

/**
 * A worker's health, seen from inside and from outside (docs/decisions/133-health-and-metrics.md):
 * - a heartbeat row (`worker_heartbeats`), written every 15 s while every loop is making progress:
 *   a worker that dies, hangs or has a loop stuck in one step stops beating, and the CMS's
 *   /readyz?detail and metrics show the age, which the alert rules watch (deploy/alerts.yml);
 * - a small HTTP server on WORKER_METRICS_PORT: `/healthz` (200 while no loop is stuck and the
 *   last beat was written, else 503: the container's health check) and `/metrics` (Prometheus).
 * A loop counts as stuck after STUCK_AFTER_MS in one step: longer than the longest real step (a
 * month end at 500 mentors takes under a minute, bench/rollover), shorter than an operator's patience.
 */
export const BEAT_EVERY_MS = 15_000
export const STUCK_AFTER_MS = Number(process.env.WORKER_STUCK_AFTER_MS ?? 180_000)

export type WorkerHealth = { stop: () => Promise<void>; server: Server; port: () => number }

export function workerId(): string {
  return `${hostname()}:${process.pid}`
}

export function stuckLoops(progress: Record<string, number>, at = Date.now()): string[] {
  return Object.entries(progress)
    .filter(([, last]) => at - last > STUCK_AFTER_MS)
    .map(([name]) => name)
}

export function startWorkerHealth(
  payload: Payload,
  workers: Workers,
  opts: { port: number; host: string; metricsToken?: string },
): Promise<WorkerHealth> {
  const id = workerId()
  const startedAt = new Date()
  let lastBeatOk = 0
  const pool = sharedPool(payload)
  const { registry } = metrics()
  const loopAge = new Gauge({
    name: 'mentorloop_worker_loop_progress_age_seconds',
    help: "Seconds since each of this worker's loops last finished a step",
    labelNames: ['loop'] as const,
    registers: [registry],
    collect() {
      for (const [loop, last] of Object.entries(workers.progress())) this.set({ loop }, (Date.now() - last) / 1000)
    },
  })
  void loopAge

  const beat = async () => {
    const progress = workers.progress()
    const stuck = stuckLoops(progress)
    if (stuck.length > 0) {
      payload.logger.error({ msg: 'A worker loop is stuck; no heartbeat', loops: stuck })
      return
    }
    const loops = Object.fromEntries(Object.entries(progress).map(([k, v]) => [k, new Date(v).toISOString()]))
    try {
      await pool.query(
        `INSERT INTO worker_heartbeats (worker_id, host, pid, started_at, beat_at, loops) VALUES ($1, $2, $3, $4, now(), $5)
         ON CONFLICT (worker_id) DO UPDATE SET beat_at = now(), loops = excluded.loops`,
        [id, hostname(), process.pid, startedAt.toISOString(), JSON.stringify(loops)],
      )
      lastBeatOk = Date.now()
    } catch (error) {
      payload.logger.warn({ msg: 'Writing the worker heartbeat failed', err: error })
    }
  }
  void beat()
  const timer = setInterval(() => void beat(), BEAT_EVERY_MS)

  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://worker')
    if (url.pathname === '/healthz') {
      const stuck = stuckLoops(workers.progress())
      const beatAge = lastBeatOk ? Date.now() - lastBeatOk : null
      const ok = stuck.length === 0 && beatAge !== null && beatAge < 4 * BEAT_EVERY_MS
      res.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
      res.end(JSON.stringify({ status: ok ? 'up' : 'down', stuck, heartbeatAgeSeconds: beatAge === null ? null : beatAge / 1000 }))
      return
    }
    if (url.pathname === '/metrics') {
      const refused = metricsAuthorized(req.headers.authorization ?? null, opts.metricsToken, { allowWithoutToken: true })
      if (refused) {
        res.writeHead(refused.status, Object.fromEntries(refused.headers))
        res.end(await refused.text())
        return
      }
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' })
      res.end(await registry.metrics())
      return
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' })
    res.end('Not Found')
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, opts.host, () => {
      resolve({
        server,
        port: () => {
          const address = server.address()
          return typeof address === 'object' && address ? address.port : opts.port
        },
        stop: async () => {
          clearInterval(timer)
          await new Promise<void>((r) => server.close(() => r()))
          // A clean stop says so: the row goes, and no alert waits for a beat that will not come.
          await pool.query('DELETE FROM worker_heartbeats WHERE worker_id = $1', [id]).catch(() => {})
        },
      })
    })
  })
}
