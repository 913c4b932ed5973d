/**
 * `npm test`: every test. Unit tests and the repository's checks (lint, types, Vitest), integration
 * tests against real PostgreSQL (Vitest, a fresh database per run), browser tests (Playwright in
 * Debian's Chromium) against production builds on a fresh database, then every benchmark's quick
 * mode (small data, the same checks). `--only=unit|int|e2e|bench` runs one phase.
 *
 * The production builds are made while the unit tests run (after lint and types; decision 137).
 * Then the integration tests, then the browser tests, one after the other, each with the whole
 * machine (decision 207): side by side they were measured to take far longer than in turn. The
 * quick benchmarks whose checks are correctness only run beside the integration tests (they leave
 * most of a core idle; decision 213); the landing benchmark, whose check compares two timings, runs
 * last, alone.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { runToEnd, stopAll } from './lib/processes'
import { splitByDuration } from './lib/shards'
import { ROOT } from './lib/stack'

const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]
const BIN = path.join(ROOT, 'node_modules/.bin')
const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '1' }
const timings: [string, number][] = []

async function phase(name: string, fn: () => Promise<void>) {
  if (only && only !== name) return
  const started = Date.now()
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`)
  await fn()
  const seconds = (Date.now() - started) / 1000
  timings.push([name, seconds])
  console.log(`\n\x1b[1m✔ ${name}\x1b[0m ${seconds.toFixed(0)}s`)
}

const vitest = (label: string, cwd: string, args: string[] = []) =>
  runToEnd(label, path.join(BIN, 'vitest'), ['run', ...args], { cwd: path.join(ROOT, cwd), env })

/** Lint and types: first, alone (Next's build rewrites .next/types, which the CMS's type check reads). */
const checks = async () => {
  // `biome ci`: lint rules, formatting and import order, read-only.
  await runToEnd('lint', path.join(BIN, 'biome'), ['ci', '.'], { cwd: ROOT, env })
  await runToEnd('types', path.join(BIN, 'turbo'), ['run', 'typecheck'], { cwd: ROOT, env })
  // scripts/, e2e/ and bench/ belong to no workspace: the root tsconfig.json covers them.
  await runToEnd('types', path.join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: ROOT, env })
}

const unitTests = async () => {
  await vitest('unit', 'scripts') // checks of the repository itself: layer boundaries, .env.example
  await vitest('unit', 'packages/shared')
  await vitest('unit', 'web')
  await vitest('unit', 'cms', ['--project', 'unit'])
}

/**
 * The integration tests' forks. Alone on two cores, two forks left a third of the machine idle
 * (each test waits on PostgreSQL part of its time): four took 8.0 minutes where two took 10.8.
 */
const INT_FORKS = Number(process.env.INT_FORKS ?? 4)
const intTests = () => vitest('int', 'cms', ['--project', 'int', `--maxWorkers=${INT_FORKS}`])

/**
 * The browser suite in shards side by side, each on a stack of its own (its ports, its PostgreSQL,
 * its CMS test clock; one Playwright worker on one stack could not run two at once: its tests share
 * that stack's clock and data). Two, alone on the machine after the integration tests (decision
 * 207). The files are split by their measured time (e2e/durations.json; decision 210), not by
 * Playwright's `--shard`, which counts tests: a few long files (a second stack, a stopped database,
 * the compiled production processes) left one shard over a minute behind the other.
 */
const E2E_SHARDS = Number(process.env.E2E_SHARDS ?? 2)
const e2eShard = (index: number, files: string[]) => {
  const base = Number(process.env.E2E_PORT_BASE ?? 4100) + (index - 1) * 100
  const pg = Number(process.env.E2E_PG_PORT ?? 54349) + (index - 1) * 10
  return runToEnd(
    `e2e${index}`,
    path.join(BIN, 'playwright'),
    ['test', '--config', 'e2e/playwright.config.ts', ...files.map((f) => `tests/${f}`)],
    { cwd: ROOT, env: { ...env, E2E_PORT_BASE: String(base), E2E_PG_PORT: String(pg), E2E_OUTPUT_SUFFIX: `-${index}` } },
  )
}
const e2eShards = () => {
  const files = readdirSync(path.join(ROOT, 'e2e/tests')).filter((f) => f.endsWith('.spec.ts'))
  const durations = JSON.parse(readFileSync(path.join(ROOT, 'e2e/durations.json'), 'utf8')) as Record<string, number>
  const shards = splitByDuration(files, durations, E2E_SHARDS)
  for (const [i, shard] of shards.entries()) {
    const seconds = shard.reduce((sum, f) => sum + (durations[f] ?? 0), 0)
    console.log(`e2e${i + 1}: ${shard.length} files, about ${Math.round(seconds)} s measured: ${shard.join(' ')}`)
  }
  return allOf(shards.map((shard, i) => e2eShard(i + 1, shard)))
}

