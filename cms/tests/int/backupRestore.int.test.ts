import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import pg from 'pg'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { flushOutbox } from '../../notifications/outbox'
import { type RestClient, seat, setUpWorld } from '../fixtures'
import { runScript } from '../helpers/compiledScripts'
import { batchStarted, checkoutBody, createOrder, runRefundJobs } from '../helpers/payments'
import { dropScratch, scratchDatabase, scratchFolder } from '../helpers/postgres15'
import { createMentor, createUser, type TestUser } from '../helpers/scenarios'

// A database on the machine's own PostgreSQL 15 (client tools included) and an empty media folder.
await vi.hoisted(async () => (await import('../helpers/postgres15')).usePostgres15())

/**
 * The restore drill (docs/operations.md, "Backup" and "Restore drill"), as an operator runs it:
 * `npm run backup`, then `npm run restore` into an empty scratch database and media folder, after
 * real activity (payments, bookings, a refund, an upload). The restored copy must have every row,
 * the same money and the same files.
 */

let payload: Payload
let rest: RestClient
let admin: TestUser
const sourceUrl = process.env.DATABASE_URL!
const sourceMedia = process.env.MEDIA_DIR!

afterAll(dropScratch)

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] })))

/**
 * `npm run backup|restore -- <args>` as production runs it: `node cms/dist/<script>.mjs`, compiled by
 * the same step as `npm run build`, on production's Node (tests/helpers/compiledScripts.ts).
 */
const npmRun = (script: 'backup' | 'restore', args: string[], env: Record<string, string>) =>
  runScript(script, args, { ...process.env, ...env })

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

/** Every table's row count, read here (not with the scripts' own code). */
const rowCounts = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ t: string }>(
      "SELECT quote_ident(table_schema) || '.' || quote_ident(table_name) AS t FROM information_schema.tables WHERE table_type = 'BASE TABLE' AND table_schema = 'public' ORDER BY 1",
    )
    const counts: Record<string, number> = {}
    for (const { t } of rows) counts[t] = Number((await c.query<{ n: string }>(`SELECT count(*) AS n FROM ${t}`)).rows[0]!.n)
    return counts
  })

/** What must hold of the money, and its totals: paid, refunded, credits, seats, and nothing refunded without its request. */
const money = (url: string) =>
  withClient(url, async (c) => {
    const { rows } = await c.query<{ m: Record<string, unknown> }>(`
      SELECT json_build_object(
        'payments', (SELECT json_object_agg(status, json_build_object('count', n, 'paise', paise))
                       FROM (SELECT status::text AS status, count(*) AS n, sum(amount)::bigint AS paise FROM payments GROUP BY 1) s),
        'refundedWithoutItsRequest', (SELECT count(*) FROM payments p WHERE p.status = 'refunded' AND NOT EXISTS (
                       SELECT 1 FROM refund_requests r WHERE r.payment_id = p.id AND r.status IN ('pending', 'refunded'))),
        'paidBackPaise', (SELECT COALESCE(sum(p.amount), 0)::bigint FROM refund_requests r JOIN payments p ON p.id = r.payment_id
                           WHERE r.status IN ('pending', 'refunded')),
        'credits', (SELECT count(*) FROM payments p JOIN plans pl ON pl.id = p.plan_id
                     WHERE p.status = 'completed' AND pl.product = 'mentorship' AND p.batch_id IS NULL),
        'seatsPaidFor', (SELECT count(*) FROM payments WHERE status = 'completed' AND batch_id IS NOT NULL),
        'confirmedSeats', (SELECT count(*) FROM bookings WHERE status = 'confirmed'),
        'overCapacity', (SELECT count(*) FROM batches b JOIN mentors m ON m.id = b.mentor_id
                          WHERE (SELECT count(*) FROM bookings WHERE batch_id = b.id AND status = 'confirmed') > COALESCE(b.capacity, m.capacity)),
        'gatewayEvents', (SELECT count(*) FROM payment_events)
      ) AS m`)
    return rows[0]!.m
  })

