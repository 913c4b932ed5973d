import { nowMs } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client'
import { operationalState } from './operationalState'

/**
 * Prometheus metrics of a CMS process (the Next server or the worker), with prom-client
 * (docs/decisions/133-health-and-metrics.md). Names are `mentorloop_<thing>_<unit>`; labels take
 * bounded values only (route templates, states, lanes, never ids). One registry per process, kept
 * on globalThis: Next bundles route handlers and the Payload config apart, and every copy of this
 * module must count into the same metrics.
 */
type Metrics = ReturnType<typeof createMetrics>

const KEY = Symbol.for('mentorloop.metrics')
const globals = globalThis as unknown as Record<symbol, Metrics | undefined>

function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const http = {
    requests: new Counter({
      name: 'mentorloop_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'mentorloop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  }
  const paymentVerifications = new Counter({
    name: 'mentorloop_payment_verifications_total',
    help: 'Payment verifications (checkout, webhook, reconciliation), by source and outcome',
    labelNames: ['source', 'outcome'] as const,
    registers: [registry],
  })
  const seatDecisions = new Counter({
    name: 'mentorloop_seat_decisions_total',
    help: 'Bookings decided: seated, waitlisted or refused',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const rateLimitRefusals = new Counter({
    name: 'mentorloop_rate_limit_refusals_total',
    help: 'Requests refused by a rate limit (429), by limit',
    labelNames: ['limit'] as const,
    registers: [registry],
  })
  const emailsSent = new Counter({
    name: 'mentorloop_emails_total',
    help: 'E-mails handled by the senders, by lane and outcome (sent, captured, retry, failed)',
    labelNames: ['lane', 'outcome'] as const,
    registers: [registry],
  })
  return { registry, http, paymentVerifications, seatDecisions, rateLimitRefusals, emailsSent }
}

export const metrics = (): Metrics => (globals[KEY] ??= createMetrics())

/**
 * Gauges read from the database at each scrape (the CMS's /metrics): the worker's heartbeat, the
 * outbox and jobs backlogs, refunds by state, and this process's database pool. A gauge is set
 * afresh each time, so a state that emptied reads 0 rather than its last value.
 */
export function registerDatabaseGauges(payload: Payload): void {
  const { registry } = metrics()
  if (registry.getSingleMetric('mentorloop_worker_heartbeat_age_seconds')) return
  let reading: { at: number; state: Promise<Awaited<ReturnType<typeof operationalState>> | null> } | null = null
  // One reading per scrape, shared by the gauges below (each gauge's collect runs on its own):
  // a reading younger than a second is reused.
  const read = () => {
    if (!reading || nowMs() - reading.at >= 1_000) reading = { at: nowMs(), state: operationalState(payload).catch(() => null) }
    return reading.state
  }
  new Gauge({
    name: 'mentorloop_worker_heartbeat_age_seconds',
    help: "Seconds since any worker's last heartbeat (-1: none has ever beaten)",
    registers: [registry],
    async collect() {
      const s = await read()
      this.set(s?.workerHeartbeatAgeSeconds ?? -1)
    },
  })
  new Gauge({
    name: 'mentorloop_workers_alive',
    help: 'Workers whose heartbeat is under 2 minutes old',
    registers: [registry],
    async collect() {
      this.set((await read())?.workersAlive ?? 0)
    },
  })
  const lanes = ['urgent', 'normal', 'bulk']
  const mailStates = ['queued', 'sending', 'failed']
  new Gauge({
    name: 'mentorloop_outbox_messages',
    help: 'E-mails not yet sent, by lane and state',
    labelNames: ['lane', 'state'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      for (const lane of lanes)
        for (const state of mailStates) this.set({ lane, state }, s?.outbox.find((o) => o.lane === lane && o.state === state)?.count ?? 0)
    },
  })
  new Gauge({
    name: 'mentorloop_outbox_oldest_queued_age_seconds',
    help: 'Age of the oldest e-mail waiting to be sent, by lane',
    labelNames: ['lane'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      for (const lane of lanes) {
        const ages = s?.outbox.filter((o) => o.lane === lane && o.state !== 'failed').map((o) => o.oldestAgeSeconds) ?? []
        this.set({ lane }, ages.length ? Math.max(...ages) : 0)
      }
    },
  })
  const jobStates = ['due', 'scheduled', 'processing', 'failed']
  new Gauge({
    name: 'mentorloop_jobs',
    help: 'Jobs in the queue, by queue and state',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      this.reset()
      for (const queue of new Set(['time', 'refunds', 'offers', 'default', ...(s?.jobs.map((j) => j.queue) ?? [])]))
        for (const state of jobStates) this.set({ queue, state }, s?.jobs.find((j) => j.queue === queue && j.state === state)?.count ?? 0)
    },
  })
  new Gauge({
    name: 'mentorloop_jobs_oldest_due_age_seconds',
    help: 'How long the oldest due job has waited to run, by queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      this.reset()
      for (const queue of new Set(['time', 'refunds', 'offers', 'default', ...(s?.jobs.map((j) => j.queue) ?? [])])) {
        const ages =
          s?.jobs.filter((j) => j.queue === queue && (j.state === 'due' || j.state === 'processing')).map((j) => j.oldestDueAgeSeconds) ??
          []
        this.set({ queue }, ages.length ? Math.max(...ages) : 0)
      }
    },
  })
  const refundStates = ['requested', 'approved', 'pending', 'failed']
  new Gauge({
    name: 'mentorloop_refunds',
    help: 'Refund requests not finished, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      for (const state of refundStates) this.set({ state }, s?.refunds.find((r) => r.state === state)?.count ?? 0)
    },
  })
  new Gauge({
    name: 'mentorloop_refunds_oldest_age_seconds',
    help: 'Age of the oldest unfinished refund request, by state',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      const s = await read()
      for (const state of refundStates) this.set({ state }, s?.refunds.find((r) => r.state === state)?.oldestAgeSeconds ?? 0)
    },
  })
  registerPoolGauge(payload)
}

/** This process's database pool: connections open, idle, and callers waiting for one. */
export function registerPoolGauge(payload: Payload): void {
  const { registry } = metrics()
  if (registry.getSingleMetric('mentorloop_db_pool_connections')) return
  // QueuedPool (lib/db/queuedPool.ts) keeps its waiters in front of pg-pool's: both are waiting.
  type Pool = { totalCount?: number; idleCount?: number; waitingCount?: number; queued?: number }
  new Gauge({
    name: 'mentorloop_db_pool_connections',
    help: "This process's database pool: total, idle, and callers waiting",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const pool = (payload.db as unknown as { pool?: Pool }).pool
      this.set({ state: 'total' }, pool?.totalCount ?? 0)
      this.set({ state: 'idle' }, pool?.idleCount ?? 0)
      this.set({ state: 'waiting' }, (pool?.waitingCount ?? 0) + (pool?.queued ?? 0))
    },
  })
}
