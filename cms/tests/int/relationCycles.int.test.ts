import { beforeAll, describe, expect, it } from 'vitest'
import { createBooking, joinWaitlist } from '../../services/booking'
import { reqAs, setUpWorld, studentWithPlan, world } from '../fixtures'
import { buyPlan } from '../helpers/batches'
import { createMentor, createUser } from '../helpers/scenarios'

beforeAll(async () => {
  await setUpWorld({ plans: ['BEGINNER_TECHY'] })
})

/**
 * Bookings name their payment, payments the held seat they were made for, and a claimed held seat
 * its booking: a cycle of relations. Reading it at any depth must answer (it hung when Payload
 * populated the booking's payment).
 */
describe('relations that form a cycle', () => {
  it('an admin lists bookings whose payment claimed a held seat, at the default depth and at depth 2', async () => {
    const { payload, rest, admin } = world()
    const m = await createMentor(payload, { capacity: 2 })
    for (let i = 0; i < 2; i++) {
      const s = await studentWithPlan()
      await createBooking(await reqAs(), { userId: s.id, mentorId: m.id })
    }
    const w = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: w.id, mentorId: m.id })
    // free a seat -> held offer for w, then w pays with the offer
    const first = (await payload.find({ collection: 'bookings', where: { mentor: { equals: m.id } }, overrideAccess: true })).docs[0]!
    const { cancelBooking } = await import('../../services/booking')
    await cancelBooking({ payload, bookingId: first.id, byUser: 'system' })
    const offer = (await payload.find({ collection: 'seat-offers', where: { user: { equals: w.id } }, overrideAccess: true })).docs[0]!
    await buyPlan(payload, w, 'BEGINNER_TECHY', offer.id)
    for (const collection of ['bookings', 'payments', 'seat-offers']) {
      for (const q of ['', '?depth=1', '?depth=2']) {
        const res = await rest.get(`/${collection}${q}`, { token: admin.token })
        expect(res.status, `${collection}${q}`).toBe(200)
      }
    }
  }, 60_000)
})
