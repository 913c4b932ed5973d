import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { productionNode } from '../../scripts/lib/node-lts'
import { type Child, run, stopAll } from '../../scripts/lib/processes'
import { workerProcess } from '../../scripts/lib/production'
import { startSmtpSink } from '../../scripts/lib/smtp-sink'
import { INSTANCE_ENV_KEYS, ROOT, startSecondInstances } from '../../scripts/lib/stack'
import { copyStudentsWithPlans } from '../../scripts/lib/students'
import { openAvatarMenu } from './auth-helpers'
import { adminApi, CMS_URL, waitForHydration } from './utils'

/**
 * Two of each (docs/decisions/113-shared-state-in-postgres.md): a second site and a second CMS on
 * the same database, next to the suite's own. Cookies do not depend on the port, so one browser
 * on localhost is one visitor whom a load balancer sends to either site instance.
 * - site 1 (the suite's) talks to CMS 1, site 2 to CMS 2;
 * - CMS 1 signals only site 1 when content changes: site 2 learns of it from the content versions;
 * - bookings are spread over both CMS instances, and two `npm run worker` processes send the
 *   e-mails beside CMS 1's own runner (docs/decisions/070, 125).
 */
const base = Number(process.env.E2E_PORT_BASE ?? 4100)
const WEB1 = process.env.E2E_WEB_URL ?? `http://localhost:${base}`
let WEB2 = ''
let CMS2 = ''
let instanceEnv: NodeJS.ProcessEnv = {}
let sink: Awaited<ReturnType<typeof startSmtpSink>> | null = null
let workers: Child[] = []

test.describe.configure({ mode: 'serial', timeout: 120_000 })

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const env = JSON.parse(process.env.E2E_INSTANCE_ENV ?? 'null') as NodeJS.ProcessEnv | null
  // It starts its own second instances from the suite's stack: against an outside stack it cannot run.
  if (!env) throw new Error('two-instances.spec needs the stack e2e/global-setup.ts starts (unset E2E_WEB_URL)')
  instanceEnv = env
  sink = await startSmtpSink()
  const port = sink.port
  // The two workers start beside the second instances (the last test's senders).
  const [second, ...started] = await Promise.all([
    startSecondInstances({
      env,
      ports: { web: base + 5, cms: base + 6 },
      firstWebUrl: WEB1.replace('localhost', '127.0.0.1'),
      quiet: !process.env.E2E_VERBOSE,
    }),
    startWorker('wrk1', port),
    startWorker('wrk2', port),
  ])
  WEB2 = second.webUrl
  CMS2 = second.cmsUrl
  workers = started
})

test.afterAll(async () => {
  await stopAll()
  await sink?.stop()
})

