import { mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { buildForBench } from './stack'

/**
 * `npm run bench [name...]`: runs bench/<name>/index.ts (all of them when no name is given), one
 * after the other. Each benchmark's default export returns its figures; they are printed and
 * written to bench/results/<name>.json. First the builds they run (bench/stack.ts: the production
 * CMS, and the site with its benchmark routes), unless BENCH_SKIP_BUILD=1.
 */
export type BenchResult = Record<string, unknown> & { ok: boolean; summary: string }
export type Bench = () => Promise<BenchResult>

const here = path.dirname(fileURLToPath(import.meta.url))
const available = readdirSync(here).filter((d) => d !== 'results' && statSync(path.join(here, d)).isDirectory())
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
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
mkdirSync(path.join(here, 'results'), { recursive: true })
for (const name of wanted.length ? wanted : available) {
  console.log(`\n=== bench: ${name} ===`)
  const started = Date.now()
  try {
    const mod = (await import(pathToFileURL(path.join(here, name, 'index.ts')).href)) as { default: Bench }
    const result = await mod.default()
    const record = { name, at: new Date().toISOString(), durationMs: Date.now() - started, ...result }
    writeFileSync(path.join(here, 'results', `${name}.json`), `${JSON.stringify(record, null, 2)}\n`)
    console.log(`${result.ok ? 'OK' : 'FAILED'}: ${result.summary}`)
    console.log(`figures written to bench/results/${name}.json`)
    if (!result.ok) failed = true
  } catch (error) {
    failed = true
    console.error(`bench ${name} crashed:`, error)
  }
}
process.exit(failed ? 1 : 0)
