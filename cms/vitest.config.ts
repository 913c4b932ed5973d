import tsconfigPaths from 'vite-tsconfig-paths'
import { defineConfig } from 'vitest/config'
import SlowFirst from './tests/slowFirst'

/**
 * Unit tests (`*.test.ts`) sit beside the code. Integration tests (`*.int.test.ts`) start Payload
 * against real PostgreSQL: a fresh database per run, created, migrated and dropped by
 * tests/globalSetup.ts.
 */
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    environment: 'node',
    exclude: ['node_modules/**', '.next/**'],
    // Guards against a hang, not a speed target: a busy CI machine (or one running other suites)
    // was measured 7x slower than a quiet one, and a real hang still fails within minutes.
    testTimeout: 180_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
    // The longest integration files first, so no fork is left alone with one at the end (tests/slowFirst.ts).
    sequence: { sequencer: SlowFirst },
    env: { NODE_ENV: 'test', LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn', JOBS_AUTORUN: 'false' },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['**/*.test.ts'],
          exclude: ['**/*.int.test.ts', 'node_modules/**', '.next/**'],
          setupFiles: ['./tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['**/*.int.test.ts'],
          globalSetup: ['./tests/globalSetup.ts'],
          // Files share their fork's process: the libraries stay loaded, each file starts afresh
          // (tests/intSetup.ts; docs/decisions/210).
          isolate: false,
          setupFiles: ['./tests/intSetup.ts', './tests/setup.ts'],
        },
      },
    ],
  },
})
