/**
 * `node scripts/run-ts.mjs scripts/e2e-durations.ts [report.json…]`: writes e2e/durations.json, the
 * measured seconds of each browser test file, from Playwright's JSON reports (every `npm test` leaves
 * one per shard in test-results/e2e-report-<n>.json). scripts/test.ts splits the files between the
 * shards by these figures (scripts/lib/shards.ts, docs/decisions/210). Rerun it after a file is added
 * or grows by a minute; a file it does not know counts as the mean of the others.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT } from './lib/stack'

type Suite = { file: string; suites?: Suite[]; specs?: { tests: { results: { duration: number }[] }[] }[] }

const given = process.argv.slice(2)
const dir = path.join(ROOT, 'test-results')
const reports = given.length
  ? given
  : existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^e2e-report.*\.json$/.test(f))
        .map((f) => path.join(dir, f))
    : []
if (reports.length === 0) {
  console.error('no Playwright JSON report: run `npm test` (or the browser tests) first, or name the reports')
  process.exit(2)
}
const seconds: Record<string, number> = {}
const add = (file: string, suite: Suite) => {
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) for (const r of test.results) seconds[file] = (seconds[file] ?? 0) + r.duration / 1000
  }
  for (const child of suite.suites ?? []) add(file, child)
}
for (const report of reports) {
  const { suites } = JSON.parse(readFileSync(report, 'utf8')) as { suites: Suite[] }
  for (const suite of suites) add(path.basename(suite.file), suite)
}
const out = path.join(ROOT, 'e2e/durations.json')
const previous = existsSync(out) ? (JSON.parse(readFileSync(out, 'utf8')) as Record<string, number>) : {}
const merged = { ...previous, ...Object.fromEntries(Object.entries(seconds).map(([f, s]) => [f, Math.round(s)])) }
const present = new Set(readdirSync(path.join(ROOT, 'e2e/tests')))
const sorted = Object.fromEntries(
  Object.entries(merged)
    .filter(([f]) => present.has(f))
    .sort(([a], [b]) => a.localeCompare(b)),
)
writeFileSync(out, `${JSON.stringify(sorted, null, 2)}\n`)
console.log(
  `e2e/durations.json: ${Object.keys(sorted).length} files, ${Math.round(Object.values(sorted).reduce((a, b) => a + b, 0))} s in all`,
)