const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** Real activity through the product's own paths: plans bought, seats booked, a refund made, an order abandoned, one failed, an upload. */
async function liveAWhile() {
  const mentor = await createMentor(payload, { capacity: 2 })
  const buyAndBook = async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(verified.status).toBe(200)
    await seat(student, mentor)
    return { student, paymentId: verified.body.payment.id as number }
  }
  await buyAndBook()
  const refunded = await buyAndBook()
  await batchStarted(payload, refunded.paymentId)
  const asked = await rest.post('/refund-requests/request', {
    token: refunded.student.token,
    body: { paymentId: refunded.paymentId, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
  })
  expect(asked.status).toBe(201)
  expect((await rest.patch(`/refund-requests/${asked.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200)
  await runRefundJobs(payload)

  const abandoned = await createUser(payload)
  await createOrder(rest, abandoned, 'PLACEMENT_FOCUSED')
  const failing = await createUser(payload)
  const failedOrder = await createOrder(rest, failing, 'PLACEMENT_FOCUSED')
  expect(
    (await rest.post('/payments/sandbox-checkout', { token: failing.token, body: { orderId: failedOrder.orderId, outcome: 'failure' } }))
      .status,
  ).toBe(402)

  const image = await sharp({ create: { width: 640, height: 400, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .png()
    .toBuffer()
  const media = await payload.create({
    collection: 'media',
    data: { alt: 'Backup drill picture' },
    file: { data: image, mimetype: 'image/png', name: 'backup-drill.png', size: image.length },
    overrideAccess: true,
  })
  await flushOutbox(payload)
  return { mediaFile: media.filename! }
}

describe('backup and restore (the restore drill)', () => {
  /** The drill's backup, damaged on purpose by the next test. */
  let drill = ''

  it('a backup restored into an empty database and media folder has every row, the same money and the same files', async () => {
    const { mediaFile } = await liveAWhile()
    const before = { rows: await rowCounts(sourceUrl), money: await money(sourceUrl) }
    // The activity is there to be restored: nothing below can pass on an empty database.
    expect(before.money).toMatchObject({
      payments: { completed: { count: 1 }, refunded: { count: 1 }, created: { count: 1 }, failed: { count: 1 } },
      refundedWithoutItsRequest: 0,
      seatsPaidFor: 1,
      confirmedSeats: 1,
      overCapacity: 0,
    })
    expect(Number(before.money.paidBackPaise)).toBeGreaterThan(0)
    expect(before.rows['public.media']).toBe(1)
    const original = path.join(sourceMedia, mediaFile)
    expect(existsSync(original)).toBe(true)

    const backups = scratchFolder('backups')
    const out = path.join(backups, 'drill')
    drill = out
    const backup = await npmRun('backup', ['--out', out], { DATABASE_URL: sourceUrl, MEDIA_DIR: sourceMedia })
    expect(backup.output).toContain('Backup written')
    expect(backup.code).toBe(0)
    expect(readdirSync(out).sort()).toEqual(['database.dump', 'manifest.json', 'media.tar.gz'])
    const manifest = JSON.parse(readFileSync(path.join(out, 'manifest.json'), 'utf8'))
    expect(manifest.database).toMatchObject({ serverMajor: 15, pgDumpVersion: expect.stringMatching(/^15\./) })
    // The original and its two generated sizes.
    expect(manifest.media.files).toHaveLength(3)

    const target = await scratchDatabase('restore')
    const targetMedia = path.join(scratchFolder('restore'), 'media')
    const restored = await npmRun('restore', ['--from', out], { DATABASE_URL: target.url, MEDIA_DIR: targetMedia })
    expect(restored.output).toContain('Restore verified')
    expect(restored.code).toBe(0)

    expect(await rowCounts(target.url)).toEqual(before.rows)
    expect(await money(target.url)).toEqual(before.money)
    expect(sha256(path.join(targetMedia, mediaFile))).toBe(sha256(original))
    expect(readdirSync(targetMedia).sort()).toEqual(readdirSync(sourceMedia).sort())

    // Never over live data: the restored (now non-empty) database is refused, and left as it was.
    const again = await npmRun('restore', ['--from', out], { DATABASE_URL: target.url, MEDIA_DIR: scratchFolder('again') })
    expect(again.code).toBe(1)
    expect(again.output).toMatch(/is not empty/)
    expect(await rowCounts(target.url)).toEqual(before.rows)
    // ...and so is a media folder that has files, even with an empty database.
    const emptyDb = await scratchDatabase('empty')
    const busyMedia = await npmRun('restore', ['--from', out], { DATABASE_URL: emptyDb.url, MEDIA_DIR: targetMedia })
    expect(busyMedia.code).toBe(1)
    expect(busyMedia.output).toMatch(/media folder .* is not empty/)
  })

  it('a damaged backup is refused before anything is written', async () => {
    expect(drill, 'the drill above made a backup').not.toBe('')
    const damaged = path.join(scratchFolder('backups'), 'damaged')
    cpSync(drill, damaged, { recursive: true })
    const dump = readFileSync(path.join(damaged, 'database.dump'))
    const at = Math.floor(dump.length / 2)
    dump[at] = dump[at]! ^ 0xff
    writeFileSync(path.join(damaged, 'database.dump'), dump)

    const target = await scratchDatabase('damaged')
    const res = await npmRun('restore', ['--from', damaged], {
      DATABASE_URL: target.url,
      MEDIA_DIR: path.join(scratchFolder('damaged'), 'm'),
    })
    expect(res.code).toBe(1)
    expect(res.output).toMatch(/database\.dump does not match the manifest's checksum/)
    expect(await rowCounts(target.url)).toEqual({})
  })

  it('without a pg_dump of the server’s major version, the backup refuses with what to install, and leaves nothing behind', async () => {
    const out = path.join(scratchFolder('backups'), 'none')
    const res = await npmRun('backup', ['--out', out], {
      DATABASE_URL: sourceUrl,
      MEDIA_DIR: sourceMedia,
      PG_BIN_DIR: scratchFolder('no-tools'),
    })
    expect(res.code).toBe(1)
    expect(res.output).toMatch(/No pg_dump of PostgreSQL 15 \(the server's major version\) was found/)
    expect(res.output).toMatch(/postgresql-client-15/)
    expect(existsSync(out)).toBe(false)
  })
})
