import { DAY_MS, REFUND_ARRIVES_WITHIN } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { up as replacePolicies } from '../../migrations/20261129_020000_policies_from_the_rules'
import {
  askRefund,
  historyOf,
  mentorWithBatch,
  paidStudent,
  type RestClient,
  reqAs,
  resetClock,
  seat,
  seatsOf,
  session1,
  setNow,
  setUpWorld,
  type TestUser,
  tokenOf,
  waitingFor,
} from '../fixtures'
import { queuedEmails, runRefundJobs } from '../helpers/payments'
import { createUser } from '../helpers/scenarios'

// It moves the clock into batches and rewrites policy pages: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(resetClock)

/** A student who paid and is seated in a mentor's open batch (Session 1 on its third day), and one waiting behind them with a plan. */
async function seated() {
  const { mentor, batch } = await mentorWithBatch({ capacity: 1 })
  const { student, paymentId } = await paidStudent()
  await seat(student, mentor)
  const next = await waitingFor(mentor)
  await session1(batch, 'rest')
  return { mentor, student, next, batch, paymentId }
}

const ask = (student: TestUser, paymentId: number) => askRefund(student, paymentId, 'Plans changed.')

describe('one rule before a batch starts (docs/decisions/181)', () => {
  it('a refund of a seat’s payment asked before its batch starts is approved at once and the seat passes on', async () => {
    const { mentor, student, next, batch, paymentId } = await seated()
    expect((await historyOf(student, paymentId)).refundCase).toEqual({
      kind: 'before-batch',
      windowHours: 72,
      batchStartsOn: new Date(batch.startsOn).toISOString(),
    })
    const asked = await ask(student, paymentId)
    expect([asked.status, asked.body.status]).toEqual([201, 'approved'])
    // Approved, not yet taken by the gateway: the dashboard shows the seat as going, without its
    // sessions (nor a cancel button), not as a seat the student keeps.
    const before = await rest.get(`/bookings/user/${student.id}`, { token: await tokenOf(student) })
    expect(before.body.bookings).toMatchObject([{ status: 'confirmed', refunding: true, sessions: [] }])
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
    expect((await rest.get(`/bookings/user/${student.id}`, { token: await tokenOf(student) })).body.bookings).toEqual([])
    expect(await seatsOf(mentor.id)).toMatchObject({ [student.id]: 'cancelled', [next.id]: 'confirmed' })
    const told = await queuedEmails(payload, student.email, 'refund-before-batch-approved')
    expect(told).toHaveLength(1)
    expect(told[0]!.text).toContain(REFUND_ARRIVES_WITHIN)
    // Nobody was asked to review it.
    expect(await queuedEmails(payload, student.email, 'refund-requested')).toHaveLength(0)
  })

  it('cancelling the seat first and asking for the credit back ends the same way: approved at once, the seat passed on', async () => {
    const { mentor, student, next, paymentId } = await seated()
    const [booking] = (
      await payload.find({ collection: 'bookings', where: { user: { equals: student.id } }, overrideAccess: true, depth: 0 })
    ).docs
    const cancelled = await rest.post(`/bookings/${booking!.id}/cancel`, { token: await tokenOf(student) })
    expect(cancelled.status).toBe(200)
    expect((await historyOf(student, paymentId)).refundCase).toEqual({ kind: 'credit' })
    const asked = await ask(student, paymentId)
    expect([asked.status, asked.body.status]).toEqual([201, 'approved'])
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, overrideAccess: true })).status).toBe('refunded')
    expect(await seatsOf(mentor.id)).toMatchObject({ [student.id]: 'cancelled', [next.id]: 'confirmed' })
  })

  it('once the batch has started a request waits for our team, shows its date, and can be withdrawn: the payment is as it was', async () => {
    const { mentor, student, batch, paymentId } = await seated()
    const requestedAt = Date.parse(batch.startsOn) + DAY_MS
    setNow(requestedAt)
    expect((await historyOf(student, paymentId)).refundCase).toMatchObject({ kind: 'before-session-1' })
    const asked = await ask(student, paymentId)
    expect([asked.status, asked.body.status]).toEqual([201, 'requested'])
    const mail = await queuedEmails(payload, student.email, 'refund-requested')
    expect(mail[0]!.text).toContain('withdraw')
    expect((await historyOf(student, paymentId)).refund).toMatchObject({
      status: 'requested',
      requestedAt: new Date(requestedAt).toISOString(),
    })

    // Not another student's to withdraw; nothing to withdraw at an unknown id.
    const other = await createUser(payload)
    expect((await rest.post(`/refund-requests/${asked.body.id}/withdraw`, { token: other.token })).status).toBe(404)
    expect((await rest.post('/refund-requests/abc/withdraw', { token: other.token })).status).toBe(400)

    const withdrawn = await rest.post(`/refund-requests/${asked.body.id}/withdraw`, { token: await tokenOf(student) })
    expect(withdrawn.status, JSON.stringify(withdrawn.body)).toBe(200)
    const after = await historyOf(student, paymentId)
    expect(after.refund).toBeNull()
    expect(after.status).toBe('completed')
    expect(after.covers).toMatchObject({ kind: 'seat' })
    expect(await seatsOf(mentor.id)).toMatchObject({ [student.id]: 'confirmed' })

    // Asked again, and decided by an admin: then it can no longer be withdrawn.
    const again = await ask(student, paymentId)
    expect([again.status, again.body.status]).toEqual([201, 'requested'])
    const decided = await rest.post(`/refund-requests/${again.body.id}/decide`, {
      token: admin.token,
      body: { decision: 'reject', note: 'Your batch is half way through.' },
    })
    expect(decided.status, JSON.stringify(decided.body)).toBe(200)
    const late = await rest.post(`/refund-requests/${again.body.id}/withdraw`, { token: await tokenOf(student) })
    expect(late.status).toBe(409)
    expect(late.body.message).toContain('already been decided')
  })
})

