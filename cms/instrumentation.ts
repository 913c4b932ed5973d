/**
 * Next runs `register` once as the CMS server starts, before it takes a request: the configuration
 * is checked here, not at the first request (docs/decisions/134-fail-fast-configuration.md). A
 * production start with a bad one prints every problem and exits 1, so a process supervisor (or
 * `npm start`) sees the failure at once instead of a server that answers /healthz and fails later.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return
  try {
    const { refuseBadConfiguration } = await import('./lib/startupCheck')
    refuseBadConfiguration('cms')
  } catch (error) {
    // The environment could not even be parsed (lib/env.ts throws, naming each variable).
    console.error(`[cms] ${(error as Error).message}`)
    process.exit(1)
  }
  const { markConfigChecked } = await import('./lib/observability/configState')
  markConfigChecked()
  // Our stop on SIGTERM instead of Next's exit 143 (lib/observability/shutdown.ts).
  if (process.env.NEXT_MANUAL_SIG_HANDLE) {
    const { stopOnSignals } = await import('./lib/observability/shutdown')
    stopOnSignals()
  }
}
