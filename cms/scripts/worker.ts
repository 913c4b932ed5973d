/**
 * `npm run worker`: the background work for production (docs/decisions/070-jobs-run-once.md). The
 * CMS server then runs none (JOBS_AUTORUN=false); this process runs one loop per queue (the
 * minute's tick, refunds, hold expiries, e-mail, bulk e-mail). Any number of workers at once is safe:
 * every pick-up is exclusive and every task idempotent. SIGTERM stops it after the current steps.
 */
import { getPayload } from 'payload'
import { startWorkers } from '../jobs/worker'
import { closePayload } from '../lib/closePayload'
import config from '../payload.config'

process.env.JOBS_AUTORUN = 'false'
const idleMs = process.env.WORKER_INTERVAL_MS ? Math.max(100, Number(process.env.WORKER_INTERVAL_MS)) : undefined
const payload = await getPayload({ config })
const workers = startWorkers(payload, { idleMs })
payload.logger.info({ msg: 'Jobs worker started', idleMs: idleMs ?? 'per queue' })

await new Promise<void>((resolve) => {
  process.once('SIGTERM', resolve)
  process.once('SIGINT', resolve)
})
payload.logger.info({ msg: 'Jobs worker stopping' })
await workers.stop()
await closePayload(payload)
process.exit(0)
