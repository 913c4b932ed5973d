/**
 * How fast pages answer in a development build on their second load (issue 20: "pages answer in a
 * dev build's second load within 2 s"; the admin lists took 4-12 s each in `npm run dev`).
 *
 * Starts the product as `npm run dev` does (next dev, remix vite:dev) on a fresh seeded database
 * (WEB_PORT, CMS_PORT, OIDC_PORT, PG_PORT as for scripts/dev.ts), or measures a running one when
 * MEASURE_WEB_URL and MEASURE_CMS_URL are given. In Chromium it signs in as the seeded student,
 * mentor and admin (the local OpenID issuer's persona buttons and /admin/login), then loads each
 * page twice in a row: the site's pages, /admin, every collection list in the admin's navigation
 * and the first document's edit view of each. Prints the first and the second load of each page
 * (time to the HTML's last byte and to the load event) and writes them to
 * bench/results/dev-second-load.json (MEASURE_OUT to change; MEASURE_PAGES, a regular expression,
 * measures only the matching paths).
 *
 *   WEB_PORT=5660 CMS_PORT=5661 OIDC_PORT=5663 PG_PORT=55369 node scripts/run-ts.mjs scripts/measure-dev-second-load.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { nowIso } from '@mentorloop/shared'
import { PERSONAS } from '@mentorloop/shared/personas'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { CHROMIUM_FLAGS } from '../e2e/playwright.config'
import { ROOT, type Stack, startStack } from './lib/stack'

const ADMIN_PASSWORD = process.env.SEED_PASSWORD ?? 'mentorloop-dev-password'
const TARGET_MS = 2000
const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback)

let stack: Stack | null = null
let webUrl = process.env.MEASURE_WEB_URL
let cmsUrl = process.env.MEASURE_CMS_URL
if (!webUrl || !cmsUrl) {
  const started = Date.now()
  stack = await startStack({
    mode: 'dev',
    ports: { web: port('WEB_PORT', 3000), cms: port('CMS_PORT', 3001), oidc: port('OIDC_PORT', 3003), pg: port('PG_PORT', 54329) },
    pgDataDir: path.join(ROOT, '.data/measure-postgres'),
    database: `measure_devload_${process.pid}_${Date.now().toString(36)}`,
    freshDatabase: true,
    quiet: true,
  })
  webUrl = stack.webUrl
  cmsUrl = stack.cmsUrl
  console.log(`dev stack ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
}

type Load = { status: number; htmlMs: number; loadMs: number }
type Row = { who: string; page: string; first: Load; second: Load }

/** One navigation: time to the HTML's last byte (the server's answer) and to the load event. */
async function load(page: Page, url: string): Promise<Load> {
  const started = performance.now()
  const res = await page.goto(url, { waitUntil: 'load', timeout: 900_000 })
  const loadMs = performance.now() - started
  const nav = await page.evaluate(() => {
    const entry = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined
    return entry ? entry.responseEnd - entry.startTime : null
  })
  return { status: res?.status() ?? 0, htmlMs: Math.round(nav ?? loadMs), loadMs: Math.round(loadMs) }
}

const rows: Row[] = []
/** MEASURE_PAGES (a regular expression) measures only the pages whose path matches, e.g. "collections/mentors". */
const only = process.env.MEASURE_PAGES ? new RegExp(process.env.MEASURE_PAGES) : null
async function twice(who: string, page: Page, url: string) {
  if (only && !only.test(url.replace(webUrl!, '').replace(cmsUrl!, '') || '/')) return
  const first = await load(page, url)
  const second = await load(page, url)
  const shown = url.replace(webUrl!, '').replace(cmsUrl!, '') || '/'
  rows.push({ who, page: shown, first, second })
  const flag = second.loadMs > TARGET_MS ? '  > 2 s' : ''
  console.log(
    `${who.padEnd(7)} ${shown.padEnd(52)} first ${String(first.loadMs).padStart(6)} ms  second ${String(second.loadMs).padStart(6)} ms (HTML ${second.htmlMs} ms)${flag}`,
  )
}

