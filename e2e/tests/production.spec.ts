import { type ChildProcess, spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import http from 'node:http'
import { createServer, type Server } from 'node:net'
import path from 'node:path'
import { PERSONAS } from '@mentorloop/shared/personas'
import { expect, type Page, test } from '@playwright/test'
import pg from 'pg'
import { productionNode } from '../../scripts/lib/node-lts'
import { type LocalIssuer, startLocalIssuer } from '../../scripts/lib/oidc-issuer'
import { runToEnd } from '../../scripts/lib/processes'
import {
  cmsProcess,
  KEEP_ALIVE_TIMEOUT_MS,
  migrateProcess,
  type ProcessSpec,
  siteProcess,
  workerProcess,
} from '../../scripts/lib/production'
import { startSmtpSink } from '../../scripts/lib/smtp-sink'
import { ROOT } from '../../scripts/lib/stack'
import { waitForHydration } from './utils'

/**
 * The production path as an operator runs it (issue 36; docs/decisions/130-135), on a database of
 * its own and ports of its own, on production's Node (24), with the offline stand-ins (MOCKS) for
 * Google and Razorpay and a local SMTP server for the mail:
 * 1. the release step: a CMS and a worker started before `migrate` refuse traffic (503, not
 *    ready) and wait; after it they serve; both stop on SIGTERM with exit 0;
 * 2. `npm start` (cms/dist/start.mjs): sign in, pay in the sandbox, book; the e-mails leave
 *    through SMTP; the metrics of the CMS, the site and the worker count what happened; one
 *    request id runs through the site's and the CMS's log lines, which hold no e-mail, phone or
 *    token; SIGTERM stops the three processes, each with exit 0;
 * 3. a bad production configuration stops each process at start with exit 1, and `npm start`
 *    exits 1 when one of its processes dies.
 */
test.describe.configure({ mode: 'serial' })

const base = Number(process.env.E2E_PORT_BASE ?? 4100) + 20
const ports = { web: base, cms: base + 1, oidc: base + 3, worker: base + 4 }
const site = `http://localhost:${ports.web}`
const cms = `http://127.0.0.1:${ports.cms}`
const database = `e2e_${process.pid}_prod_${Date.now().toString(36)}`
const secret = () => randomBytes(32).toString('hex')
const secrets = { PAYLOAD_SECRET: secret(), SERVICE_KEY: secret(), SESSION_SECRET: secret(), METRICS_TOKEN: secret() }
const PHONE = '9811122233'

let issuer: LocalIssuer
let sink: Awaited<ReturnType<typeof startSmtpSink>>
let serverUrl: string
let node: string

const dbUrl = () => {
  const u = new URL(serverUrl)
  u.pathname = `/${database}`
  return u.toString()
}

async function sql<T extends pg.QueryResultRow>(text: string, url = dbUrl()): Promise<T[]> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return (await client.query<T>(text)).rows
  } finally {
    await client.end()
  }
}

/** Production, with the stand-ins on loopback URLs (the only place MOCKS is taken, decision 055). */
function productionEnv(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    DATABASE_URL: dbUrl(),
    ...secrets,
    CMS_PUBLIC_URL: `http://localhost:${ports.cms}`,
    WEB_PUBLIC_URL: site,
    CMS_INTERNAL_URL: cms,
    WEB_INTERNAL_URL: `http://127.0.0.1:${ports.web}`,
    CMS_PORT: String(ports.cms),
    WEB_PORT: String(ports.web),
    CMS_HOST: '127.0.0.1',
    HOST: '127.0.0.1',
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: 'mentorloop-local',
    OIDC_CLIENT_SECRET: 'local-secret',
    MOCKS: 'true',
    MOCKS_I_UNDERSTAND: 'yes-this-is-not-production',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(sink.port),
    // The local sink speaks plain SMTP; production requires TLS unless allowed (docs/decisions/173).
    SMTP_ALLOW_PLAIN: 'true',
    WORKER_METRICS_PORT: String(ports.worker),
    SIGN_IN_LIMIT_PER_IP: '2000',
    NEXT_TELEMETRY_DISABLED: '1',
    LOG_LEVEL: 'info',
  }
}

type Running = { proc: ChildProcess; lines: string[]; exited: Promise<number | null> }

