import { execFileSync } from 'node:child_process'
import os from 'node:os'
import path from 'node:path'
import { ROOT, startStack } from '../scripts/lib/stack'

const BIN = path.join(ROOT, 'node_modules/.bin')

/**
 * The builds the benchmarks run: the production CMS (Turborepo caches it) and the site built with
 * its benchmark routes (BENCH_ROUTES=1: `/bench/bare`), into web/build-bench so that the
 * production build in web/build never carries them.
 */
export function buildForBench() {
  execFileSync(path.join(BIN, 'turbo'), ['run', 'build', '--filter=cms'], { cwd: ROOT, stdio: 'inherit' })
  execFileSync(path.join(BIN, 'remix'), ['vite:build'], {
    cwd: path.join(ROOT, 'web'),
    stdio: 'inherit',
    env: { ...process.env, BENCH_ROUTES: '1' },
  })
}

/**
 * Those builds (bench/run.ts makes them) on a fresh database with the offline stand-ins, on ports
 * from `base` (web, cms +1, OIDC issuer +3, PostgreSQL +9 unless BENCH_PG_PORT).
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
    webBuildDir: 'build-bench',
  })
}

/** The machine a benchmark ran on: it is shared, so the load during the run says how much to trust absolute figures. */
export function machineFigures() {
  return { node: process.version, loadAverage: os.loadavg().map((n) => Math.round(n * 10) / 10), cpus: os.cpus().length }
}
