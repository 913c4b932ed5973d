/**
 * `npm run worker`: the jobs worker for production (docs/decisions/045-batches-in-time.md). The CMS
 * server then runs no jobs (JOBS_AUTORUN=false); this process schedules the cron tasks (batches,
 * offers, renewal reminders) and runs every queue (e-mails included) every few seconds. Two
 * workers at once are safe: every task is idempotent and decided under row locks. SIGTERM stops
 * it after the current pass.
 */
import { getPayload } from 'payload'
import { closePayload } from '../lib/closePayload'
import config from '../payload.config'

process.env.JOBS_AUTORUN = 'false'
const intervalMs = Math.max(1_000, Number(process.env.WORKER_INTERVAL_MS ?? 5_000))
const payload = await getPayload({ config })
let stopping = false
const stop = () => {
  stopping = true
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
payload.logger.info({ msg: 'Jobs worker started', intervalMs })

while (!stopping) {
  const started = Date.now()
  try {
    await payload.jobs.handleSchedules({ allQueues: true })
    // One after the other, oldest first: a student's e-mails arrive in the order they were queued.
    await payload.jobs.run({ allQueues: true, limit: 100, sequential: true })
  } catch (error) {
    // A database blip: log it and try again on the next pass.
    payload.logger.error({ msg: 'Jobs worker pass failed', err: error })
  }
  const wait = Math.max(0, intervalMs - (Date.now() - started))
  await new Promise((resolve) => setTimeout(resolve, wait))
}
payload.logger.info({ msg: 'Jobs worker stopping' })
await closePayload(payload)
process.exit(0)