function launch(spec: Pick<ProcessSpec, 'args' | 'cwd' | 'env'>): Running {
  const proc = spawn(node, spec.args, { cwd: spec.cwd, env: spec.env, stdio: ['ignore', 'pipe', 'pipe'] })
  const lines: string[] = []
  const collect = (chunk: Buffer) => lines.push(...chunk.toString('utf8').split('\n').filter(Boolean))
  proc.stdout?.on('data', collect)
  proc.stderr?.on('data', collect)
  const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)))
  return { proc, lines, exited }
}

/** Exit code after SIGTERM, or 'timeout' when it did not stop within `graceMs`. */
async function stopWith(running: Running, graceMs: number): Promise<number | null | 'timeout'> {
  running.proc.kill('SIGTERM')
  const outcome = await Promise.race([running.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs))])
  if (outcome === 'timeout') running.proc.kill('SIGKILL')
  return outcome
}

async function status(url: string, init?: RequestInit): Promise<number> {
  try {
    return (await fetch(url, { ...init, signal: AbortSignal.timeout(5_000) })).status
  } catch {
    return 0
  }
}

async function scrape(url: string): Promise<string> {
  const res = await fetch(url, { headers: { Authorization: `Bearer ${secrets.METRICS_TOKEN}` } })
  expect(res.status, url).toBe(200)
  return res.text()
}

/** The value of one series (`name{labels}`) in a Prometheus text page; 0 when absent. */
function series(page: string, name: string, labels: Record<string, string> = {}): number {
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`)
  let total = 0
  for (const line of page.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    if (want.every((w) => line.includes(w))) total += Number(line.split(' ').at(-1))
  }
  return total
}

test.beforeAll(async () => {
  test.setTimeout(120_000)
  const shared = process.env.E2E_DATABASE_URL
  if (!shared) throw new Error('E2E_DATABASE_URL is not set: run through the suite (global-setup starts the shared stack)')
  serverUrl = new URL('/postgres', shared).toString()
  await sql(`CREATE DATABASE "${database}"`, serverUrl)
  node = productionNode()
  issuer = await startLocalIssuer({ port: ports.oidc })
  sink = await startSmtpSink()
})

test.afterAll(async () => {
  await issuer?.stop()
  await sink?.stop()
  await sql(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`, serverUrl).catch(() => {})
})

test('instances refuse traffic until the release step has run, the worker waits for it, and both stop on SIGTERM', async () => {
  test.setTimeout(300_000)
  const env = { ...productionEnv(), JOBS_AUTORUN: 'false' }
  const server = launch(cmsProcess(ROOT, env, { port: ports.cms, host: '127.0.0.1' }))
  const worker = launch(workerProcess(ROOT, env))
  try {
    await expect.poll(() => status(`${cms}/healthz`), { timeout: 60_000 }).toBe(200)
    const notReady = await fetch(`${cms}/readyz`)
    expect(notReady.status).toBe(503)
    expect(await notReady.json()).toEqual({ status: 'down', checks: { config: true, database: true, migrations: false } })
    const refused = await fetch(`${cms}/api/plans`)
    expect(refused.status).toBe(503)
    expect(refused.headers.get('retry-after')).toBeTruthy()
    expect((await refused.json()).code).toBe('SERVICE_UNAVAILABLE')
    await expect.poll(() => worker.lines.some((l) => l.includes('Waiting for the release step')), { timeout: 60_000 }).toBe(true)

    // The release step, then the development seed (mentors, plans and personas to book with).
    const migrate = migrateProcess(ROOT, env)
    await runToEnd('migrate', node, migrate.args, { cwd: migrate.cwd, env: migrate.env, quiet: true, timeoutMs: 240_000 })
    await runToEnd('seed', process.execPath, [path.join(ROOT, 'scripts/run-ts.mjs'), 'seed/run.ts'], {
      cwd: path.join(ROOT, 'cms'),
      env: { ...env, NODE_ENV: 'development' },
      quiet: true,
      timeoutMs: 240_000,
    })
    await expect.poll(() => status(`${cms}/readyz`), { timeout: 30_000 }).toBe(200)
    expect(await status(`${cms}/api/plans`)).toBe(200)
    await expect.poll(() => worker.lines.some((l) => l.includes('Jobs worker started')), { timeout: 30_000 }).toBe(true)
    await expect.poll(() => status(`http://127.0.0.1:${ports.worker}/healthz`), { timeout: 30_000 }).toBe(200)
  } finally {
    expect(await stopWith(worker, 90_000), worker.lines.slice(-20).join('\n')).toBe(0)
    expect(await stopWith(server, 30_000), server.lines.slice(-20).join('\n')).toBe(0)
  }
  // A clean stop removes the worker's heartbeat: no alert waits for it.
  expect(await sql('SELECT worker_id FROM worker_heartbeats')).toEqual([])
})

