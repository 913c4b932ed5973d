import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Bench } from './bench'
import { buildForBench } from './stack'

/**
 * `npm run bench [name...]`: runs bench/<name>/index.ts (all of them when no name is given), one
 * after the other. Each benchmark's default export returns its figures; they are printed and
 * written to bench/results/<name>.json (bench/results/quick/ with `--quick`: small data, the same
 * checks, seconds; `npm test` runs it so a change that breaks a benchmark's checks fails CI). First
 * the builds they run (bench/stack.ts: the production CMS, and the site with its benchmark routes),
 * unless BENCH_SKIP_BUILD=1.
 */

const here = path.dirname(fileURLToPath(import.meta.url))
/**
 * Every benchmark, imported by a literal path: scripts/run-ts.mjs bundles this file with esbuild
 * (no TypeScript loader at run time, docs/decisions/130), which follows literal imports only.
 */
const BENCHES: Record<string, () => Promise<{ default: Bench }>> = {
  'booking-race': () => import('./booking-race/index'),
  landing: () => import('./landing/index'),
  payments: () => import('./payments/index'),
  reminders: () => import('./reminders/index'),
  rollover: () => import('./rollover/index'),
  scale: () => import('./scale/index'),
}
const available = Object.keys(BENCHES)
const folders = readdirSync(here).filter((d) => d !== 'results' && statSync(path.join(here, d)).isDirectory())
const unlisted = folders.filter((d) => !available.includes(d))
if (unlisted.length) {
  console.error(`bench/run.ts: add ${unlisted.join(', ')} to BENCHES`)
  process.exit(2)
}
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
// `--quick`: every benchmark on small data in seconds, with the same correctness checks (npm test runs it).
if (process.argv.includes('--quick')) process.env.BENCH_QUICK = '1'
const unknown = wanted.filter((n) => !available.includes(n))
if (unknown.length) {
  console.error(`unknown benchmark(s): ${unknown.join(', ')}; available: ${available.join(', ')}`)
  process.exit(2)
}

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('Building the CMS (turbo caches an unchanged one) and the site with its benchmark routes…')
  buildForBench()
}

let failed = false
const resultsDir = path.join(here, 'results', ...(process.env.BENCH_QUICK === '1' ? ['quick'] : []))
mkdirSync(resultsDir, { recursive: true })
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== bench: ${name} ===`)
  const started = Date.now()
  try {
    const mod = await BENCHES[name]!()
    const result = await mod.default()
    const record = { name, at: new Date().toISOString(), durationMs: Date.now() - started, ...result }
    writeFileSync(path.join(resultsDir, `${name}.json`), `${JSON.stringify(record, null, 2)}\n`)
    console.log(`${result.ok ? 'OK' : 'FAILED'}: ${result.summary}`)
    console.log(`figures written to ${path.relative(path.dirname(here), path.join(resultsDir, `${name}.json`))}`)
    if (!result.ok) failed = true
  } catch (error) {
    failed = true
    console.error(`bench ${name} crashed:`, error)
  }
}
process.exit(failed ? 1 : 0)
