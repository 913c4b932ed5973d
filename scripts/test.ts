/**
 * `npm test`: every test. Unit tests (Vitest), integration tests against real PostgreSQL (Vitest,
 * a fresh database per run), then browser tests (Playwright in Debian's Chromium) against
 * production builds on a fresh database, then every benchmark's quick mode (small data, the same
 * checks). `--only=unit|int|e2e|bench` runs one phase.
 */
import path from 'node:path'
import { runToEnd } from './lib/processes'
import { ROOT } from './lib/stack'

const only = process.argv.find((a) => a.startsWith('--only='))?.split('=')[1]
const BIN = path.join(ROOT, 'node_modules/.bin')
const env = { ...process.env, FORCE_COLOR: '1' }
const timings: [string, number][] = []

async function phase(name: string, fn: () => Promise<void>) {
  if (only && only !== name) return
  const started = Date.now()
  console.log(`\n\x1b[1m▶ ${name}\x1b[0m`)
  await fn()
  timings.push([name, (Date.now() - started) / 1000])
}

const vitest = (cwd: string, args: string[] = []) =>
  runToEnd('test', path.join(BIN, 'vitest'), ['run', ...args], { cwd: path.join(ROOT, cwd), env })

try {
  await phase('unit', async () => {
    // `biome ci`: lint rules, formatting and import order, read-only.
    await runToEnd('lint', path.join(BIN, 'biome'), ['ci', '.'], { cwd: ROOT, env })
    await runToEnd('types', path.join(BIN, 'turbo'), ['run', 'typecheck'], { cwd: ROOT, env })
    // scripts/, e2e/ and bench/ belong to no workspace: the root tsconfig.json covers them.
    await runToEnd('types', path.join(BIN, 'tsc'), ['-p', 'tsconfig.json'], { cwd: ROOT, env })
    await vitest('scripts') // checks of the repository itself: layer boundaries, .env.example
    await vitest('packages/shared')
    await vitest('web')
    await vitest('cms', ['--project', 'unit'])
  })
  await phase('int', async () => {
    await vitest('cms', ['--project', 'int'])
  })
  await phase('e2e', async () => {
    await runToEnd('build', path.join(BIN, 'turbo'), ['run', 'build', '--filter=cms', '--filter=web'], { cwd: ROOT, env })
    await runToEnd('e2e', path.join(BIN, 'playwright'), ['test', '--config', 'e2e/playwright.config.ts'], { cwd: ROOT, env })
  })
  await phase('bench', async () => {
    // Every benchmark on small data with its own correctness checks: a change that breaks one fails here.
    await runToEnd('bench', process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), 'bench/run.ts', '--quick'], { cwd: ROOT, env })
  })
  console.log(`\n\x1b[32m✔ all tests passed\x1b[0m  ${timings.map(([n, s]) => `${n} ${s.toFixed(0)}s`).join(' · ')}`)
} catch (error) {
  console.error(`\n\x1b[31m✘ ${(error as Error).message.split('\n')[0]}\x1b[0m`)
  process.exit(1)
}