describe('existing databases get the policy pages that state the rules', () => {
  it('a page still carrying an old false rule is replaced (its old text kept in its history); a page staff rewrote is left alone', async () => {
    const old = (text: string) => ({
      root: { type: 'root', children: [{ type: 'paragraph', children: [{ type: 'text', text, version: 1 }], version: 1 }], version: 1 },
    })
    const made = []
    for (const [slug, text] of [
      ['terms', 'Premium fees are non-refundable unless otherwise specified.'],
      ['cookies', 'We keep your e-mail in our own words, staff wrote this.'],
    ] as const) {
      made.push(
        await payload.create({
          collection: 'pages',
          data: { slug, title: `Old ${slug}`, summary: 'old', content: old(text) as never, _status: 'published' },
          overrideAccess: true,
        }),
      )
    }
    await replacePolicies({ db: payload.db.drizzle, payload, req: await reqAs() } as never)
    const terms = await payload.findByID({ collection: 'pages', id: made[0]!.id, overrideAccess: true })
    expect(terms.title).toBe('Terms and Conditions')
    expect(JSON.stringify(terms.content)).not.toContain('non-refundable')
    expect(JSON.stringify(terms.content)).toContain('{refundWindowHours}')
    const cookies = await payload.findByID({ collection: 'pages', id: made[1]!.id, overrideAccess: true })
    expect(cookies.title).toBe('Old cookies')
    const versions = await payload.db.drizzle.execute(
      sql`SELECT version_title, latest FROM _pages_v WHERE parent_id = ${made[0]!.id} ORDER BY id`,
    )
    const rows = (versions as unknown as { rows: { version_title: string; latest: boolean }[] }).rows
    expect(rows.at(-1)).toEqual({ version_title: 'Terms and Conditions', latest: true })
    expect(rows.some((r) => r.version_title === 'Old terms' && !r.latest)).toBe(true)
  })
})
