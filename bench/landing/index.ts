/**
 * bench/landing (issue 3): is the landing page as fast as a static page?
 *
 * Production builds (the site's with its benchmark routes) on a fresh seeded database. autocannon,
 * 50 connections for 10 s, against `/` and against `/bench/bare` (a static heading in the same
 * layout, only in benchmark builds), in the same run, alternating rounds (BENCH_ROUNDS, default
 * 2, 4 in a quick run: decision 219). Targets: `/` at >= 70% of the bare route's req/s and a p99 no worse than 1.5x. Then
 * Lighthouse (mobile) on `/` with Debian's Chromium and the JavaScript the page loads (gzip).
 * Figures are printed and written to bench/results/landing.json by the runner.
 *
 * Ports: BENCH_PORT_BASE (default 4250): web, +1 cms, +3 issuer; BENCH_PG_PORT (default 54370).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import autocannon from 'autocannon'
import { ROOT } from '../../scripts/lib/stack'
import { startBenchStack } from '../stack'

type Load = { path: string; requests: number; reqPerSec: number; p50: number; p99: number; errors: number; non2xx: number }

/** --quick (npm test): the same checks on 4 s windows; the figures people quote come from full runs. */
const QUICK = process.env.BENCH_QUICK === '1'
const DURATION_S = Number(process.env.BENCH_DURATION ?? (QUICK ? 4 : 10))
const CONNECTIONS = 50
/** The most JavaScript `/` may load, gzip (issue 22). */
const JS_GUARD_KB = 120

function hit(url: string, duration: number): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration, headers: { accept: 'text/html' } }, (error, result) =>
      error ? reject(error) : resolve(result),
    )
  })
}

/**
 * Alternating rounds per route (decision 219): a full run's two 10 s rounds; a quick run's windows are
 * 4 s, so it takes four, or one stall of the machine in one window (0.3-1.3 s where fresh memory
 * costs 4 ms/MB) decides the p99 comparison (0.67x-2.21x over five runs at two rounds).
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? (QUICK ? 4 : 2))

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length

/**
 * Both routes in alternating rounds of DURATION_S each, so a burst of other work on this shared
 * machine lands on both rather than on one; req/s and latencies are the rounds' means.
 */
async function compare(base: string, paths: string[]): Promise<Load[]> {
  for (const p of paths) await hit(`${base}${p}`, QUICK ? 1 : 2) // warm-up: JIT, caches, connection pools
  const rounds = new Map<string, autocannon.Result[]>(paths.map((p) => [p, []]))
  for (let i = 0; i < ROUNDS; i++) {
    for (const p of paths) rounds.get(p)!.push(await hit(`${base}${p}`, DURATION_S))
  }
  return paths.map((p) => {
    const rs = rounds.get(p)!
    return {
      path: p,
      requests: rs.reduce((s, r) => s + r.requests.total, 0),
      reqPerSec: Math.round(mean(rs.map((r) => r.requests.average))),
      p50: Math.round(mean(rs.map((r) => r.latency.p50))),
      p99: Math.round(mean(rs.map((r) => r.latency.p99))),
      errors: rs.reduce((s, r) => s + r.errors + r.timeouts, 0),
      non2xx: rs.reduce((s, r) => s + r.non2xx, 0),
    }
  })
}

/**
 * The JavaScript `/` loads before it is interactive, gzip: the modules the document runs (`<script
 * src>`, and what its inline module script imports, statically or, since decision 123, at the load
 * event) and, transitively, every module those import statically. Not what a module imports with
 * `import()` (loaded on use, decision 118), and not every `/assets/*.js` the HTML mentions: the route
 * manifest's URL is in the inline context but, with lazy route discovery, never fetched
 * (Lighthouse's network list agrees).
 */