test('a sign-in started on site 2 completes on site 1; a sign-out on site 1 ends it on site 2 within a second', async ({
  page,
  playwright,
}) => {
  // Started on site 2 (its transaction cookie), the issuer sends the browser back to the
  // registered callback, which site 1 answers. Step by step through the browser context's cookie
  // jar: in a real browser the two ports are two origins (CSP form-action stops the redirect),
  // while behind a load balancer both instances are one origin.
  const started = await page.request.post(`${WEB2}/auth/google`, {
    form: { loginHint: `two-sites-start-${Date.now().toString(36)}@students.mentorloop.in`, redirectTo: '/paymentHistory' },
    maxRedirects: 0,
  })
  expect(started.status()).toBe(302)
  const authorized = await page.request.get(started.headers().location!, { maxRedirects: 0 })
  const callback = authorized.headers().location!
  expect(callback.startsWith(`${WEB1}/auth/google/callback?`)).toBe(true)
  const finished = await page.request.get(callback, { maxRedirects: 0 })
  expect(finished.status()).toBe(302)
  expect(finished.headers().location).toBe('/paymentHistory')

  // The session works on site 2 as well.
  await page.goto(`${WEB2}/paymentHistory`)
  await expect(page).toHaveURL(new RegExp(`^${WEB2}/paymentHistory`))
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')

  // The browser forgets its cookie on sign-out; someone who copied it keeps it.
  const copied = (await page.context().cookies()).find((c) => c.name === 'ml_session')
  expect(copied).toBeTruthy()
  const holder = await playwright.request.newContext({ extraHTTPHeaders: { cookie: `ml_session=${copied!.value}` } })
  const onSite2 = () => holder.get(`${WEB2}/paymentHistory`, { maxRedirects: 0 })
  expect((await onSite2()).status()).toBe(200) // site 2 has the user in its one-second cache now

  // Signed out on site 1 ...
  await page.goto(`${WEB1}/`)
  const menu = await openAvatarMenu(page)
  await menu.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page.getByTestId('header-sign-in')).toBeVisible()
  const signedOutAt = Date.now()
  // ... site 2 refuses the copied session once its user cache has passed (1 s, decision 113).
  await expect(async () => {
    const res = await onSite2()
    expect(res.status()).toBe(302)
    expect(res.headers().location).toMatch(/^\/login\?redirectTo=/)
  }).toPass({ timeout: 5_000, intervals: [200] })
  expect(Date.now() - signedOutAt).toBeLessThan(3_000)
  await holder.dispose()
})

test('a replayed sign-in callback, cookie and all, is refused on the other site instance', async ({ page, playwright }) => {
  await page.goto(`${WEB1}/login`)
  await waitForHydration(page)
  let callback: { url: string; cookie: string } | null = null
  page.on('request', async (req) => {
    if (req.url().includes('/auth/google/callback')) callback = { url: req.url(), cookie: (await req.allHeaders()).cookie ?? '' }
  })
  // A fresh account: the limits per account count every instance's sign-ins together now, and the
  // suite's personas sign in many times in ten minutes.
  await page.getByLabel('Or any e-mail address').fill(`replay-${Date.now().toString(36)}@students.mentorloop.in`)
  await page.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
  await expect.poll(() => callback?.cookie ?? '').toContain('ml_oidc=')
  // The same callback (same code, same state, same transaction cookie), sent to site 2: the
  // transaction was used up in PostgreSQL, so it is refused before the code is even tried.
  const replay = new URL(callback!.url)
  const attacker = await playwright.request.newContext()
  const res = await attacker.get(`${WEB2}${replay.pathname}${replay.search}`, { headers: { cookie: callback!.cookie }, maxRedirects: 0 })
  expect(res.status()).toBe(302)
  expect(res.headers().location).toMatch(/^\/login\?error=state_mismatch/)
  await attacker.dispose()
})

test('the sign-in limit per account counts starts on both site instances together', async ({ request }) => {
  const hint = `two-sites-${Date.now()}@students.mentorloop.in`
  const start = (site: string) => request.post(`${site}/auth/google`, { form: { loginHint: hint, redirectTo: '/' }, maxRedirects: 0 })
  // The stack's limit (10 in production; e2e/global-setup.ts raises it for the seeded personas).
  const limit = Number(process.env.SIGN_IN_LIMIT_PER_ACCOUNT ?? 10)
  for (let i = 0; i < limit; i++) {
    const res = await start(i % 2 ? WEB2 : WEB1)
    expect(res.status()).toBe(302)
    expect(res.headers().location).toMatch(/\/authorize\?/)
  }
  for (const site of [WEB1, WEB2]) {
    const res = await start(site)
    expect(res.headers().location).toBe('/login?error=rate_limited&redirectTo=%2F')
  }
})

