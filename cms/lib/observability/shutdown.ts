import { closePayload } from '../closePayload'

/**
 * The CMS server's stop on SIGTERM (docs/decisions/133): Next's own handler exits 143 at once,
 * dropping the requests under way; with NEXT_MANUAL_SIG_HANDLE set (scripts/lib/production.ts,
 * the Dockerfile) this one runs instead. It reports not ready (the proxy stops sending), lets the
 * API calls under way finish (10 s at most), stops the in-process job loops if any, closes the
 * database pool and exits 0.
 */
const KEY = Symbol.for('mentorloop.shutdown')
type State = { stopping: boolean; active: number }
const globals = globalThis as unknown as Record<symbol, State | undefined>
globals[KEY] ??= { stopping: false, active: 0 }
const state: State = globals[KEY]

export const DRAIN_MS = 10_000

export const stopping = (): boolean => state.stopping

/** Counts a request under way for the drain; returns the call that ends it. */
export function requestStarted(): () => void {
  state.active++
  let ended = false
  return () => {
    if (ended) return
    ended = true
    state.active--
  }
}

export function stopOnSignals(): void {
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => void stop(signal))
  }
}

async function stop(signal: string): Promise<void> {
  state.stopping = true
  const deadline = Date.now() + DRAIN_MS
  while (state.active > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  try {
    const [{ default: config }, { getPayload }] = await Promise.all([import('@payload-config'), import('payload')])
    const payload = await getPayload({ config })
    payload.logger.info({ msg: `${signal}: stopping`, unfinished: state.active })
    const workers = (globalThis as { __mentorloopWorkers?: { stop: () => Promise<void> } }).__mentorloopWorkers
    await workers?.stop()
    await closePayload(payload)
  } catch (error) {
    console.error(`[cms] stopping: ${(error as Error).message}`)
  }
  process.exit(0)
}
