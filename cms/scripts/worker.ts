/**
 * `npm run worker`: the background work for production (docs/decisions/070-jobs-run-once.md). The
 * CMS server then runs none (JOBS_AUTORUN=false); this process runs one loop per queue (the
 * minute's tick, refunds, hold expiries, e-mail, bulk e-mail). Any number of workers at once is safe:
 * every pick-up is exclusive and every task idempotent.
 *
 * Production runs the compiled cms/dist/worker.mjs on Node 24 (docs/decisions/130). It checks its
 * configuration first (exit 1 on a bad one), waits for the release step's migrations, beats a
 * heartbeat and serves /healthz and /metrics on WORKER_METRICS_PORT (docs/decisions/133). SIGTERM
 * lets every loop finish its current step, then exits 0.
 */
// First: .env into process.env before anything reads it.
import '../lib/dotenv'
import { getPayload } from 'payload'
import { startWorkers } from '../jobs/worker'
import { startWorkerHealth } from '../jobs/workerHealth'
import { closePayload } from '../lib/closePayload'
import { env } from '../lib/env'
import { migrationStatus } from '../lib/migrations/status'
import { refuseBadConfiguration } from '../lib/startupCheck'
import config from '../payload.config'

process.env.JOBS_AUTORUN = 'false'
refuseBadConfiguration('worker')

let stopRequested = false
const stopped = new Promise<void>((resolve) => {
  for (const signal of ['SIGTERM', 'SIGINT'] as const)
    process.once(signal, () => {
      stopRequested = true
      resolve()
    })
})

const idleMs = process.env.WORKER_INTERVAL_MS ? Math.max(100, Number(process.env.WORKER_INTERVAL_MS)) : undefined
const payload = await getPayload({ config })
payload.logger = payload.logger.child({ process: 'worker' })

// The release step (npm run migrate) comes first; a worker of the new release waits for it.
for (let logged = false; !stopRequested; logged = true) {
  const { pending } = await migrationStatus(payload)
  if (pending.length === 0) break
  if (!logged) payload.logger.warn({ msg: 'Waiting for the release step: migrations pending', pending: pending.length })
  await Promise.race([stopped, new Promise((r) => setTimeout(r, 5_000))])
}

if (!stopRequested) {
  const workers = startWorkers(payload, { idleMs })
  const health = await startWorkerHealth(payload, workers, {
    port: env.WORKER_METRICS_PORT,
    host: env.WORKER_METRICS_HOST,
    metricsToken: env.METRICS_TOKEN,
  })
  payload.logger.info({ msg: 'Jobs worker started', idleMs: idleMs ?? 'per queue', healthPort: health.port() })
  await stopped
  payload.logger.info({ msg: 'Jobs worker stopping' })
  await workers.stop()
  await health.stop()
}
await closePayload(payload)
process.exit(0)
