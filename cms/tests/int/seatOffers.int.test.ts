import type { Mentor } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { type RestClient, reqAs, resetClock, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, createUser, findPlan, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

/** Held seats under load and bad input on batches and offers: refused with a 4xx, nothing written. */
let payload: Payload
let api: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest: api, admin } = await setUpWorld()))

afterEach(resetClock)

/** A mentor whose 3 seats were booked and then all cancelled: held for the first 3 of 10 waiting students without a plan. */
async function threeOffers(): Promise<{ mentor: Mentor; waiting: TestUser[]; offerIds: number[] }> {
  const mentor = await createMentor(payload, { capacity: 3 })
  const seated: { id: number }[] = []
  for (let i = 0; i < 3; i++) {
    const u = await studentWithPlan()
    const booked = await createBooking(await reqAs(), { userId: u.id, mentorId: mentor.id })
    if (booked.kind !== 'booked') throw new Error('expected a seat')
    seated.push({ id: booked.booking.id })
  }
  const waiting: TestUser[] = []
  for (let i = 0; i < 10; i++) {
    const u = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: u.id, mentorId: mentor.id })
    waiting.push(u)
  }
  for (const b of seated) await cancelBooking({ payload, bookingId: b.id, byUser: 'system' })
  const { docs } = await payload.find({
    collection: 'seat-offers',
    where: { mentor: { equals: mentor.id } },
    sort: 'id',
    overrideAccess: true,
    depth: 0,
  })
  expect(docs.map((o) => o.user)).toEqual(waiting.slice(0, 3).map((u) => u.id))
  return { mentor, waiting, offerIds: docs.map((o) => o.id) }
}