async function payAndBook(page: Page, mentorId: number) {
  await page.goto(`${site}/login`)
  await page.getByRole('button', { name: new RegExp(`Continue as ${PERSONAS.studentWithoutPlan.name}`) }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await page.goto(`${site}/#premium-plans`)
  await waitForHydration(page)
  await page.getByRole('button', { name: 'Choose Beginner Techy Plan' }).click()
  await page
    .getByRole('dialog', { name: /Sandbox payment/ })
    .getByRole('button', { name: /^Pay / })
    .click()
  await expect(page.getByTestId('payment-notice')).toBeVisible()
  await page.goto(`${site}/book?mentor=${mentorId}`)
  await page.getByLabel('Name', { exact: true }).fill(PERSONAS.studentWithoutPlan.name)
  await page.getByLabel('Contact', { exact: true }).fill(PHONE)
  await page.getByRole('button', { name: 'Book Session' }).click()
  await expect(page).toHaveURL(`${site}/myDashboard`)
  await expect(page.getByTestId('booking-card')).toBeVisible()
}

test('npm start: sign in, pay, book; the e-mails leave, the metrics count it, the logs follow one request id and hold no personal data; SIGTERM stops all with exit 0', async ({
  page,
}) => {
  test.setTimeout(360_000)
  const start = launch({ args: [path.join(ROOT, 'cms/dist/start.mjs')], cwd: ROOT, env: productionEnv() })
  let stopped: number | null | 'timeout' = 'timeout'
  try {
    await expect.poll(() => status(`${site}/healthz`), { timeout: 120_000 }).toBe(200)
    await expect.poll(() => status(`${cms}/readyz`), { timeout: 60_000 }).toBe(200)
    await expect.poll(() => status(`http://127.0.0.1:${ports.worker}/healthz`), { timeout: 60_000 }).toBe(200)

    const cmsBefore = await scrape(`${cms}/metrics`)
    const workerBefore = await scrape(`http://127.0.0.1:${ports.worker}/metrics`)
    const [{ id: mentorId }] = await sql<{ id: number }>(`SELECT id FROM mentors WHERE name = '${PERSONAS.mentor.name}'`)
    await payAndBook(page, mentorId!)

    // Both keep an idle connection longer than the proxy in front does (Node's default is 5 s).
    for (const url of [`${site}/healthz`, `${cms}/healthz`]) {
      expect(await keepAliveOf(url), url).toBe(`timeout=${KEEP_ALIVE_TIMEOUT_MS / 1000}`)
    }

    // One request's id, through the site and the CMS, and back.
    const requestId = `smoke-${Date.now().toString(36)}`
    const dashboard = await page.request.get(`${site}/myDashboard`, { headers: { 'x-request-id': requestId } })
    expect(dashboard.status()).toBe(200)
    expect(dashboard.headers()['x-request-id']).toBe(requestId)

    // The e-mails leave through SMTP (the worker sends them): the receipt and the booking's.
    const toStudent = () => sink.messages.filter((m) => m.includes(PERSONAS.studentWithoutPlan.email))
    await expect.poll(() => toStudent().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(2)

    // The metrics moved with what happened.
    const cmsAfter = await scrape(`${cms}/metrics`)
    expect(series(cmsAfter, 'mentorloop_seat_decisions_total', { outcome: 'seated' })).toBe(
      series(cmsBefore, 'mentorloop_seat_decisions_total', { outcome: 'seated' }) + 1,
    )
    expect(series(cmsAfter, 'mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'completed' })).toBe(
      series(cmsBefore, 'mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'completed' }) + 1,
    )
    expect(series(cmsAfter, 'mentorloop_http_requests_total', { route: '/api/bookings', method: 'POST' })).toBeGreaterThan(
      series(cmsBefore, 'mentorloop_http_requests_total', { route: '/api/bookings', method: 'POST' }),
    )
    expect(cmsAfter).toMatch(/mentorloop_worker_heartbeat_age_seconds \d/)
    expect(series(cmsAfter, 'mentorloop_workers_alive')).toBe(1)
    expect(cmsAfter).toContain('mentorloop_outbox_messages{lane="urgent",state="queued"}')
    expect(cmsAfter).toContain('mentorloop_db_pool_connections{state="total"}')
    // The sink holds a message once SMTP's DATA ends; the worker counts it after the server's reply
    // and its outbox row's update, so the count is polled, not read once.
    const sentBefore = series(workerBefore, 'mentorloop_emails_total', { outcome: 'sent' })
    await expect
      .poll(async () => series(await scrape(`http://127.0.0.1:${ports.worker}/metrics`), 'mentorloop_emails_total', { outcome: 'sent' }), {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(sentBefore + 2)
    const siteMetrics = await scrape(`${site}/metrics`)
    // The booking form posts to /book, or with JavaScript to its data request /book.data.
    const bookPosts = ['/book', '/book.data'].map((route) =>
      series(siteMetrics, 'mentorloop_http_requests_total', { route, method: 'POST' }),
    )
    expect(bookPosts[0]! + bookPosts[1]!).toBeGreaterThanOrEqual(1)
    expect(series(siteMetrics, 'mentorloop_cms_calls_total', { outcome: 'ok' })).toBeGreaterThan(0)
    // Without the token: nothing.
    expect(await status(`${site}/metrics`)).toBe(401)
    expect(await status(`${cms}/metrics`)).toBe(401)

    // The logs: JSON, the request's id on the site's line and on the CMS's, no personal data.
    const json = start.lines.flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>]
      } catch {
        return []
      }
    })
    const withId = json.filter((l) => l.requestId === requestId)
    expect(withId.some((l) => l.service === 'web' && l.msg === 'request' && l.route === '/myDashboard')).toBe(true)
    expect(
      withId.some((l) => l.service === 'cms' && l.msg === 'request' && typeof l.route === 'string' && typeof l.userId === 'number'),
    ).toBe(true)
    const all = start.lines.join('\n')
    const token = (await page.context().cookies()).find((c) => c.name === 'ml_session')?.value
    for (const secretText of [PERSONAS.studentWithoutPlan.email, PERSONAS.mentor.email, PHONE, token!, ...Object.values(secrets)]) {
      expect(all.includes(secretText), `a log line holds ${secretText.slice(0, 12)}…`).toBe(false)
    }
  } finally {
    stopped = await stopWith(start, 120_000)
  }
  expect(stopped, start.lines.slice(-30).join('\n')).toBe(0)
  for (const name of ['cms', 'web', 'worker']) {
    expect(
      start.lines.some((l) => l.includes(`"msg":"${name} stopped"`) && l.includes('"code":0')),
      `${name} stopped with 0`,
    ).toBe(true)
  }
})

test('a bad production configuration stops each process at start, and npm start exits when one of its processes dies', async () => {
  test.setTimeout(240_000)
  // Production without the test-run opt-in: the stand-ins, loopback URLs and no Razorpay key are refused.
  const bad = { ...productionEnv(), MOCKS: '', MOCKS_I_UNDERSTAND: '' }
  for (const spec of [
    cmsProcess(ROOT, bad, { port: ports.cms, host: '127.0.0.1' }),
    siteProcess(ROOT, bad, { port: ports.web, host: '127.0.0.1' }),
    workerProcess(ROOT, bad),
    migrateProcess(ROOT, bad),
  ]) {
    const running = launch(spec)
    const code = await Promise.race([running.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 90_000))])
    if (code === 'timeout') running.proc.kill('SIGKILL')
    expect(code, `${spec.name}: ${running.lines.slice(-10).join('\n')}`).toBe(1)
    expect(running.lines.join('\n'), spec.name).toMatch(/Refusing to start in production[\s\S]*loopback address/)
  }

  // The site's port is taken: the site dies at start, and npm start stops the others and exits 1.
  const blocker: Server = createServer()
  await new Promise<void>((resolve) => blocker.listen(ports.web, '127.0.0.1', resolve))
  try {
    const start = launch({ args: [path.join(ROOT, 'cms/dist/start.mjs')], cwd: ROOT, env: productionEnv() })
    const code = await Promise.race([start.exited, new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), 120_000))])
    if (code === 'timeout') start.proc.kill('SIGKILL')
    expect(code, start.lines.slice(-20).join('\n')).toBe(1)
    expect(start.lines.some((l) => l.includes('web exited; stopping the others'))).toBe(true)
  } finally {
    blocker.close()
  }
})

/** The Keep-Alive header a server answers a kept-alive request with: how long it keeps the connection idle. */
function keepAliveOf(url: string): Promise<string | undefined> {
  const agent = new http.Agent({ keepAlive: true })
  return new Promise<string | undefined>((resolve, reject) => {
    http
      .get(url, { agent }, (res) => {
        res.resume()
        resolve(String(res.headers['keep-alive'] ?? ''))
      })
      .on('error', reject)
  }).finally(() => agent.destroy())
}
