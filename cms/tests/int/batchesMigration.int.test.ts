import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { migrations } from '../../migrations'

/**
 * The batches migration on a database that holds data from before it (as production and the
 * development databases do): every mentor gets a first batch, their bookings and sessions move
 * into it, seats are then counted per batch. Runs the committed migrations on a database of its
 * own on the test server: up to the one before, the old seeded rows, then the rest.
 */
const BATCHES = '20261123_164613_batches'
const name = `test_${process.pid}_mig_${Date.now().toString(36)}`
let admin: pg.Client
let pool: pg.Pool

const serverUrl = () => {
  const u = new URL(process.env.DATABASE_URL!)
  u.pathname = '/postgres'
  return u.toString()
}

beforeAll(async () => {
  admin = new pg.Client({ connectionString: serverUrl() })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`)
  const u = new URL(process.env.DATABASE_URL!)
  u.pathname = `/${name}`
  pool = new pg.Pool({ connectionString: u.toString(), max: 2 })
  // The drop at the end terminates any connection still closing: expected, not an uncaught error.
  pool.on('connect', (client) => client.on('error', () => {}))
  pool.on('error', () => {})
}, 60_000)

afterAll(async () => {
  await pool?.end()
  await admin?.query(`DROP DATABASE IF EXISTS ${admin.escapeIdentifier(name)} WITH (FORCE)`)
  await admin?.end()
})

const rows = async <T>(text: string) => (await pool.query(text)).rows as T[]

describe(`migration ${BATCHES}`, () => {
  it('moves each mentor’s existing bookings and sessions into a first, open batch, and counts seats per batch after', async () => {
    const db = drizzle(pool) as unknown as Parameters<(typeof migrations)[number]['up']>[0]['db']
    const args = (extra: object = {}) => ({ db, payload: null as never, req: null as never, ...extra })
    const index = migrations.findIndex((m) => m.name === BATCHES)
    expect(index).toBeGreaterThan(0)
    for (const m of migrations.slice(0, index)) await m.up(args())

    // What the seed left before batches existed: two published mentors, the second full (capacity 2),
    // a cancelled booking, a scheduled session, one student waiting.
    await pool.query(`
      INSERT INTO users (email) VALUES ('a@old.test'), ('b@old.test'), ('c@old.test'), ('d@old.test');
      INSERT INTO mentors (name, email, profession, company, skills, capacity, _status)
        VALUES ('Old Mentor One', 'one@old.test', 'SDE', 'Google', 'DSA', 15, 'published'),
               ('Old Mentor Two', 'two@old.test', 'SDE', 'Adobe', 'Java', 2, 'published');
      INSERT INTO bookings (user_id, mentor_id, status, source) VALUES
        ((SELECT id FROM users WHERE email = 'a@old.test'), (SELECT id FROM mentors WHERE name = 'Old Mentor Two'), 'confirmed', 'direct'),
        ((SELECT id FROM users WHERE email = 'b@old.test'), (SELECT id FROM mentors WHERE name = 'Old Mentor Two'), 'confirmed', 'direct'),
        ((SELECT id FROM users WHERE email = 'c@old.test'), (SELECT id FROM mentors WHERE name = 'Old Mentor One'), 'cancelled', 'direct');
      INSERT INTO sessions (title, mentor_id, starts_at, duration_minutes)
        VALUES ('Kick-off', (SELECT id FROM mentors WHERE name = 'Old Mentor Two'), now() + interval '20 days', 60);
      INSERT INTO waitlist (user_id, mentor_id, status, joined_at)
        VALUES ((SELECT id FROM users WHERE email = 'd@old.test'), (SELECT id FROM mentors WHERE name = 'Old Mentor Two'), 'waiting', now());
    `)

    for (const m of migrations.slice(index)) await m.up(args())

    const batches = await rows<{ name: string; label: string; status: string; capacity: string; day: number; days: number }>(`
      SELECT m.name, b.label, b.status, b.capacity,
             extract(day FROM b.starts_on AT TIME ZONE 'Asia/Kolkata')::int AS day,
             extract(epoch FROM (b.ends_on - b.starts_on)) / 86400 AS days
        FROM batches b JOIN mentors m ON m.id = b.mentor_id ORDER BY m.name`)
    expect(batches).toHaveLength(2)
    for (const b of batches) {
      expect(b).toMatchObject({ status: 'open', day: 1 })
      expect(b.label).toMatch(/^[A-Z][a-z]+ \d{4}$/)
      expect(Number(b.days)).toBeGreaterThanOrEqual(27)
    }
    expect(batches.map((b) => Number(b.capacity))).toEqual([15, 2])
    const moved = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings bk JOIN batches b ON b.id = bk.batch_id WHERE b.mentor_id = bk.mentor_id`,
    )
    expect(moved[0]!.n).toBe(3)
    const sessions = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM sessions s JOIN batches b ON b.id = s.batch_id AND b.mentor_id = s.mentor_id`,
    )
    expect(sessions[0]!.n).toBe(1)

    // Seats now count per batch: the full batch refuses a third confirmed seat, in the database itself.
    const full = await rows<{ id: number; mentor_id: number }>(
      `SELECT b.id, b.mentor_id FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE m.name = 'Old Mentor Two'`,
    )
    await expect(
      pool.query(
        `INSERT INTO bookings (user_id, mentor_id, batch_id, status, source) VALUES ((SELECT id FROM users WHERE email = 'd@old.test'), $1, $2, 'confirmed', 'direct')`,
        [full[0]!.mentor_id, full[0]!.id],
      ),
    ).rejects.toThrow(/full/)
    await expect(pool.query(`UPDATE batches SET capacity = 1 WHERE id = $1`, [full[0]!.id])).rejects.toThrow(/below/)
    // And the way back (the later migrations first) restores the mentor-level limit.
    for (const m of migrations.slice(index).reverse()) await m.down(args())
    expect(await rows(`SELECT to_regclass('batches') AS t`)).toEqual([{ t: null }])
  })
})

const PLAN_PER_BATCH = '20261126_023347_plan_pays_for_one_batch'

describe(`migration ${PLAN_PER_BATCH}`, () => {
  it('links every seat to the plan that paid for it, turns unused running plans into credits, closes old ones, and goes back', async () => {
    await pool.query('DROP SCHEMA public CASCADE; CREATE SCHEMA public;')
    const db = drizzle(pool) as unknown as Parameters<(typeof migrations)[number]['up']>[0]['db']
    const args = (extra: object = {}) => ({ db, payload: null as never, req: null as never, ...extra })
    const index = migrations.findIndex((m) => m.name === PLAN_PER_BATCH)
    expect(index).toBeGreaterThan(0)
    for (const m of migrations.slice(0, index)) await m.up(args())

    // Before: 30-day plans. Seated (a), seated and renewed (b: the renewal pays for nothing yet),
    // bought while waiting (c), an old plan long over (d).
    await pool.query(`
      INSERT INTO users (email) VALUES ('a@mig.test'), ('b@mig.test'), ('c@mig.test'), ('d@mig.test');
      INSERT INTO plans (code, name, product, price, currency, duration_days, sessions_included, active, _status)
        VALUES ('BEGINNER_TECHY', 'Beginner Techy Plan', 'mentorship', 599, 'INR', 30, 4, true, 'published');
      INSERT INTO mentors (name, email, profession, company, skills, capacity, _status)
        VALUES ('Mig Mentor', 'mig@old.test', 'SDE', 'Google', 'DSA', 15, 'published');
      INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status)
        VALUES ((SELECT id FROM mentors), 'Next month', date_trunc('month', now()) + interval '1 month', date_trunc('month', now()) + interval '2 months' - interval '1 day', 15, 'open');
      INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, subscription_starts, subscription_ends)
        SELECT u.id, (SELECT id FROM plans), 59900, 'INR', 'completed', 'sandbox', 'o_' || u.email || '_' || x.n,
               now() - interval '2 days' + (x.n * interval '30 days'), now() + interval '28 days' + (x.n * interval '30 days')
          FROM users u, (VALUES (0)) x(n) WHERE u.email IN ('a@mig.test', 'b@mig.test', 'c@mig.test');
      INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, subscription_starts, subscription_ends)
        SELECT id, (SELECT id FROM plans), 59900, 'INR', 'completed', 'sandbox', 'o_b_renewal', now() + interval '28 days', now() + interval '58 days'
          FROM users WHERE email = 'b@mig.test';
      INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, subscription_starts, subscription_ends)
        SELECT id, (SELECT id FROM plans), 59900, 'INR', 'completed', 'sandbox', 'o_d_old', now() - interval '90 days', now() - interval '60 days'
          FROM users WHERE email = 'd@mig.test';
      INSERT INTO bookings (user_id, mentor_id, batch_id, status, source, created_at)
        SELECT u.id, (SELECT id FROM mentors), (SELECT id FROM batches), 'confirmed', 'direct', now() - interval '1 day'
          FROM users u WHERE u.email IN ('a@mig.test', 'b@mig.test');
    `)

    for (const m of migrations.slice(index)) await m.up(args())

    const linked = await rows<{ email: string; order: string; batch: boolean; credit_ended: boolean; ends_after_batch: boolean }>(`
      SELECT u.email, p.gateway_order_id AS order, p.batch_id IS NOT NULL AS batch, p.credit_ended_at IS NOT NULL AS credit_ended,
             p.subscription_ends >= (SELECT ends_on FROM batches LIMIT 1) AS ends_after_batch
        FROM payments p JOIN users u ON u.id = p.user_id ORDER BY u.email, p.id`)
    expect(linked.map(({ email, order, batch, credit_ended }) => ({ email, order, batch, credit_ended }))).toEqual([
      { email: 'a@mig.test', order: 'o_a@mig.test_0', batch: true, credit_ended: false },
      { email: 'b@mig.test', order: 'o_b@mig.test_0', batch: true, credit_ended: false },
      // The renewal pays for nothing yet: a credit for the next seat.
      { email: 'b@mig.test', order: 'o_b_renewal', batch: false, credit_ended: false },
      // Bought while waiting: a credit.
      { email: 'c@mig.test', order: 'o_c@mig.test_0', batch: false, credit_ended: false },
      // Long over: closed, never refunded by the credit sweep.
      { email: 'd@mig.test', order: 'o_d_old', batch: false, credit_ended: true },
    ])
    // A seat's payment now runs exactly its batch; every seat names its payment.
    expect(
      await rows(`SELECT count(*)::int AS n FROM bookings b JOIN payments p ON p.id = b.payment_id JOIN batches bt ON bt.id = b.batch_id
                   WHERE p.subscription_starts = bt.starts_on AND p.subscription_ends = bt.ends_on + interval '24 hours'`),
    ).toEqual([{ n: 2 }])
    // One seat per student per month, in the database: a second confirmed seat of the month is refused.
    await pool.query(`INSERT INTO mentors (name, email, capacity, _status) VALUES ('Other', 'other@old.test', 5, 'published')`)
    await pool.query(
      `INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status)
       SELECT (SELECT id FROM mentors WHERE name = 'Other'), 'Same month', starts_on, ends_on, 5, 'open' FROM batches WHERE label = 'Next month'`,
    )
    await expect(
      pool.query(`INSERT INTO bookings (user_id, mentor_id, batch_id, status, source)
                  VALUES ((SELECT id FROM users WHERE email = 'a@mig.test'), (SELECT id FROM mentors WHERE name = 'Other'),
                          (SELECT id FROM batches WHERE label = 'Same month'), 'confirmed', 'direct')`),
    ).rejects.toThrow(/bookings_one_seat_per_period/)

    for (const m of migrations.slice(index).reverse()) await m.down(args())
    expect(await rows(`SELECT to_regclass('notices') AS t`)).toEqual([{ t: null }])
  })
})