test('a FAQ changed through CMS 1 shows on both site instances within 10 s', async ({ browser }) => {
  const api = await adminApi()
  const { docs } = await api.get('/faqs?sort=order&limit=1&depth=0')
  const faq = docs[0] as { id: number; question: string }
  const changed = `${faq.question} (two sites ${Date.now()})`
  const context = await browser.newContext()
  const page = await context.newPage()
  // Both sites have the old text cached.
  for (const site of [WEB1, WEB2]) {
    await page.goto(`${site}/`)
    await expect(page.locator('#faq').getByTestId('faq-question').first()).toHaveText(faq.question)
  }
  try {
    expect(CMS_URL()).not.toContain(String(base + 6))
    await api.patch(`/faqs/${faq.id}`, { question: changed, _status: 'published' })
    const changedAt = Date.now()
    for (const site of [WEB1, WEB2]) {
      await expect(async () => {
        await page.goto(`${site}/`)
        await expect(page.locator('#faq').getByTestId('faq-question').first()).toHaveText(changed, { timeout: 500 })
      }).toPass({ timeout: 10_000 })
    }
    expect(Date.now() - changedAt).toBeLessThan(10_000)
  } finally {
    await api.patch(`/faqs/${faq.id}`, { question: faq.question, _status: 'published' })
    await context.close()
  }
})

/** A round-robin reverse proxy (as a load balancer in front of the CMS instances): each request goes to the next upstream. */
async function roundRobin(upstreams: string[]) {
  let next = 0
  const served = upstreams.map(() => 0)
  const server = http.createServer((req, res) => {
    const i = next++ % upstreams.length
    served[i]!++
    const target = new URL(req.url ?? '/', upstreams[i])
    const forward = http.request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(res)
    })
    forward.on('error', () => {
      res.writeHead(502)
      res.end()
    })
    req.pipe(forward)
  })
  server.keepAliveTimeout = 1_000
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** `npm run worker` (production's background process, compiled, on production's Node) on the suite's database, sending through `smtpPort`; resolves once it runs. */
async function startWorker(name: string, smtpPort: number) {
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    JOBS_AUTORUN: 'false',
    WORKER_INTERVAL_MS: '200',
    // Two workers on one machine: each its own free health port.
    WORKER_METRICS_PORT: '0',
  }
  for (const key of INSTANCE_ENV_KEYS) if (instanceEnv[key] !== undefined) env[key] = instanceEnv[key]
  Object.assign(env, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(smtpPort), SMTP_ALLOW_PLAIN: 'true', LOG_LEVEL: 'info' })
  let started: () => void = () => {}
  const ready = new Promise<void>((resolve) => {
    started = resolve
  })
  const spec = workerProcess(ROOT, env)
  const child = run(name, productionNode(), spec.args, {
    cwd: spec.cwd,
    env: spec.env,
    quiet: !process.env.E2E_VERBOSE,
    onLine: (line) => {
      if (line.includes('Jobs worker started')) started()
    },
  })
  await Promise.race([
    ready,
    child.exited.then((code) => {
      throw new Error(`${name} exited (${code}) before it started`)
    }),
  ])
  return child
}

