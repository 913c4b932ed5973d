import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Mentor, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { listOffersOf } from '../../services/batches/views'
import { cancelBooking, joinWaitlist } from '../../services/booking'
import { requestRefund } from '../../services/payments/refunds'
import { istAt, type RestClient, reqAs, resetClock, seat, setNow, setUpWorld, tokenOf } from '../fixtures'
import { assertInvariants, buyPlan, tickTo } from '../helpers/batches'
import { runRefundJobs } from '../helpers/payments'
import { createMentor, createUser, givePlan, unique } from '../helpers/scenarios'

/**
 * The held seat in the mentor's next batch, when a student gives their seat in the running batch up
 * (DESIGN.md §11, issue 37, docs/decisions/179): by cancelling it or by a refund of the payment for
 * it. Asked, they keep it until the month ends (the next in the mentor's queue waits behind it) or
 * let it pass to the next in line at once; a refund nobody asked about keeps it. Both answers on
 * both paths, and a next batch opened only after the seat was given up. The clock only moves
 * forward, each test in months of its own.
 */
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let rest: RestClient
let admin: User
const tag = unique('hold')
const student = async (name: string) => createUser(payload, { email: `${tag}-${name}-${Date.now()}@hold.mentorloop.in`, name })
const held = async (u: User) => (await listOffersOf(await reqAs(), u.id)).map((o) => [o.kind, o.batch.label])

async function seatsIn(mentor: Mentor, label: string) {
  const rows = await txQuery<{ user_id: number }>(
    await reqAs(),
    sql`SELECT bk.user_id FROM bookings bk JOIN batches b ON b.id = bk.batch_id
         WHERE b.mentor_id = ${mentor.id} AND b.label = ${label} AND bk.status = 'confirmed' ORDER BY bk.id`,
  )
  return rows.map((r) => Number(r.user_id))
}

async function waiting(u: User, mentor: Mentor) {
  return (
    await payload.count({
      collection: 'waitlist',
      where: { user: { equals: u.id }, mentor: { equals: mentor.id }, status: { equals: 'waiting' } },
      overrideAccess: true,
    })
  ).totalDocs
}

beforeAll(async () => {
  ;({ payload, rest, admin } = await setUpWorld({ at: istAt(2029, 1, 5, 10), plans: ['BEGINNER_TECHY'] }))
}, 120_000)

afterAll(resetClock)

/**
 * Mentor A with one seat: s seated in month m+1's batch, q waiting behind with a credit. On the 1st
 * of m+1 that batch runs and, when `autoOpen`, m+2's opens with s's continuing hold (the one seat).
 * The clock ends on the 12th of m+1.
 */
async function scene(y: number, m: number, name: string, opts: { autoOpen?: boolean } = {}) {
  setNow(istAt(y, m, 10, 10))
  const A = await createMentor(payload, { capacity: 1, name: `${tag} ${name}` })
  if (opts.autoOpen === false)
    await payload.update({ collection: 'mentors', id: A.id, data: { autoOpenNextBatch: false }, overrideAccess: true })
  const [s, q] = [await student(`${name}-s`), await student(`${name}-q`)]
  const bought = await buyPlan(payload, s)
  await seat(s, A)
  await givePlan(payload, q, 'BEGINNER_TECHY', 150)
  expect((await joinWaitlist(await reqAs(), { userId: q.id, mentorId: A.id })).assigned).toBe(false)
  await tickTo(payload, istAt(y, m + 1, 1, 0.1))
  setNow(istAt(y, m + 1, 12, 10))
  const [booking] = await txQuery<{ id: number }>(
    await reqAs(),
    sql`SELECT id FROM bookings WHERE user_id = ${s.id} AND mentor_id = ${A.id} AND status = 'confirmed'`,
  )
  return { A, s, q, paymentId: bought.payment.id as number, bookingId: Number(booking!.id) }
}

const label = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 15)).toLocaleString('en-GB', { month: 'long', year: 'numeric' })

