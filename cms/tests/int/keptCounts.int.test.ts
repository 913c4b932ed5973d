import type { Plan, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest, Where } from 'payload'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { hideAbandonedOrders } from '../../collections/Payments/abandonedOrders'
import { countVersionSequence, KEPT_COUNT_TABLES, KEPT_MAX_MS } from '../../lib/db/keptCounts'
import { txQuery } from '../../lib/transaction'
import { inRequestTransaction, reqAs, resetClock, setNow, setUpWorld } from '../fixtures'
import { createUser, findPlan, unique } from '../helpers/scenarios'

/**
 * A list's total kept while its table is unchanged (lib/db/keptCounts.ts, docs/decisions/217). On a
 * database of this file's own: another file's payment would move the version under these counts.
 *
 * To see that a count is kept (not counted again), a row is written the one way that moves no
 * version: with the triggers off for that transaction (`session_replication_role = replica`). A kept
 * count does not see it; a count made again does.
 */
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let student: User
let plan: Plan

/** Inserts a payment on a connection of its own, its statement firing no trigger (so moving no version). */
async function unseenPayment(status = 'completed'): Promise<number> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL })
  await client.connect()
  try {
    await client.query('BEGIN')
    await client.query('SET LOCAL session_replication_role = replica')
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, created_at, updated_at)
       VALUES ($1, $2, 59900, 'INR', $3, 'sandbox', $4, now(), now()) RETURNING id`,
      [student.id, plan.id, status, unique('unseen')],
    )
    await client.query('COMMIT')
    return rows[0]!.id
  } finally {
    await client.end()
  }
}

/** Any write to the table through the ordinary path (here: a row touched), which moves its version. */
async function touchPayments(): Promise<void> {
  await txQuery(await reqAs(), sql`UPDATE payments SET updated_at = updated_at WHERE id = (SELECT min(id) FROM payments)`)
}

const total = async (where?: Where, req?: PayloadRequest) =>
  (await payload.count({ collection: 'payments', where, overrideAccess: true, ...(req ? { req } : {}) })).totalDocs

/** The admin's Payments list as it opens: its base filter (abandoned orders hidden), page 1. */
const listTotal = async () => {
  const where = hideAbandonedOrders({ req: { query: {} } as unknown as PayloadRequest, limit: 10, page: 1, sort: '-createdAt' }) as Where
  return (await payload.find({ collection: 'payments', where, limit: 10, overrideAccess: true, depth: 0 })).totalDocs
}

beforeAll(async () => {
  payload = (await setUpWorld()).payload
  student = await createUser(payload)
  plan = await findPlan(payload, 'BEGINNER_TECHY')
  await txQuery(
    await reqAs(),
    sql`INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, created_at, updated_at)
        SELECT ${student.id}, ${plan.id}, 59900, 'INR', s::enum_payments_status, 'sandbox', 'kept-' || i || '-' || g, now(), now()
          FROM unnest(ARRAY['completed', 'completed', 'failed']) WITH ORDINALITY AS t(s, i), generate_series(1, 2) AS g`,
  )
})

afterEach(() => resetClock())

describe('a list total kept while its table is unchanged', () => {
  it("the Payments list's total is kept between loads, and follows any write to payments at once", async () => {
    // The list's filter names the hour to the minute: the clock held inside one minute, it is one filter.
    setNow(Math.floor(Date.now() / 60_000) * 60_000 + 30_000)
    const before = await listTotal()
    expect(before).toBe(await listTotal())
    await unseenPayment()
    // Kept: the row written with no version moved is not counted yet (the rows themselves are read afresh).
    expect(await listTotal()).toBe(before)
    // Any ordinary write moves the version: the next load counts again, the unseen row with it.
    await touchPayments()
    expect(await listTotal()).toBe(before + 1)
  })

  it('each filter has its own count: the same filter with another value is counted apart', async () => {
    const completed = await total({ status: { equals: 'completed' } })
    const failed = await total({ status: { equals: 'failed' } })
    expect(completed).toBeGreaterThan(0)
    expect(failed).toBeGreaterThan(0)
    await touchPayments()
    await payload.create({
      collection: 'payments',
      data: {
        user: student.id,
        plan: plan.id,
        amount: 59900,
        currency: 'INR',
        status: 'failed',
        gateway: 'sandbox',
        gatewayOrderId: unique('failed'),
      },
      overrideAccess: true,
    })
    expect(await total({ status: { equals: 'failed' } })).toBe(failed + 1)
    expect(await total({ status: { equals: 'completed' } })).toBe(completed)
  })

  it(`no count is kept longer than ${KEPT_MAX_MS / 1000} s (a count made between a writer's statement and its commit)`, async () => {
    const at = Date.now()
    setNow(at)
    const where: Where = { status: { equals: 'completed' } }
    await touchPayments() // counted afresh below, on the held clock
    const before = await total(where)
    await unseenPayment()
    setNow(at + KEPT_MAX_MS - 1)
    expect(await total(where)).toBe(before)
    setNow(at + KEPT_MAX_MS)
    expect(await total(where)).toBe(before + 1)
  })

  it('inside a transaction nothing is kept: it counts its own writes', async () => {
    const before = await total()
    class RolledBack extends Error {
      constructor(readonly counted: number) {
        super('rolled back')
      }
    }
    const counted = await inRequestTransaction(async (req) => {
      await txQuery(req, sql`SET LOCAL session_replication_role = replica`)
      await txQuery(
        req,
        sql`INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, created_at, updated_at)
            VALUES (${student.id}, ${plan.id}, 59900, 'INR', 'completed', 'sandbox', ${unique('tx')}, now(), now()) RETURNING id`,
      )
      throw new RolledBack(await total(undefined, req))
    }).catch((error: unknown) => (error instanceof RolledBack ? error.counted : Promise.reject(error)))
    expect(counted).toBe(before + 1)
    expect(await total()).toBe(before)
  })

  it('a filter that reads another table is counted every time', async () => {
    const where: Where = { 'user.email': { equals: student.email } }
    const before = await total(where)
    expect(before).toBeGreaterThan(0)
    await unseenPayment()
    expect(await total(where)).toBe(before + 1)
  })

  it('every kept table has its version and the trigger that moves it', async () => {
    const rows = await txQuery<{ table: string; sequence: string | null }>(
      await reqAs(),
      sql`SELECT c.relname AS table, s.relname AS sequence
            FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
            LEFT JOIN pg_class s ON s.relname = c.relname || '_count_version' AND s.relkind = 'S'
           WHERE t.tgname = c.relname || '_count_version' AND NOT t.tgisinternal`,
    )
    expect(new Map(rows.map((r) => [r.table, r.sequence]))).toEqual(new Map(KEPT_COUNT_TABLES.map((t) => [t, countVersionSequence(t)])))
  })
})
