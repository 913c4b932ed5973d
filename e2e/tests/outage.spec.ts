import net from 'node:net'
import path from 'node:path'
import { expect, test } from '@playwright/test'
import pg from 'pg'
import { ROOT, type Stack, startStack } from '../../scripts/lib/stack'
import { ADMIN } from './utils'

/**
 * The fault test (docs/decisions/053-database-outage.md): PostgreSQL stopped for a few seconds
 * and started again while students book, join and leave waitlists and pay, all at once. On a
 * stack of its own (its own PostgreSQL, CMS and site on free ports), so the shared stack of the
 * other browser tests is never disturbed.
 * - during the outage every answer is a 503 in our envelope with Retry-After (no 401, no 500,
 *   no database text), and the site shows "Temporarily unavailable" and keeps the session;
 * - afterwards both servers answer again without a restart within 10 s;
 * - no rule is broken: seats within capacity per batch, one seat per student per mentor, nobody
 *   seated and waiting for the same mentor, no half-written payment.
 */
const HOLDERS = 16 // students with an active plan: book, wait, leave
const PAYERS = 8 // students without one: create an order, pay in the sandbox, verify
const CAPACITY = 3
const WARM_UP_MS = 3_000
const OUTAGE_MS = 5_000
const AFTER_MS = 3_000
const RECOVERY_LIMIT_MS = 10_000
const UNAVAILABLE_TEXT = 'Temporarily unavailable, please try again.'

type Call = { op: string; started: number; ended: number; status: number; body: unknown; retryAfter: string | null }

