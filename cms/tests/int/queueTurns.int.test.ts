import { queueTurnText, type WaitlistEntryView } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { readAttention } from '../../services/admin/attention'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { publishedMentorSeats } from '../../services/seats/seatState'
import { type RestClient, reqAs, setUpWorld } from '../fixtures'
import { createMentor, createUser, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * Issue 32, "the queue tells the truth": the student's queue card, the admin's waiting count and
 * the mentor's seats all read the seating's own rule (services/batches/passedOver.ts). A student
 * seated with another mentor for the same days, or who gave up a seat in the batch, is passed over
 * for it: the card says their turn comes from the batch after, the admin does not count them as
 * waiting for the open seat, and that seat is offered to the public (nobody in line can take it).
 * Its own database: the admin's figures are exact.
 */
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

async function seated(mentor: Mentor, name = 'Seated Student'): Promise<{ user: TestUser; bookingId: number }> {
  const user = await createUser(payload, { name })
  await givePlan(payload, user)
  const booked = await createBooking(await reqAs(), { userId: user.id, mentorId: mentor.id })
  if (booked.kind !== 'booked') throw new Error('expected a seat')
  return { user, bookingId: booked.booking.id }
}

async function queueCard(user: TestUser, mentor: Mentor): Promise<WaitlistEntryView> {
  const res = await api.get<{ waitlistEntries: WaitlistEntryView[] }>(`/waitlist/user/${user.id}`, { token: user.token })
  expect(res.status).toBe(200)
  const entry = res.body.waitlistEntries.find((w) => w.mentorId === mentor.id)
  if (!entry) throw new Error(`no queue place with mentor ${mentor.id}`)
  return entry
}

const mentorRow = async (mentor: Mentor) =>
  (await readAttention(await reqAs(), new Date())).mentors.rows.find((m) => m.mentorId === mentor.id)

describe('the queue tells the truth', () => {
  it('seated with another mentor for the same days: passed over for the batch, told so, not counted as waiting; the freed seat goes to the public', async () => {
    const other = await createMentor(payload, { name: 'Priya Nair' })
    const full = await createMentor(payload, { capacity: 1, name: 'Aarav Mehta' })
    const { user: elsewhere } = await seated(other, 'Seated Elsewhere')
    const { bookingId } = await seated(full)
    const joined = await joinWaitlist(await reqAs(), { userId: elsewhere.id, mentorId: full.id })
    expect(joined.assigned).toBe(false)
    const batch = await openBatchOf(payload, full)

    const card = await queueCard(elsewhere, full)
    expect(card.turn).toMatchObject({ when: 'next-batch', reason: 'seated-elsewhere', batch: { id: batch.id, label: batch.label } })
    expect(card.turn).toMatchObject({ elsewhere: { mentorName: 'Priya Nair' } })
    const text = queueTurnText(card.turn!, card.position)
    expect(text).toContain(`You are not offered a seat in the ${batch.label} batch`)
    expect(text).toContain(`you have a seat with Priya Nair in the ${(await openBatchOf(payload, other)).label} batch`)
    expect(text).toContain('Your turn comes from the batch after it')

    // The seat frees: the seating passes them over, so it is the public's, and the admin sees nobody waiting for it.
    await cancelBooking({ payload, bookingId, byUser: 'system' })
    expect(await payload.count({ collection: 'seat-offers', where: { user: { equals: elsewhere.id } }, overrideAccess: true })).toEqual({
      totalDocs: 0,
    })
    expect((await publishedMentorSeats(await reqAs(), full.id)).open).toBe(true)
    expect(await mentorRow(full)).toMatchObject({ waiting: 0, later: 1, full: false })

    // A student who can take it joins: the seat is held for them, the page says waitlist, and they are the one waiting.
    const newcomer = await createUser(payload, { name: 'Newcomer' })
    await joinWaitlist(await reqAs(), { userId: newcomer.id, mentorId: full.id })
    const seats = await publishedMentorSeats(await reqAs(), full.id)
    expect({ open: seats.open, held: seats.held }).toEqual({ open: false, held: 1 })
    const latecomer = await createUser(payload, { name: 'Latecomer' })
    await joinWaitlist(await reqAs(), { userId: latecomer.id, mentorId: full.id })
    expect((await queueCard(latecomer, full)).turn).toMatchObject({ when: 'this-batch', batch: { id: batch.id } })
    expect(queueTurnText((await queueCard(latecomer, full)).turn!, 2)).toContain(
      `You are number 2 in the queue. You can be offered a seat in the ${batch.label} batch`,
    )
    expect(await mentorRow(full)).toMatchObject({ waiting: 1, later: 1, full: true })
  })

  it('gave up a seat in the batch and joined its queue again: passed over for that batch, and told so', async () => {
    const mentor = await createMentor(payload, { capacity: 1, name: 'Kavya Rao' })
    const { user, bookingId } = await seated(mentor, 'Gave Up')
    await cancelBooking({ payload, bookingId, byUser: { id: user.id, roles: user.roles } })
    const joined = await joinWaitlist(await reqAs(), { userId: user.id, mentorId: mentor.id })
    expect(joined.assigned).toBe(false)
    const batch = await openBatchOf(payload, mentor)
    const card = await queueCard(user, mentor)
    expect(card.turn).toMatchObject({ when: 'next-batch', reason: 'gave-up-here', batch: { id: batch.id } })
    expect(queueTurnText(card.turn!, card.position)).toContain(
      `You are number 1 in the queue. You are not offered a seat in the ${batch.label} batch`,
    )
    expect((await publishedMentorSeats(await reqAs(), mentor.id)).open).toBe(true)
    expect(await mentorRow(mentor)).toMatchObject({ waiting: 0, later: 1 })
  })

  it('a mentor with no batch taking students: the card says the turn comes when the next one opens', async () => {
    const mentor = await createMentor(payload, { capacity: 1, name: 'Rohan Das' })
    const { user } = await seated(await createMentor(payload), 'Waits For Closed')
    await joinWaitlist(await reqAs(), { userId: user.id, mentorId: mentor.id })
    await payload.update({ collection: 'mentors', id: mentor.id, data: { acceptingBookings: false }, overrideAccess: true })
    const card = await queueCard(user, mentor)
    expect(card.turn).toEqual({ when: 'no-batch' })
    expect(queueTurnText(card.turn!, card.position)).toContain('No batch takes students now')
  })
})
