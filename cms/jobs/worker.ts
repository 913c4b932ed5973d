import type { Payload } from 'payload'
import { type Lane, sendDueEmails } from '../notifications/outbox'
import { REFUNDS_QUEUE } from '../services/payments/approveRefund'
import { OFFERS_QUEUE, TIME_QUEUE } from './time'

/**
 * The runners of background work (docs/decisions/070-jobs-run-once.md), one loop per queue so that
 * none waits behind another: a month-end's thousands of e-mails never hold up a refund, a hold's
 * expiry or an offer's e-mail. Each loop takes a small batch, runs it, and goes again at once while
 * there is work, or sleeps a moment when there is none. Used by `npm run worker` (production) and by
 * the CMS itself in development (JOBS_AUTORUN not `false`). Any number of these at once is safe:
 * every pick-up is exclusive (exclusivePickup.ts, the outbox's SKIP LOCKED claim).
 */
type Loop = { name: string; idleMs: number; step: () => Promise<number> }

export type Workers = {
  stop: () => Promise<void>
  /** When each loop last finished a step (ms since the epoch, the system's clock: how long it has been stuck is real time). */
  progress: () => Record<string, number>
}

const jobsStep = (payload: Payload, queue: string, limit: number) => async () => {
  const result = await payload.jobs.run({ queue, limit, sequential: true, silent: true })
  return result.noJobsRemaining ? 0 : limit
}

const emailStep = (payload: Payload, lane: Lane, limit: number, concurrency: number) => () =>
  sendDueEmails(payload, { lane, limit, concurrency })

export function workerLoops(payload: Payload, opts: { idleMs?: number } = {}): Loop[] {
  const idle = (ms: number) => opts.idleMs ?? ms
  return [
    {
      name: 'time',
      idleMs: idle(5_000),
      // The scheduled tasks (the minute's tick, the refund sweep) are queued here, then run.
      step: async () => {
        await payload.jobs.handleSchedules({ allQueues: true })
        return jobsStep(payload, TIME_QUEUE, 5)()
      },
    },
    { name: 'refunds', idleMs: idle(2_000), step: jobsStep(payload, REFUNDS_QUEUE, 5) },
    { name: 'offers', idleMs: idle(2_000), step: jobsStep(payload, OFFERS_QUEUE, 20) },
    { name: 'e-mail', idleMs: idle(1_000), step: emailStep(payload, 'now', 50, 5) },
    { name: 'bulk e-mail', idleMs: idle(2_000), step: emailStep(payload, 'bulk', 100, 5) },
    // Anything queued without a queue name (Payload's own jobs).
    { name: 'default', idleMs: idle(5_000), step: jobsStep(payload, 'default', 10) },
  ]
}

/** Starts every loop; `stop()` lets each finish its current step and resolves when all have. */
export function startWorkers(payload: Payload, opts: { idleMs?: number } = {}): Workers {
  let stopping = false
  const wakers = new Set<() => void>()
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms)
      function done() {
        clearTimeout(timer)
        wakers.delete(done)
        resolve()
      }
      wakers.add(done)
    })
  const loops = workerLoops(payload, opts)
  const progress: Record<string, number> = Object.fromEntries(loops.map((l) => [l.name, Date.now()]))
  const running = loops.map(async (loop) => {
    while (!stopping) {
      let did = 0
      try {
        did = await loop.step()
      } catch (error) {
        // A database blip: log it and try again after a pause.
        payload.logger.error({ msg: 'A background work loop failed; retrying', loop: loop.name, err: error })
      }
      progress[loop.name] = Date.now()
      if (!stopping && did === 0) await sleep(loop.idleMs)
    }
  })
  return {
    stop: async () => {
      stopping = true
      for (const wake of [...wakers]) wake()
      await Promise.all(running)
    },
    progress: () => ({ ...progress }),
  }
}