describe('cancelling a seat in a running batch', () => {
  it('kept (the dialog’s "yes"): the held seat stays theirs until the month ends, and the queue waits behind it', async () => {
    const { A, s, q, bookingId } = await scene(2029, 2, 'cancel-keep')
    const next = label(2029, 4)
    expect(await held(s)).toEqual([['continuing', next]])
    const token = await tokenOf(s)
    const res = await rest.post(`/bookings/${bookingId}/cancel`, { token, body: { keepNextSeat: 'yes' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await held(s)).toEqual([['continuing', next]])
    expect(await seatsIn(A, next)).toEqual([])
    expect(await waiting(q, A)).toBe(1)
    await assertInvariants(payload)
  })

  it('not kept (the dialog’s "no"): the held seat passes to the next in line at once', async () => {
    const { A, s, q, bookingId } = await scene(2029, 5, 'cancel-pass')
    const next = label(2029, 7)
    expect(await held(s)).toEqual([['continuing', next]])
    const token = await tokenOf(s)
    const res = await rest.post(`/bookings/${bookingId}/cancel`, { token, body: { keepNextSeat: 'no' } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(await held(s)).toEqual([])
    expect(await seatsIn(A, next)).toEqual([q.id])
    expect(await waiting(q, A)).toBe(0)
    await assertInvariants(payload)
  })

  it('kept, with the next batch opened only afterwards: the hold is made for them first, the queue behind', async () => {
    const { A, s, q, bookingId } = await scene(2029, 8, 'cancel-later', { autoOpen: false })
    expect(await held(s)).toEqual([])
    await cancelBooking({ payload, bookingId, byUser: s, keepNextHold: true })
    const next = await payload.create({
      collection: 'batches',
      data: {
        mentor: A.id,
        label: label(2029, 10),
        startsOn: istAt(2029, 10, 1).toISOString(),
        endsOn: istAt(2029, 10, 31).toISOString(),
        capacity: 1,
        status: 'open',
      },
      overrideAccess: true,
    })
    expect(await held(s)).toEqual([['continuing', next.label]])
    expect(await seatsIn(A, next.label)).toEqual([])
    expect(await waiting(q, A)).toBe(1)
    await assertInvariants(payload)
  })
})

describe('a refund of the running batch’s seat', () => {
  it('asked nothing (an admin’s refund), or "yes": the refunded student keeps the held seat; a batch of one seat stays blocked for the queue', async () => {
    const { A, s, q, paymentId } = await scene(2030, 2, 'refund-keep')
    const next = label(2030, 4)
    const created = await requestRefund(await reqAs(), s, { paymentId, reason: REFUND_REASON_OTHER, feedback: '', keepNextSeat: true })
    expect(created.status).toBe('requested')
    await payload.update({
      collection: 'refund-requests',
      id: created.id,
      data: { status: 'approved' },
      user: { ...admin, collection: 'users' } as never,
      overrideAccess: false,
    })
    await runRefundJobs(payload)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })).status).toBe('refunded')
    expect(await seatsIn(A, label(2030, 3))).toEqual([])
    expect(await held(s)).toEqual([['continuing', next]])
    expect(await seatsIn(A, next)).toEqual([])
    expect(await waiting(q, A)).toBe(1)
    await assertInvariants(payload)
  })

  it('"no" in the refund dialog: when the refund settles, the held seat passes to the next in line at once', async () => {
    const { A, s, q, paymentId } = await scene(2030, 5, 'refund-pass')
    const next = label(2030, 7)
    const token = await tokenOf(s)
    const asked = await rest.post('/refund-requests/request', {
      token,
      body: { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Moving cities.', keepNextSeat: 'no' },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    // Until the refund is made, nothing changes.
    expect(await held(s)).toEqual([['continuing', next]])
    await payload.update({
      collection: 'refund-requests',
      id: asked.body.id,
      data: { status: 'approved' },
      user: { ...admin, collection: 'users' } as never,
      overrideAccess: false,
    })
    await runRefundJobs(payload)
    expect(await held(s)).toEqual([])
    expect(await seatsIn(A, next)).toEqual([q.id])
    expect(await waiting(q, A)).toBe(0)
    await assertInvariants(payload)
  })
})