/**
 * Runs side by side to the end, then fails with every failure: one failed shard does not stop the
 * others (a red run says all that is wrong in it, not only what failed first).
 */
async function allOf(runs: Promise<void>[]): Promise<void> {
  const failed = (await Promise.allSettled(runs)).filter((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failed.length) throw new Error(failed.map((f) => (f.reason as Error).message.split('\n')[0]).join('; '))
}

/**
 * The quick benchmarks (small data, each with its checks; BENCHES in bench/run.ts). Their checks are
 * correctness (every answer 2xx, each payment activated once, no seat twice, every e-mail sent
 * once; the time limits are 60 s for work that takes 1-2 s) except the landing page's, which
 * compares the page's throughput and p99 with a bare route's, measured one after the other: that
 * one runs alone, at the end (decision 213).
 */
const CORRECTNESS_BENCHES = ['booking-race', 'payments', 'reminders', 'rollover', 'scale']
const TIMED_BENCHES = ['landing']
const quickBenches = (names: string[]) =>
  runToEnd('bench', process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), 'bench/run.ts', '--quick', ...names], { cwd: ROOT, env })

/** The production builds the browser tests run (turbo skips an unchanged one). */
const build = () => runToEnd('build', path.join(BIN, 'turbo'), ['run', 'build', '--filter=cms', '--filter=web'], { cwd: ROOT, env })

try {
  if (!only) {
    // The unit phase type-checks every workspace, so the builds beside it skip Next's second,
    // identical check (cms/next.config.ts); a type error still fails this run, in the unit phase.
    env.BUILD_SKIP_TYPECHECK = '1'
    await phase('unit + build', async () => {
      await checks()
      // The benchmarks' site build (web/build-bench, with its benchmark routes) is made here too.
      const benchBuild = () =>
        runToEnd('build', path.join(BIN, 'remix'), ['vite:build'], { cwd: path.join(ROOT, 'web'), env: { ...env, BENCH_ROUTES: '1' } })
      await Promise.all([unitTests(), build().then(benchBuild)])
      env.BENCH_SKIP_BUILD = '1'
    })
    // In turn, but a red integration run does not skip the browser tests: a red run says all that
    // is wrong in it.
    const failed: string[] = []
    const keepGoing = (error: unknown) => failed.push((error as Error).message.split('\n')[0]!)
    await phase('int + quick benchmarks', () => allOf([intTests(), quickBenches(CORRECTNESS_BENCHES)])).catch(keepGoing)
    await phase('e2e', e2eShards).catch(keepGoing)
    await phase('bench', () => quickBenches(TIMED_BENCHES)).catch(keepGoing)
    if (failed.length) throw new Error(failed.join('; '))
  }
  if (only) {
    // One phase on its own (`--only=…`).
    await phase('unit', async () => {
      await checks()
      await unitTests()
    })
    await phase('int', intTests)
    await phase('e2e', async () => {
      await build()
      await runToEnd('e2e', path.join(BIN, 'playwright'), ['test', '--config', 'e2e/playwright.config.ts'], { cwd: ROOT, env })
    })
    // Every benchmark on small data with its own checks: a change that breaks one fails here.
    await phase('bench', () => quickBenches([...CORRECTNESS_BENCHES, ...TIMED_BENCHES]))
  }
  console.log(`\n\x1b[32m✔ all tests passed\x1b[0m  ${timings.map(([n, s]) => `${n} ${s.toFixed(0)}s`).join(' · ')}`)
} catch (error) {
  console.error(`\n\x1b[31m✘ ${(error as Error).message.split('\n')[0]}\x1b[0m`)
  // A phase beside the failed one is still running: stop it (and what it started) before leaving.
  // SIGINT: Playwright stops as on Ctrl-C and runs its teardown, which stops its stack.
  await stopAll(30_000, 'SIGINT')
  process.exit(1)
}
