import { existsSync } from 'node:fs'
import { defineConfig, devices } from '@playwright/test'

/**
 * Browser tests in Debian's Chromium against production builds of the site and the CMS, started
 * by global-setup.ts on a fresh database (or against E2E_WEB_URL/E2E_CMS_URL when given).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
]

/**
 * Debian's old headless shell (package chromium-headless-shell, the same Blink as /usr/bin/chromium)
 * when installed: the browser Playwright itself runs headless tests in, without the full browser's
 * window machinery. Measured on two files, quiet machine: 92 s of test time against 110 s with the
 * full browser (docs/decisions/210). Lighthouse keeps the full browser (CHROMIUM_PATH).
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell'
const BROWSER =
  process.env.E2E_CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : (process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'))

export default defineConfig({
  testDir: './tests',
  // `npm test` runs the suite as shards side by side (scripts/test.ts), each its own stack: each
  // keeps its artifacts apart (E2E_OUTPUT_SUFFIX).
  outputDir: `../test-results/e2e${process.env.E2E_OUTPUT_SUFFIX ?? ''}`,
  fullyParallel: false,
  workers: 1,
  // No retries, in CI or anywhere: a test that passes only the second time is a finding (issue 36).
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: true,
  // The JSON report gives each file's time, by which `npm test` splits the shards (scripts/e2e-durations.ts).
  reporter: [
    ['list'],
    ['html', { outputFolder: `../playwright-report${process.env.E2E_OUTPUT_SUFFIX ?? ''}`, open: 'never' }],
    ['json', { outputFile: `../test-results/e2e-report${process.env.E2E_OUTPUT_SUFFIX ?? ''}.json` }],
  ],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: process.env.E2E_WEB_URL ?? `http://localhost:${process.env.E2E_PORT_BASE ?? 4100}`,
    // A trace records every step's page (CPU a loaded CI machine does not have, for a file nobody
    // can open there): E2E_TRACE=1 records and keeps a failed test's.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: BROWSER,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
})
