/**
 * How fast the admin's list pages answer on a production build (issue 20: 4-12 s each in
 * `npm run dev`). Starts the production builds (`npx turbo run build --filter=cms --filter=web`
 * first) on a fresh seeded database, signs in as the seeded admin, then loads each list page
 * ADMIN_LISTS_ROUNDS times with the session cookie and prints the first load and the median of the rest
 * (the "second load"). Uses BENCH_PORT_BASE / BENCH_PG_PORT. ADMIN_LISTS_ROWS (default 5000) students are
 * added first, each with a payment, a (cancelled) booking and a (rejected) refund request, so the
 * lists have a production-like volume to count, sort and join over.
 *
 *   BENCH_PORT_BASE=5650 BENCH_PG_PORT=55359 node scripts/run-ts.mjs scripts/measure-admin-lists.ts
 */
import path from 'node:path'
import pg from 'pg'
import { ROOT, startStack } from './lib/stack'

/** The seeded admin (cms/seed/personas.ts). */
const ADMIN_SEED = { email: 'admin@mentorloop.in', password: process.env.SEED_PASSWORD ?? 'mentorloop-dev-password' }
const PAGES = ['users', 'payments', 'bookings', 'refund-requests', 'batches', 'waitlist']
const ROUNDS = Number(process.env.ADMIN_LISTS_ROUNDS ?? 6)
const base = Number(process.env.BENCH_PORT_BASE ?? 4250)

const stack = await startStack({
  mode: 'prod',
  ports: { web: base, cms: base + 1, oidc: base + 3, pg: Number(process.env.BENCH_PG_PORT ?? base + 9) },
  pgDataDir: path.join(ROOT, '.data/bench-postgres'),
  database: `bench_adminlists_${process.pid}_${Date.now().toString(36)}`,
  freshDatabase: true,
  mocks: true,
  randomSecrets: true,
  quiet: true,
})
/** Volume as one SQL batch: the seeded mentor, batch and plan, ROWS students with their rows. */
async function addVolume(databaseUrl: string, rows: number) {
  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  try {
    await db.query(`
      WITH u AS (
        INSERT INTO users (email, name, created_at, updated_at)
        SELECT 'volume-' || g || '@students.mentorloop.in', 'Volume Student ' || g, now() - (g || ' minutes')::interval, now()
          FROM generate_series(1, ${rows}) g RETURNING id
      ), r AS (INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'student' FROM u RETURNING parent_id),
      p AS (
        INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, created_at, updated_at)
        SELECT u.id, (SELECT min(id) FROM plans), 59900, 'INR', 'completed', 'sandbox', 'order_volume_' || u.id, now(), now() FROM u
        RETURNING id, user_id
      ), b AS (
        INSERT INTO bookings (user_id, mentor_id, batch_id, status, source, created_at, updated_at)
        SELECT p.user_id, (SELECT min(id) FROM mentors), (SELECT min(id) FROM batches), 'cancelled', 'direct', now(), now() FROM p
        RETURNING id
      )
      INSERT INTO refund_requests (user_id, payment_id, source, reason, feedback, status, attempts, created_at, updated_at)
      SELECT p.user_id, p.id, 'student', (SELECT (enum_range(NULL::enum_refund_requests_reason))[1]), 'Volume.', 'rejected', 0, now(), now() FROM p`)
    await db.query('ANALYZE')
  } finally {
    await db.end()
  }
}

try {
  await addVolume(stack.databaseUrl, Number(process.env.ADMIN_LISTS_ROWS ?? 5000))
  const login = await fetch(`${stack.cmsUrl}/api/users/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(ADMIN_SEED),
  })
  const cookie = (login.headers.getSetCookie?.() ?? []).map((c) => c.split(';')[0]).join('; ')
  if (!login.ok || !cookie) throw new Error(`admin sign-in failed: ${login.status}`)
  const rows: Record<string, { status: number; firstMs: number; secondMs: number; bytes: number; rowsShown: number }> = {}
  for (const slug of PAGES) {
    const times: number[] = []
    let status = 0
    let bytes = 0
    let rowsShown = 0
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now()
      const res = await fetch(`${stack.cmsUrl}/admin/collections/${slug}`, {
        // As a browser sends it: Payload accepts the session cookie only on a same-origin request.
        headers: { cookie, accept: 'text/html', 'sec-fetch-site': 'same-origin' },
      })
      const body = await res.text()
      times.push(performance.now() - started)
      status = res.status
      bytes = body.length
      // The list's rows are in the HTML (server-rendered table), or it was not the list at all.
      rowsShown = (body.match(/<tr class="row-/g) ?? []).length
    }
    const rest = times.slice(1).sort((a, b) => a - b)
    rows[slug] = { status, firstMs: Math.round(times[0]!), secondMs: Math.round(rest[Math.floor(rest.length / 2)]!), bytes, rowsShown }
  }
  console.table(rows)
  console.log(JSON.stringify(rows))
} finally {
  await stack.stop()
}
process.exit(0)
