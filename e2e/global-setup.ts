import path from 'node:path'
import type { FullConfig } from '@playwright/test'
import { INSTANCE_ENV_KEYS, ROOT, startStack } from '../scripts/lib/stack'

/**
 * Starts the production builds (`npm run build` first) on a fresh, seeded database with the
 * offline stand-ins (local OpenID issuer, sandbox payments) and returns the teardown.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4100)
export const E2E_PORTS = { web: base, cms: base + 1, oidc: base + 3, pg: Number(process.env.E2E_PG_PORT ?? 54349) }

export default async function globalSetup(_config: FullConfig) {
  if (process.env.E2E_WEB_URL) return
  // Every test signs in from 127.0.0.1: the suite is one address's many students (a campus NAT),
  // so the per-IP sign-in limit is raised for it; the per-account limits stay as in production.
  process.env.SIGN_IN_LIMIT_PER_IP ??= '2000'
  // The seeded personas sign in again in most tests: a quiet machine runs more than ten of one
  // persona's within ten minutes (the limit in production).
  process.env.SIGN_IN_LIMIT_PER_ACCOUNT ??= '100'
  // A few seeded personas make every spec's writes (and the fuzz test's) within minutes: the
  // per-account write limits are scaled up here; the integration tests and benches keep production's.
  process.env.WRITE_LIMITS_SCALE ??= '50'
  const stack = await startStack({
    mode: 'prod',
    ports: E2E_PORTS,
    // One data folder per server: shards of the suite run side by side, each with its own.
    pgDataDir: path.join(ROOT, `.data/e2e-postgres-${E2E_PORTS.pg}`),
    database: `e2e_${process.pid}_${Date.now().toString(36)}`,
    freshDatabase: true,
    mocks: true,
    randomSecrets: true,
    quiet: !process.env.E2E_VERBOSE,
  })
  process.env.E2E_WEB_URL = stack.webUrl
  process.env.E2E_CMS_URL = stack.cmsUrl
  process.env.E2E_DATABASE_URL = stack.databaseUrl
  process.env.E2E_SERVICE_KEY = stack.env.SERVICE_KEY
  // For the spec that starts a second site and CMS on the same database (two-instances.spec.ts).
  process.env.E2E_INSTANCE_ENV = JSON.stringify(Object.fromEntries(INSTANCE_ENV_KEYS.map((k) => [k, stack.env[k]])))
  return async () => {
    await stack.stop()
  }
}
