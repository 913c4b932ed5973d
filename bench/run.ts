/**
 * `npm run bench [name...]`: runs bench/<name>/index.ts for each name given, or every benchmark.
 * Each exports `run(): Promise<unknown>`, prints its figures and writes bench/results/<name>.json.
 * Benchmarks are not tests: they start production builds and take minutes.
 */
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const dir = path.dirname(fileURLToPath(import.meta.url))
const all = readdirSync(dir).filter((d) => d !== 'results' && statSync(path.join(dir, d)).isDirectory())
const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'))
const names = wanted.length ? wanted : all

let failed = false
for (const name of names) {
  if (!all.includes(name)) {
    console.error(`No benchmark named ${name} (have: ${all.join(', ')})`)
    failed = true
    continue
  }
  console.log(`\n=== bench/${name} ===`)
  try {
    const mod = (await import(path.join(dir, name, 'index.ts'))) as { run: () => Promise<unknown> }
    await mod.run()
  } catch (error) {
    console.error(`bench/${name} failed:`, error)
    failed = true
  }
}
process.exit(failed ? 1 : 0)
