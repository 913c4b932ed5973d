import path from 'node:path'
import { ROOT, startStack } from '../scripts/lib/stack'

/**
 * The production builds (`npm run build` first) on a fresh database with the offline stand-ins,
 * on ports from `base` (web, cms +1, OIDC issuer +3, PostgreSQL +9 unless BENCH_PG_PORT).
 */
export function startBenchStack(name: string, base: number) {
  return startStack({
    mode: 'prod',
    ports: { web: base, cms: base + 1, oidc: base + 3, pg: Number(process.env.BENCH_PG_PORT ?? base + 9) },
    pgDataDir: path.join(ROOT, '.data/bench-postgres'),
    database: `bench_${name}_${process.pid}_${Date.now().toString(36)}`,
    freshDatabase: true,
    mocks: true,
    randomSecrets: true,
    quiet: !process.env.BENCH_VERBOSE,
  })
}
