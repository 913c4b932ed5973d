import pino from 'pino'
import { assertSafeForProduction, env, productionWarnings } from './env'
import { loggerOptions } from './observability/logger'

/**
 * The first thing every production process does (docs/decisions/134-fail-fast-configuration.md):
 * a bad production configuration is printed, every problem named, and the process exits 1 before
 * it opens a connection or takes work. The CMS server does the same in instrumentation.ts. What it
 * may run with but should hear about (plain SMTP allowed) is logged once, at warn.
 */
export function refuseBadConfiguration(processName: string): void {
  try {
    assertSafeForProduction()
  } catch (error) {
    console.error(`[${processName}] ${(error as Error).message}`)
    process.exit(1)
  }
  const warnings = productionWarnings(env)
  if (warnings.length === 0) return
  // Before Payload (and its logger) exists: the same JSON lines, from the same configuration.
  const logger = pino(loggerOptions())
  for (const warning of warnings) logger.warn({ msg: warning, process: processName })
}