describe('seat offers', () => {
  it('a waiting student without a plan opens checkout for a held seat (create-order with the offer)', async () => {
    await findPlan(payload, 'BEGINNER_TECHY')
    const { waiting, offerIds } = await threeOffers()
    const started = Date.now()
    const res = await api.post('/payments/create-order', {
      token: waiting[0]!.token,
      body: { planCode: 'BEGINNER_TECHY', offerId: offerIds[0] },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(201)
    expect(Date.now() - started).toBeLessThan(5_000)
    // Someone else's offer is not theirs to claim.
    const other = await api.post('/payments/create-order', {
      token: waiting[5]!.token,
      body: { planCode: 'BEGINNER_TECHY', offerId: offerIds[0] },
    })
    expect(other.status).toBe(404)
  })

  it('100 parallel claims on 3 offered seats: exactly the 3 offered students are seated, once each', async () => {
    const { mentor, waiting, offerIds } = await threeOffers()
    // Every waiting student now has a plan (without it, a claim asks for payment).
    for (const u of waiting) await givePlan(payload, u)
    const calls = Array.from({ length: 100 }, (_, i) => {
      const student = waiting[i % waiting.length]!
      return api.post(`/seat-offers/${offerIds[i % offerIds.length]}/claim`, { token: student.token })
    })
    const results = await Promise.all(calls)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentor.id }, status: { equals: 'confirmed' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs.map((b) => b.user).sort()).toEqual(
      waiting
        .slice(0, 3)
        .map((u) => u.id)
        .sort(),
    )
    expect(results.filter((r) => r.status === 200)).toHaveLength(3)
    // Someone else's offer is not theirs to see (404); a claimed one is closed (409).
    expect(new Set(results.filter((r) => r.status !== 200).map((r) => r.status))).toEqual(new Set([404, 409]))
  }, 180_000)

  it('an expired, another student’s, or an already decided offer is refused and changes nothing', async () => {
    const { waiting, offerIds } = await threeOffers()
    const [first, second] = waiting
    expect((await api.post(`/seat-offers/${offerIds[0]}/claim`, { token: second!.token })).status).toBe(404)
    expect((await api.post(`/seat-offers/${offerIds[0]}/claim`, { token: first!.token })).body).toMatchObject({
      code: 'PAYMENT_REQUIRED',
      requiresPayment: true,
    })
    expect((await api.post(`/seat-offers/${offerIds[1]}/decline`, { token: second!.token })).status).toBe(200)
    expect((await api.post(`/seat-offers/${offerIds[1]}/decline`, { token: second!.token })).status).toBe(409)
    expect((await api.post('/seat-offers/abc/claim', { token: first!.token })).status).toBe(400)
    // Past its time: 410, and the hold stops counting when the sweep runs.
    setNow(Date.now() + 25 * 3_600_000)
    const { claimOffer } = await import('../../services/batches/offers')
    await expect(claimOffer(await reqAs(), offerIds[0]!, first!)).rejects.toMatchObject({ code: 'OFFER_EXPIRED', status: 410 })
    const still = await payload.findByID({ collection: 'seat-offers', id: offerIds[0]!, overrideAccess: true })
    expect(still.status).toBe('held')
  }, 120_000)
})

describe('bad input on batches', () => {
  it('dates that end before they start or overlap the open batch, capacity below the seats taken, a completed batch: 4xx, nothing written', async () => {
    const mentor = await createMentor(payload, { capacity: 2 })
    const open = await openBatchOf(payload, mentor)
    const count = async () =>
      (await payload.count({ collection: 'batches', where: { mentor: { equals: mentor.id } }, overrideAccess: true })).totalDocs
    const before = await count()
    const backwards = await api.post('/batches', {
      token: admin.token,
      body: {
        mentor: mentor.id,
        label: 'Backwards',
        startsOn: '2031-02-10T00:00:00.000Z',
        endsOn: '2031-02-01T00:00:00.000Z',
        status: 'running',
      },
    })
    expect(backwards.status).toBe(400)
    const overlapping = await api.post('/batches', {
      token: admin.token,
      body: { mentor: mentor.id, label: 'Overlap', startsOn: open.startsOn, endsOn: open.endsOn, status: 'running' },
    })
    expect(overlapping.status).toBe(400)
    expect(JSON.stringify(overlapping.body)).toMatch(/overlap/)
    const secondOpen = await api.post('/batches', {
      token: admin.token,
      body: { mentor: mentor.id, label: 'Later', startsOn: '2031-03-01T00:00:00.000Z', endsOn: '2031-03-28T00:00:00.000Z' },
    })
    expect(secondOpen.status).toBe(400)
    expect(JSON.stringify(secondOpen.body)).toMatch(/already has an open batch/)
    expect(await count()).toBe(before)

    const u1 = await createUser(payload)
    const u2 = await createUser(payload)
    for (const u of [u1, u2]) {
      await givePlan(payload, u)
      await createBooking(await reqAs(), { userId: u.id, mentorId: mentor.id })
    }
    const shrink = await api.patch(`/batches/${open.id}`, { token: admin.token, body: { capacity: 1 } })
    expect(shrink.status).toBe(400)
    expect(JSON.stringify(shrink.body)).toMatch(/below the 2 seats/)
    expect((await payload.findByID({ collection: 'batches', id: open.id, overrideAccess: true })).capacity).toBe(2)
    const cancel = await api.patch(`/batches/${open.id}`, { token: admin.token, body: { status: 'cancelled' } })
    expect(cancel.status).toBe(400)

    // A completed batch takes no bookings, in the panel either.
    const done = await payload.create({
      collection: 'batches',
      data: {
        mentor: mentor.id,
        label: 'Long ago',
        startsOn: '2020-01-01T00:00:00.000Z',
        endsOn: '2020-01-31T00:00:00.000Z',
        status: 'completed',
      },
      overrideAccess: true,
    })
    const u3 = await createUser(payload)
    const late = await api.post('/bookings', {
      token: admin.token,
      body: { user: u3.id, mentor: mentor.id, batch: done.id, status: 'confirmed' },
    })
    expect(late.status).toBe(400)
    expect(JSON.stringify(late.body)).toMatch(/completed: it takes no bookings/)
  })

  it('a mentor opens and edits only their own batches; the mentor is filled in for them', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mine = await createMentor(payload, { user: mentorUser, capacity: 4 })
    const other = await createMentor(payload)
    const myOpen = await openBatchOf(payload, mine)
    // Their batch is open already: a second open one is refused; once it runs, the next can be opened.
    await payload.update({
      collection: 'batches',
      id: myOpen.id,
      data: { status: 'running' },
      overrideAccess: true,
      context: { batchLifecycle: true },
    })
    const created = await api.post('/batches', {
      token: mentorUser.token,
      body: { mentor: other.id, label: 'My next', startsOn: '2032-05-01T00:00:00.000Z', endsOn: '2032-05-30T00:00:00.000Z' },
    })
    expect(created.status).toBe(201)
    expect(created.body.doc).toMatchObject({ mentor: expect.objectContaining({ id: mine.id }), capacity: 4, status: 'open' })
    const theirs = await openBatchOf(payload, other)
    expect([403, 404]).toContain((await api.patch(`/batches/${theirs.id}`, { token: mentorUser.token, body: { label: 'Hijack' } })).status)
    const listed = await api.get('/batches', { token: mentorUser.token })
    expect(new Set(listed.body.docs.map((b: { mentor: { id: number } }) => b.mentor.id))).toEqual(new Set([mine.id]))
    const student = await createUser(payload)
    expect((await api.get('/batches', { token: student.token })).status).toBe(403)
  })
})
