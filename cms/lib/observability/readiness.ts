import config from '@payload-config'
import { getPayload } from 'payload'
import { migrationStatus } from '../migrations/status'
import { databaseAnswers } from '../unavailable'
import { configChecked } from './configState'
import { stopping } from './shutdown'

/**
 * Whether this instance may take traffic (docs/decisions/131, 133): its configuration was checked
 * at start (instrumentation.ts exits on a bad one, so a running process passed), the database
 * answers within a short timeout, and the committed migrations are all applied: the release step
 * (`npm run migrate`) runs before instances take traffic, and an instance never migrates itself.
 */
const STATE = Symbol.for('mentorloop.readiness')
type State = { migrationsCurrent: boolean; checkedAt: number; checking: Promise<boolean> | null }
const globals = globalThis as unknown as Record<symbol, State | undefined>
globals[STATE] ??= { migrationsCurrent: false, checkedAt: 0, checking: null }
const state: State = globals[STATE]

/** A pending migration is looked for again at most this often (a release step may finish any moment). */
const RECHECK_MS = 2_000

/**
 * Whether every committed migration is applied. Once true it stays true for this process (a newer
 * release's migrations come with a newer process); while false, read again every 2 s at most.
 */
export async function migrationsCurrent(): Promise<boolean> {
  if (state.migrationsCurrent) return true
  if (state.checking) return state.checking
  if (Date.now() - state.checkedAt < RECHECK_MS) return false
  state.checking = (async () => {
    try {
      const payload = await getPayload({ config })
      const { pending } = await migrationStatus(payload)
      state.migrationsCurrent = pending.length === 0
    } catch {
      state.migrationsCurrent = false
    } finally {
      state.checkedAt = Date.now()
      state.checking = null
    }
    return state.migrationsCurrent
  })()
  return state.checking
}

export const MIGRATIONS_PENDING_MESSAGE = 'This release is waiting for its database migrations (npm run migrate); please try again shortly.'

export function migrationsPendingResponse(): Response {
  return Response.json(
    { code: 'SERVICE_UNAVAILABLE', title: 'Temporarily unavailable', message: MIGRATIONS_PENDING_MESSAGE },
    { status: 503, headers: { 'Retry-After': '10', 'Cache-Control': 'no-store' } },
  )
}

export type Readiness = { ready: boolean; checks: { config: boolean; database: boolean; migrations: boolean }; stopping?: true }

export async function readiness(timeoutMs = 2_000): Promise<Readiness> {
  // Stopping (SIGTERM): not ready, so the proxy sends nothing more while the last calls finish.
  if (stopping()) return { ready: false, checks: { config: configChecked(), database: false, migrations: false }, stopping: true }
  let database = false
  let migrations = false
  try {
    const payload = await Promise.race([
      getPayload({ config }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('init timeout')), timeoutMs)),
    ])
    database = await databaseAnswers(payload, timeoutMs)
    migrations = database && (await migrationsCurrent())
  } catch {
    // not ready
  }
  const checks = { config: configChecked(), database, migrations }
  return { ready: checks.config && checks.database && checks.migrations, checks }
}
