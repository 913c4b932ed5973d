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
  reporter: [['list'], ['html', { outputFolder: `../playwright-report${process.env.E2E_OUTPUT_SUFFIX ?? ''}`, open: 'never' }]],
  globalSetup: './global-setup.ts',
  use: {
    baseURL: process.env.E2E_WEB_URL ?? `http://localhost:${process.env.E2E_PORT_BASE ?? 4100}`,
    // A trace records every step's page (CPU a loaded CI machine does not have, for a file nobody
    // can open there): E2E_TRACE=1 records and keeps a failed test's.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    video: 'off',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
})