async function freePort(): Promise<number> {
  const server = net.createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as net.AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

/** A small deterministic generator: the same run of operations every time. */
function prng(seed: number) {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

test.describe.configure({ mode: 'serial' })

test('PostgreSQL stopped under load: only 503s meanwhile, both servers recover, no invariant broken', async ({ browser }) => {
  // Most of it is starting a stack of its own (seed, production servers) on a shared machine.
  test.setTimeout(600_000)
  const ports = { web: await freePort(), cms: await freePort(), oidc: await freePort(), pg: await freePort() }
  const stack: Stack = await startStack({
    mode: 'prod',
    ports,
    pgDataDir: path.join(ROOT, `.data/e2e-outage-postgres-${process.env.E2E_PORT_BASE ?? 4100}`),
    database: `outage_${process.pid}_${Date.now().toString(36)}`,
    freshDatabase: true,
    mocks: true,
    randomSecrets: true,
    quiet: !process.env.E2E_VERBOSE,
  })
  const db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 })
  // Our own pool sees the outage too: its idle clients' errors are expected, not a crash.
  db.on('error', () => {})
  const context = await browser.newContext()
  try {
    const outage = stack.postgres.outage
    if (!outage) throw new Error('the outage test needs the embedded PostgreSQL (unset DATABASE_URL)')
    const api = `${stack.cmsUrl}/api`
    const calls: Call[] = []
    const call = async (op: string, method: string, p: string, token?: string, body?: unknown): Promise<Call> => {
      const started = Date.now()
      let status = 0
      let parsed: unknown = null
      let retryAfter: string | null = null
      try {
        const res = await fetch(`${api}${p}`, {
          method,
          headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
          signal: AbortSignal.timeout(20_000),
        })
        status = res.status
        retryAfter = res.headers.get('retry-after')
        const text = await res.text()
        try {
          parsed = JSON.parse(text)
        } catch {
          parsed = text
        }
      } catch (error) {
        parsed = String(error) // status 0: the CMS did not answer at all
      }
      return { op, started, ended: Date.now(), status, body: parsed, retryAfter }
    }
    const must = async (method: string, p: string, token?: string, body?: unknown) => {
      const r = await call('setup', method, p, token, body)
      if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`)
      return r.body as Record<string, any>
    }

    // Set-up: two small mentors, students with a plan (cloned in SQL with a real password hash, as
    // bench/booking-race does), students without one, and one student signed in on the site.
    const admin = (await must('POST', '/users/login', undefined, ADMIN)).token as string
    const mentorIds: number[] = []
    for (const name of ['Outage Mentor A', 'Outage Mentor B']) {
      const created = await must('POST', '/mentors', admin, {
        name,
        email: `${name.toLowerCase().replaceAll(' ', '-')}-${Date.now()}@outage.mentorloop.in`,
        profession: 'SDE III',
        company: 'Fault Inc',
        skills: 'Resilience',
        capacity: CAPACITY,
        _status: 'published',
      })
      mentorIds.push(created.doc.id as number)
    }
    const runId = `${process.pid}${Date.now().toString(36)}`
    const password = 'outage-password-xyz'
    const emailOf = (i: number) => `outage-${runId}-${i}@outage.mentorloop.in`
    const total = HOLDERS + PAYERS
    const template = (
      await must('POST', '/users', admin, {
        email: emailOf(0),
        password,
        name: 'Outage Student 0',
        roles: ['student'],
        passwordLogin: true,
      })
    ).doc as { id: number }
    await db.query(
      `WITH t AS (SELECT hash, salt FROM users WHERE id = $1),
            u AS (
              INSERT INTO users (email, name, password_login, hash, salt)
              SELECT 'outage-' || $2 || '-' || g || '@outage.mentorloop.in', 'Outage Student ' || g, true, t.hash, t.salt
              FROM generate_series(1, $3::int - 1) g, t
              RETURNING id)
       INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'student' FROM u`,
      [template.id, runId, total],
    )
    const holderEmails = Array.from({ length: HOLDERS }, (_, i) => emailOf(i))
    await db.query(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends)
       SELECT u.id, p.id, p.price * 100, 'INR', 'completed', 'sandbox', 'outage_order_' || u.id, 'outage_pay_' || u.id, now() - interval '1 day', now() + interval '30 days'
       FROM users u, (SELECT id, price FROM plans WHERE code = 'BEGINNER_TECHY') p
       WHERE u.email = ANY($1::text[])`,
      [holderEmails],
    )
    const tokens: string[] = []
    for (let i = 0; i < total; i += 8) {
      const batch = Array.from({ length: Math.min(8, total - i) }, (_, j) => i + j)
      tokens.push(
        ...(await Promise.all(
          batch.map(async (k) => (await must('POST', '/users/login', undefined, { email: emailOf(k), password })).token as string),
        )),
      )
    }

    const page = await context.newPage()
    await page.goto(`${stack.webUrl}/login`)
    await page.getByLabel('Or any e-mail address').fill(`outage-browser-${runId}@outage.mentorloop.in`)
    await page.getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
    const sessionCookie = async () => (await context.cookies(stack.webUrl)).find((c) => c.name === 'ml_session')?.value ?? null
    const cookieBefore = await sessionCookie()
    expect(cookieBefore).toBeTruthy()

    // The load: every student in a loop of its own until told to stop.
    let running = true
    const holderLoop = async (i: number) => {
      const token = tokens[i]!
      const rand = prng(1000 + i)
      while (running) {
        const mentorId = mentorIds[Math.floor(rand() * mentorIds.length)]!
        const r = rand()
        if (r < 0.45) calls.push(await call('book', 'POST', '/bookings', token, { mentorId, name: `Student ${i}`, contact: '9876543210' }))
        else if (r < 0.7) calls.push(await call('waitlist-add', 'POST', '/waitlist/add', token, { mentorId }))
        else if (r < 0.85) calls.push(await call('waitlist-remove', 'POST', '/waitlist/remove', token, { mentorId }))
        else calls.push(await call('me', 'GET', '/users/me?depth=0', token))
        await sleep(20 + Math.floor(rand() * 40))
      }
    }
    const verified: { token: string; orderId: string }[] = []
    const payerLoop = async (i: number) => {
      const token = tokens[HOLDERS + i]!
      const rand = prng(2000 + i)
      while (running) {
        const order = await call('create-order', 'POST', '/payments/create-order', token, { planCode: 'BEGINNER_TECHY' })
        calls.push(order)
        const orderId = (order.body as { orderId?: string } | null)?.orderId
        if (order.status === 201 && orderId) {
          const paid = await call('sandbox-checkout', 'POST', '/payments/sandbox-checkout', token, { orderId, outcome: 'success' })
          calls.push(paid)
          if (paid.status === 200) {
            const verify = await call('verify-payment', 'POST', '/payments/verify-payment', token, paid.body)
            calls.push(verify)
            if (verify.status === 200) verified.push({ token, orderId })
          }
        }
        await sleep(30 + Math.floor(rand() * 60))
      }
    }
    const loops = [...Array.from({ length: HOLDERS }, (_, i) => holderLoop(i)), ...Array.from({ length: PAYERS }, (_, i) => payerLoop(i))]

    await sleep(WARM_UP_MS)
    const stopping = Date.now()
    await outage.stop()
    const down = Date.now()

    // The site meanwhile: a private page says so, with 503, and the session stays.
    const dashboard = await page.goto(`${stack.webUrl}/myDashboard`)
    expect(dashboard?.status()).toBe(503)
    await expect(page.getByText(UNAVAILABLE_TEXT)).toBeVisible()
    expect(page.url()).not.toContain('/login')
    // Still signed in as far as the header goes: no "Sign in", the account is only unavailable.
    await expect(page.getByTestId('account-unavailable')).toBeVisible()
    await expect(page.getByTestId('header-sign-in')).toHaveCount(0)
    expect(await sessionCookie()).toBe(cookieBefore)
    const health = await fetch(`${stack.cmsUrl}/readyz`)
    expect(health.status).toBe(503)
    // Down, and which check failed: the database (the configuration was checked at start).
    expect(await health.json()).toMatchObject({ status: 'down', checks: { config: true, database: false } })

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - down)))
    const starting = Date.now()
    await outage.start()
    const up = Date.now()

    // Recovery: a signed-in student's session on the CMS, and the signed-in page on the site,
    // each probed until it answers. A new attempt starts every 500 ms (at most 4 at once), each
    // waited for to its end: a request stuck behind the backlog neither hides that a later one is
    // answered nor counts as "down" when it is only slow; recovery is the first attempt that ends
    // with a signed-in answer.
    const probes: string[] = []
    const firstAnswer = (name: string, probe: () => Promise<boolean>) =>
      new Promise<number>((resolve) => {
        let done = false
        let inFlight = 0
        const attempt = async () => {
          if (done) return
          if (Date.now() - up > RECOVERY_LIMIT_MS + 5_000) {
            if (inFlight === 0) {
              done = true
              resolve(0)
            }
            return
          }
          setTimeout(attempt, 500)
          if (inFlight >= 4) return
          inFlight++
          const started = Date.now()
          const ok = await probe().catch(() => false)
          inFlight--
          probes.push(`${name} +${started - up}ms ${ok ? 'up' : 'down'} (${Date.now() - started} ms)`)
          if (ok && !done) {
            done = true
            resolve(Date.now())
          }
        }
        void attempt()
      })
    const [cmsBack, siteBack] = await Promise.all([
      firstAnswer('cms', async () => {
        const me = await call('probe', 'GET', '/users/me?depth=0', tokens[0])
        return me.status === 200 && Boolean((me.body as { user?: unknown }).user)
      }),
      firstAnswer(
        'site',
        async () => (await context.request.get(`${stack.webUrl}/myDashboard`, { maxRedirects: 0, timeout: 15_000 })).status() === 200,
      ),
    ])
    const recovered = cmsBack && siteBack ? Math.max(cmsBack, siteBack) : 0
    await sleep(AFTER_MS)
    running = false
    await Promise.all(loops)

    // Figures.
    const during = calls.filter((c) => c.started >= down && c.ended <= starting)
    const after = calls.filter((c) => recovered && c.started >= recovered)
    const tally = (list: Call[]) =>
      list.reduce<Record<string, number>>((acc, c) => {
        acc[c.status] = (acc[c.status] ?? 0) + 1
        return acc
      }, {})
    const recoveryMs = recovered ? recovered - up : null
    console.log(
      `[outage] ${calls.length} requests by ${total} students; PostgreSQL stopped in ${down - stopping} ms, down ${starting - down} ms, started in ${up - starting} ms; ` +
        `statuses during the outage ${JSON.stringify(tally(during))} (${during.length} requests); whole run ${JSON.stringify(tally(calls))}; ` +
        `after recovery ${JSON.stringify(tally(after))}; recovery ${recoveryMs ?? 'never'} ms (CMS ${cmsBack ? cmsBack - up : 'never'} ms, site ${siteBack ? siteBack - up : 'never'} ms); payments verified ${verified.length}; ` +
        `by operation ${JSON.stringify(Object.fromEntries([...new Set(calls.map((c) => c.op))].map((op) => [op, tally(calls.filter((c) => c.op === op))])))}`,
    )

    console.log(`[outage] recovery probes: ${probes.join('; ')}`)
    expect(recoveryMs, 'both servers answer again, without a restart').not.toBeNull()
    expect(cmsBack - up, 'the CMS answers again within 10 s').toBeLessThanOrEqual(RECOVERY_LIMIT_MS)
    expect(siteBack - up, 'the site answers again within 10 s').toBeLessThanOrEqual(RECOVERY_LIMIT_MS)
    expect(during.length, 'the load went on during the outage').toBeGreaterThan(10)
    const notUnavailable = during.filter((c) => c.status !== 503)
    expect(notUnavailable.map((c) => `${c.op} ${c.status} ${JSON.stringify(c.body)}`)).toEqual([])
    for (const c of calls.filter((x) => x.status === 503)) {
      expect(c.body).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: UNAVAILABLE_TEXT })
      expect(c.retryAfter).toBe('5')
    }
    // Never a false "please sign in", never a 500 or a non-answer, before, during or after.
    const wrong = calls.filter((c) => c.status === 0 || c.status === 401 || c.status === 403 || (c.status >= 500 && c.status !== 503))
    expect(wrong.map((c) => `${c.op} ${c.status} ${JSON.stringify(c.body)}`)).toEqual([])
    expect(
      after.filter((c) => c.status < 300),
      'requests succeed again after recovery',
    ).not.toHaveLength(0)
    expect(JSON.stringify(calls.map((c) => c.body))).not.toMatch(/ECONNREFUSED|terminating connection|postgres|drizzle|Failed query/i)

    // The site again: the same session, signed in.
    await page.goto(`${stack.webUrl}/myDashboard`)
    await expect(page.getByTestId('avatar')).toHaveAttribute('data-auth', 'in')
    expect(await sessionCookie()).toBe(cookieBefore)

    // The rules, in the database.
    const overCapacity = await db.query(
      `SELECT b.id, b.capacity,
              (SELECT count(*) FROM bookings k WHERE k.batch_id = b.id AND k.status = 'confirmed')
            + (SELECT count(*) FROM seat_offers o WHERE o.batch_id = b.id AND o.status = 'held') AS taken
       FROM batches b WHERE b.mentor_id = ANY($1::int[])`,
      [mentorIds],
    )
    expect(overCapacity.rows.length).toBeGreaterThan(0)
    for (const row of overCapacity.rows) expect(Number(row.taken)).toBeLessThanOrEqual(Number(row.capacity))
    const twoSeats = await db.query(
      `SELECT k.user_id, b.mentor_id, count(*) FROM bookings k JOIN batches b ON b.id = k.batch_id
       WHERE k.status = 'confirmed' GROUP BY k.user_id, b.mentor_id HAVING count(*) > 1`,
    )
    expect(twoSeats.rows).toEqual([])
    const seatedAndWaiting = await db.query(
      `SELECT w.user_id, w.mentor_id FROM waitlist w
       WHERE w.status = 'waiting' AND EXISTS (
         SELECT 1 FROM bookings k JOIN batches b ON b.id = k.batch_id
         WHERE k.user_id = w.user_id AND b.mentor_id = w.mentor_id AND k.status = 'confirmed')`,
    )
    expect(seatedAndWaiting.rows).toEqual([])
    const halfWritten = await db.query(
      `SELECT id, status FROM payments
       WHERE (status = 'completed' AND (gateway_payment_id IS NULL OR subscription_starts IS NULL OR subscription_ends IS NULL))
          OR (status = 'created' AND (subscription_starts IS NOT NULL OR subscription_ends IS NOT NULL))`,
    )
    expect(halfWritten.rows).toEqual([])
    // Every payment the CMS confirmed is in the database, completed.
    const orders = verified.map((v) => v.orderId)
    const completed = await db.query(
      `SELECT count(*)::int AS n FROM payments WHERE gateway_order_id = ANY($1::text[]) AND status = 'completed'`,
      [orders],
    )
    expect(completed.rows[0].n).toBe(orders.length)
  } finally {
    await context.close().catch(() => {})
    await db.end().catch(() => {})
    await stack.stop()
  }
})