async function scriptBytes(base: string): Promise<{ files: { file: string; gzip: number }[]; totalGzip: number }> {
  const html = await (await fetch(`${base}/`)).text()
  const inline = [...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!).join('\n')
  const roots = [
    ...html.matchAll(/<script[^>]*src="(\/assets\/[\w.-]+\.js)"/g),
    ...inline.matchAll(/import(?:[^"';]*from)?\s*\(?\s*"(\/assets\/[\w.-]+\.js)"/g),
  ].map((m) => m[1]!)
  const sizes: { file: string; gzip: number }[] = []
  const seen = new Set<string>()
  const queue = [...roots]
  while (queue.length > 0) {
    const file = queue.shift()!
    if (seen.has(file)) continue
    seen.add(file)
    const code = Buffer.from(await (await fetch(`${base}${file}`)).arrayBuffer())
    sizes.push({ file, gzip: gzipSync(code).length })
    // Static imports and re-exports of a minified module: `import{a as b}from"./x.js"`, `import"./y.js"`.
    for (const m of code
      .toString('utf8')
      .matchAll(/(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{},\s]*?from\s*)?["']((?:\.{1,2})?\/[^"']+\.js)["']/g)) {
      queue.push(new URL(m[1]!, `${base}${file}`).pathname)
    }
  }
  return { files: sizes, totalGzip: sizes.reduce((s, f) => s + f.gzip, 0) }
}

/** Lighthouse once more when a run fails on its own (a first Chromium start can miss the trace: NO_NAVSTART). */
function lighthouse(url: string): Record<string, number | null> | { error: string } {
  const first = lighthouseOnce(url)
  return 'error' in first ? lighthouseOnce(url) : first
}

function lighthouseOnce(url: string): Record<string, number | null> | { error: string } {
  const out = path.join(ROOT, 'bench/results/lighthouse-landing.json')
  const local = path.join(ROOT, 'node_modules/.bin/lighthouse')
  const [cmd, pre] = existsSync(local) ? [local, []] : ['npx', ['--yes', 'lighthouse@13.5.0']]
  const args = [
    ...pre,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${out}`,
    '--form-factor=mobile',
    '--only-categories=performance,accessibility,best-practices,seo',
    '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run --disable-background-networking --disable-component-update --disable-sync',
  ]
  const res = spawnSync(cmd, args, {
    env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    encoding: 'utf8',
    timeout: 240_000,
  })
  if (res.status !== 0 || !existsSync(out)) return { error: (res.stderr || res.error?.message || 'lighthouse failed').slice(-500) }
  const report = JSON.parse(readFileSync(out, 'utf8')) as {
    categories: Record<string, { score: number | null }>
    audits: Record<string, { numericValue?: number; details?: { items?: { resourceType?: string; transferSize?: number }[] } }>
  }
  rmSync(out, { force: true })
  const score = (k: string) => (report.categories[k]?.score == null ? null : Math.round(report.categories[k]!.score! * 100))
  const scripts = report.audits['network-requests']?.details?.items?.filter((i) => i.resourceType === 'Script') ?? []
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    firstContentfulPaintMs: Math.round(report.audits['first-contentful-paint']?.numericValue ?? 0),
    largestContentfulPaintMs: Math.round(report.audits['largest-contentful-paint']?.numericValue ?? 0),
    totalBlockingTimeMs: Math.round(report.audits['total-blocking-time']?.numericValue ?? 0),
    scriptTransferBytes: scripts.reduce((s, i) => s + (i.transferSize ?? 0), 0),
  }
}

async function bench() {
  const base = Number(process.env.BENCH_PORT_BASE ?? 4250)
  process.env.WEB_ACCESS_LOG = 'false'
  const stack = await startBenchStack('landing', base)
  try {
    const web = `http://127.0.0.1:${base}`
    for (const p of ['/', '/bench/bare']) {
      const res = await fetch(`${web}${p}`)
      if (!res.ok) throw new Error(`${p} answered ${res.status}`)
    }
    const [landing, bare] = (await compare(web, ['/', '/bench/bare'])) as [Load, Load]
    const ratio = landing.reqPerSec / bare.reqPerSec
    const p99Ratio = landing.p99 / Math.max(1, bare.p99)
    const js = await scriptBytes(web)
    mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true })
    console.log('Lighthouse (mobile) on / …')
    const lh = lighthouse(`http://localhost:${base}/`)
    const result = {
      when: new Date().toISOString(),
      machine: { cpus: (await import('node:os')).cpus().length, node: process.version },
      connections: CONNECTIONS,
      durationSeconds: DURATION_S,
      rounds: ROUNDS,
      loadAverage: (await import('node:os')).loadavg(),
      landing,
      bare,
      reqPerSecRatio: Number(ratio.toFixed(3)),
      p99Ratio: Number(p99Ratio.toFixed(3)),
      targets: {
        reqPerSecRatio: { target: '>= 0.70', met: ratio >= 0.7 },
        p99Ratio: { target: '<= 1.5', met: p99Ratio <= 1.5 },
        // Issue 22's target (decision 118: sonner, the purchase flow and the live-preview merge load on
        // use; terser minifies).
        javascriptGzipKB: {
          target: `<= ${JS_GUARD_KB}`,
          value: Number((js.totalGzip / 1024).toFixed(1)),
          met: js.totalGzip / 1024 <= JS_GUARD_KB,
        },
      },
      javascript: js,
      lighthouse: lh,
      // Issue 22: 100 in all four categories (decision 123). Reported, not failed on: Lighthouse's
      // simulation moves a few points with the machine's load.
      lighthouseAll100: {
        target: '100 in all four categories',
        met: !('error' in lh) && ['performance', 'accessibility', 'bestPractices', 'seo'].every((k) => lh[k] === 100),
      },
    }
    console.log(`
  route          req/s     p50 ms   p99 ms   errors  non-2xx
  /              ${String(landing.reqPerSec).padEnd(9)} ${String(landing.p50).padEnd(8)} ${String(landing.p99).padEnd(8)} ${String(landing.errors).padEnd(7)} ${landing.non2xx}
  /bench/bare    ${String(bare.reqPerSec).padEnd(9)} ${String(bare.p50).padEnd(8)} ${String(bare.p99).padEnd(8)} ${String(bare.errors).padEnd(7)} ${bare.non2xx}

  / vs bare: ${(ratio * 100).toFixed(0)}% of the req/s (target >= 70%), p99 ${p99Ratio.toFixed(2)}x (target <= 1.5x)
  JavaScript on /: ${(js.totalGzip / 1024).toFixed(1)} KB gzip in ${js.files.length} files (target <= ${JS_GUARD_KB} KB)
  Lighthouse: ${JSON.stringify(lh)}
`)
    const ok = result.targets.reqPerSecRatio.met && result.targets.p99Ratio.met && result.targets.javascriptGzipKB.met
    return {
      ok,
      summary: `/ at ${(ratio * 100).toFixed(0)}% of the bare route's req/s, p99 ${p99Ratio.toFixed(2)}x, ${(js.totalGzip / 1024).toFixed(1)} KB JS gzip, Lighthouse ${JSON.stringify(lh)}`,
      ...result,
    }
  } finally {
    await stack.stop()
  }
}

export default bench
