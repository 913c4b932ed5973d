import { assertSafeForProduction } from './env'

/**
 * The first thing every production process does (docs/decisions/134-fail-fast-configuration.md):
 * a bad production configuration is printed, every problem named, and the process exits 1 before
 * it opens a connection or takes work. The CMS server does the same in instrumentation.ts.
 */
export function refuseBadConfiguration(processName: string): void {
  try {
    assertSafeForProduction()
  } catch (error) {
    console.error(`[${processName}] ${(error as Error).message}`)
    process.exit(1)
  }
}
