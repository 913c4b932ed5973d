import { vi } from 'vitest'

/**
 * Integration files share their fork's process (isolate: false, docs/decisions/210): the libraries
 * they load (Payload, Drizzle, Lexical, pg: seconds of loading per file) stay loaded, and each file
 * still starts as a process of its own would. Before each file: the environment as the fork began
 * (a file's useOwnDatabase() points DATABASE_URL at its own copy), our modules evaluated afresh
 * (cms/lib/env.ts reads the environment once), no state of ours left on globalThis (the clock's
 * offset, readiness, metrics, the sandbox gateway's orders), no cached Payload, real timers.
 */
const processState = globalThis as typeof globalThis & {
  __intEnvAtStart?: Record<string, string | undefined>
  _payload?: Map<string, unknown>
}

const started = processState.__intEnvAtStart
if (!started) {
  processState.__intEnvAtStart = { ...process.env }
} else {
  for (const key of Object.keys(process.env)) if (!(key in started)) delete process.env[key]
  Object.assign(process.env, started)
}
for (const key of Object.getOwnPropertySymbols(globalThis)) {
  if (Symbol.keyFor(key)?.startsWith('mentorloop.')) delete (globalThis as Record<symbol, unknown>)[key]
}
for (const key of Object.keys(globalThis)) {
  if (key.startsWith('__mentorloop')) delete (globalThis as Record<string, unknown>)[key]
}
// getPayload() keeps its instance in this map: a file must never get the one the last file destroyed.
processState._payload?.clear()
vi.useRealTimers()
vi.resetModules()