test('200 bookings through a proxy over both CMS instances seat exactly the capacity; two workers send each e-mail once', async () => {
  test.setTimeout(300_000)
  const CAPACITY = 12
  const STUDENTS = 200
  const proxy = await roundRobin([CMS_URL().replace('localhost', '127.0.0.1'), CMS2.replace('localhost', '127.0.0.1')])
  const db = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL })
  await db.connect()
  try {
    const api = await adminApi()
    const mentor = (
      await api.post('/mentors', {
        name: 'Two Instances Mentor',
        email: `two-instances-${Date.now()}@mentors.mentorloop.in`,
        profession: 'Staff Engineer',
        company: 'Load Balanced Ltd',
        skills: 'Distributed Systems',
        _status: 'published',
        capacity: CAPACITY,
      })
    ).doc as { id: number }

    // Students with plans: one through the API (a real password hash), the rest copied in SQL with
    // it, plans as completed payments; each signs in through the API, on either CMS.
    const run = `two${Date.now().toString(36)}`
    const password = 'two-instances-password'
    const emailOf = (i: number) => `${run}-${i}@students.mentorloop.in`
    const template = (await api.post('/users', { email: emailOf(0), password, name: 'Student 0', roles: ['student'], passwordLogin: true }))
      .doc as { id: number }
    await copyStudentsWithPlans(db, { templateId: template.id, prefix: run, domain: 'students.mentorloop.in', count: STUDENTS })
    const tokens: string[] = []
    for (let i = 0; i < STUDENTS; i += 20) {
      const batch = Array.from({ length: Math.min(20, STUDENTS - i) }, (_, k) => i + k)
      tokens.push(
        ...(await Promise.all(
          batch.map(async (n) => {
            const res = await fetch(`${proxy.url}/api/users/login`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ email: emailOf(n), password }),
            })
            expect(res.status).toBe(200)
            return ((await res.json()) as { token: string }).token
          }),
        )),
      )
    }

    // All at once through the proxy, which sends every other one to the second CMS.
    const answers = await Promise.all(
      tokens.map(async (token) => {
        const res = await fetch(`${proxy.url}/api/bookings`, {
          method: 'POST',
          headers: { Authorization: `JWT ${token}`, 'Content-Type': 'application/json' },
          body: JSON.stringify({ mentorId: mentor.id }),
        })
        return { status: res.status, body: (await res.json()) as { code?: string } }
      }),
    )
    expect(proxy.served).toEqual([STUDENTS, STUDENTS]) // the sign-ins and the bookings, half on each CMS
    const booked = answers.filter((a) => a.status === 201)
    const waitlisted = answers.filter((a) => a.status === 200 && a.body.code === 'WAITLISTED')
    expect(answers.filter((a) => a.status !== 201 && a.status !== 200).map((a) => `${a.status} ${JSON.stringify(a.body)}`)).toEqual([])
    expect(booked).toHaveLength(CAPACITY)
    expect(waitlisted).toHaveLength(STUDENTS - CAPACITY)
    const seats = await db.query(`SELECT count(*)::int AS n FROM bookings WHERE mentor_id = $1 AND status = 'confirmed'`, [mentor.id])
    expect(seats.rows[0].n).toBe(CAPACITY)
    const queue = (await api.get(`/waitlist/mentor/${mentor.id}`)).waitlistEntries as { position: number }[]
    expect(queue.map((e) => e.position)).toEqual(Array.from({ length: STUDENTS - CAPACITY }, (_, i) => i + 1))

    // The e-mails of the rush (a seat or a place in line for each student): every one handled once,
    // by whichever sender claimed it (the two workers, or CMS 1's own runner, which captures
    // instead of sending), and no message twice at the SMTP server.
    const rows = async () =>
      (
        await db.query<{ status: string; message_id: string | null; attempts: number }>(
          `SELECT status, message_id, attempts::int AS attempts FROM email_outbox WHERE "to" LIKE $1 || '-%'`,
          [run],
        )
      ).rows
    await expect(async () => {
      const pending = (await rows()).filter((r) => r.status !== 'sent' && r.status !== 'captured')
      expect(pending).toHaveLength(0)
    }).toPass({ timeout: 120_000, intervals: [500] })
    const done = await rows()
    expect(done).toHaveLength(STUDENTS)
    expect(done.filter((r) => r.attempts !== 1)).toEqual([])
    const sent = done.filter((r) => r.status === 'sent').map((r) => r.message_id)
    expect(sent.length).toBeGreaterThan(0)
    const atSink = sink!.messageIds().filter((id) => sent.includes(id))
    expect(new Set(atSink).size).toBe(atSink.length)
    expect(atSink.sort()).toEqual([...sent].sort())
    // Both workers stop cleanly on SIGTERM (after their current steps).
    for (const w of workers) w.proc.kill('SIGTERM')
    expect(await Promise.all(workers.map((w) => w.exited))).toEqual([0, 0])
  } finally {
    await db.end()
    await proxy.stop()
  }
})