async function siteSignIn(context: BrowserContext, name: string): Promise<Page> {
  const page = await context.newPage()
  // Vite's first visit may optimize dependencies and reload the page under us: load it until quiet.
  await page.goto(`${webUrl}/login`, { timeout: 900_000, waitUntil: 'networkidle' })
  await page.goto(`${webUrl}/login`, { timeout: 900_000, waitUntil: 'networkidle' })
  await page.getByRole('button', { name: new RegExp(`Continue as ${name}`) }).click({ timeout: 60_000 })
  await page.getByTestId('avatar').and(page.locator('[data-auth="in"]')).waitFor({ timeout: 120_000 })
  return page
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_FLAGS })
try {
  // The site as a student with a plan, then the mentor's home.
  const student = await siteSignIn(await browser.newContext(), PERSONAS.studentWithPlan.name)
  await twice('student', student, `${webUrl}/`)
  await twice('student', student, `${webUrl}/find-mentors`)
  const profile = await student
    .locator('a[href^="/mentor/"]')
    .first()
    .getAttribute('href', { timeout: 5_000 })
    .catch(() => null)
  if (profile) await twice('student', student, `${webUrl}${profile}`)
  await twice('student', student, `${webUrl}/myDashboard`)
  await twice('student', student, `${webUrl}/paymentHistory`)
  const mentor = await siteSignIn(await browser.newContext(), PERSONAS.mentor.name)
  await twice('mentor', mentor, `${webUrl}/mentor-home`)

  // The admin: the dashboard, each list in its navigation and the first document of each.
  const adminContext = await browser.newContext()
  const admin = await adminContext.newPage()
  await admin.goto(`${cmsUrl}/admin/login`, { timeout: 900_000 })
  await admin.getByLabel('Email').fill(PERSONAS.admin.email)
  await admin.getByLabel('Password').fill(ADMIN_PASSWORD)
  await admin.getByRole('button', { name: 'Sign in', exact: true }).click()
  await admin.waitForURL(`${cmsUrl}/admin`, { timeout: 900_000 })
  await twice('admin', admin, `${cmsUrl}/admin`)
  const lists = await admin.$$eval('nav a[href^="/admin/collections/"]', (links) => [
    ...new Set(links.map((a) => (a.getAttribute('href') ?? '').split('?')[0]!)),
  ])
  // The first document's id. `next dev` compiles an API route on its first call and has reset that
  // connection now and then (ECONNRESET): asked again, it answers.
  const firstId = async (url: string): Promise<number | undefined> => {
    for (let attempt = 1; ; attempt++) {
      try {
        // As a browser sends it: Payload takes the session cookie only on a same-origin request.
        const res = await adminContext.request.get(url, { headers: { 'sec-fetch-site': 'same-origin' } })
        return res.ok() ? ((await res.json()) as { docs?: { id: number }[] }).docs?.[0]?.id : undefined
      } catch (error) {
        if (attempt >= 3) throw error
        console.warn(`${url}: ${(error as Error).message.split('\n')[0]}; asking again`)
      }
    }
  }
  for (const list of lists) {
    await twice('admin', admin, `${cmsUrl}${list}`)
    const slug = list.split('/').pop()
    const id = await firstId(`${cmsUrl}/api/${slug}?limit=1&depth=0&select[id]=true`)
    if (id !== undefined) await twice('admin', admin, `${cmsUrl}${list}/${id}`)
  }
} finally {
  await browser.close()
  await stack?.stop()
}

const over = rows.filter((r) => r.second.loadMs > TARGET_MS)
const out = process.env.MEASURE_OUT ?? path.join(ROOT, 'bench/results/dev-second-load.json')
mkdirSync(path.dirname(out), { recursive: true })
writeFileSync(out, `${JSON.stringify({ measuredAt: nowIso(), targetMs: TARGET_MS, rows, over: over.map((r) => r.page) }, null, 2)}\n`)
console.log(`\n${rows.length} pages, ${over.length} over ${TARGET_MS} ms on the second load; written to ${path.relative(ROOT, out)}`)
process.exit(0)
