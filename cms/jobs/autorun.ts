import type { Payload } from 'payload'
import { startWorkers, type Workers } from './worker'

const running = globalThis as typeof globalThis & { __mentorloopWorkers?: Workers }

/**
 * The CMS runs the background work itself unless told not to (JOBS_AUTORUN=false: production with
 * a separate `npm run worker`, scripts, tests). Once per process, even when Next reloads the config.
 */
export function startWorkersInThisProcess(payload: Payload): void {
  if (process.env.JOBS_AUTORUN === 'false' || process.env.NEXT_PHASE === 'phase-production-build') return
  if (running.__mentorloopWorkers) return
  running.__mentorloopWorkers = startWorkers(payload)
}
