import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors'
import { expireDueOffers } from '../../services/batches/offers'
import { cancelBooking, createBooking, fillOpenSeats, joinWaitlist, leaveWaitlist, processWaitlistForUser } from '../../services/booking'
import { releaseSeatOfPayment } from '../../services/booking/releaseSeat'
import { reqAs, resetClock, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, createUser, givePlan } from '../helpers/scenarios'

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

afterEach(resetClock)

async function confirmedCount(mentorId: number) {
  const { totalDocs } = await payload.count({
    collection: 'bookings',
    where: { mentor: { equals: mentorId }, status: { equals: 'confirmed' } },
    overrideAccess: true,
  })
  return totalDocs
}

async function expectCode(p: Promise<unknown>, code: string) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppError)
  expect((error as AppError).code).toBe(code)
}

describe('booking services', () => {
  it('books a seat for a student with a plan and stores the contact number', async () => {
    const mentor = await createMentor(payload, { capacity: 2 })
    const student = await studentWithPlan()
    const result = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, phone: '9876543210', name: 'Asha' })
    expect(result.kind).toBe('booked')
    const user = await payload.findByID({ collection: 'users', id: student.id, overrideAccess: true })
    expect(user.phone).toBe('9876543210')
    expect(await confirmedCount(mentor.id)).toBe(1)
  })

  it('refuses without a plan, and a second booking with the spec messages', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const other = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload)
    await expectCode(createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id }), 'PAYMENT_REQUIRED')
    await givePlan(payload, student)
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    await expectCode(createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id }), 'ALREADY_BOOKED')
    await expectCode(createBooking(await reqAs(), { userId: student.id, mentorId: other.id }), 'MENTOR_ALREADY_BOOKED')
  })

  it('waitlists when full; a freed seat is held for the first in line without a plan, then goes on in order', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const first = await studentWithPlan()
    const booked = await createBooking(await reqAs(), { userId: first.id, mentorId: mentor.id })
    if (booked.kind !== 'booked') throw new Error('expected a booking')

    const noPlan = await createUser(payload)
    const joined = await joinWaitlist(await reqAs(), { userId: noPlan.id, mentorId: mentor.id })
    expect(joined.position).toBe(1)
    const second = await studentWithPlan()
    const waiting = await createBooking(await reqAs(), { userId: second.id, mentorId: mentor.id })
    expect(waiting).toMatchObject({ kind: 'waitlisted', position: 2, alreadyWaiting: false })
    // Asking again keeps their place: the same entry and number, nothing added.
    const again = await createBooking(await reqAs(), { userId: second.id, mentorId: mentor.id })
    expect(again).toMatchObject({ kind: 'waitlisted', position: 2, alreadyWaiting: true })
    if (again.kind !== 'waitlisted' || waiting.kind !== 'waitlisted') throw new Error('expected the waitlist')
    expect(again.entry.id).toBe(waiting.entry.id)

    // The seat is held for the head of the queue, who has no plan yet: nobody is seated.
    const result = await cancelBooking({ payload, bookingId: booked.booking.id, byUser: first })
    expect(result.assigned).toBe(0)
    const offers = await payload.find({
      collection: 'seat-offers',
      where: { batch: { equals: booked.booking.batch } },
      overrideAccess: true,
      depth: 0,
    })
    expect(offers.docs.map((o) => [o.user, o.kind, o.status])).toEqual([[noPlan.id, 'waitlist', 'held']])

    // The hold runs out (24 hours): the seat goes to the next in line, who has a plan.
    setNow(Date.now() + 25 * 3_600_000)
    expect(await expireDueOffers(await reqAs())).toBeGreaterThanOrEqual(1)
    resetClock()
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentor.id }, status: { equals: 'confirmed' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs.map((d) => d.user)).toEqual([second.id])
    expect(docs[0]!.source).toBe('waitlist')

    // The student whose hold expired keeps their place; buying a plan now finds nothing free.
    await givePlan(payload, noPlan)
    expect(await processWaitlistForUser({ payload, userId: noPlan.id })).toEqual({ assigned: 0, stillWaiting: 1, claimedOffer: false })
    expect(await fillOpenSeats({ payload, mentorId: mentor.id })).toMatchObject({ assigned: 0 })
    // Raising the capacity in the CMS hands the new seat to the queue at once (the mentor and batch hooks).
    await payload.update({ collection: 'mentors', id: mentor.id, data: { capacity: 2 }, overrideAccess: true })
    expect(await confirmedCount(mentor.id)).toBe(2)
    const entry = await payload.find({ collection: 'waitlist', where: { user: { equals: noPlan.id } }, overrideAccess: true })
    expect(entry.docs[0]!.status).toBe('assigned')
  })

  it('a student cannot cancel another student’s booking; leaving the waitlist works once', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const owner = await studentWithPlan()
    const booked = await createBooking(await reqAs(), { userId: owner.id, mentorId: mentor.id })
    if (booked.kind !== 'booked') throw new Error('expected a booking')
    const stranger = await createUser(payload)
    await expectCode(cancelBooking({ payload, bookingId: booked.booking.id, byUser: stranger }), 'FORBIDDEN')
    await joinWaitlist(await reqAs(), { userId: stranger.id, mentorId: mentor.id })
    await leaveWaitlist(await reqAs(), { userId: stranger.id, mentorId: mentor.id })
    await expectCode(leaveWaitlist(await reqAs(), { userId: stranger.id, mentorId: mentor.id }), 'NOT_ON_WAITLIST')
  })

  it('a refund frees the seat its payment paid for (releaseSeatOfPayment, system actor) for the next in line', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const refunded = await createUser(payload)
    const paid = await givePlan(payload, refunded)
    await createBooking(await reqAs(), { userId: refunded.id, mentorId: mentor.id })
    const next = await studentWithPlan()
    await createBooking(await reqAs(), { userId: next.id, mentorId: mentor.id })
    await payload.update({ collection: 'payments', id: paid.id, data: { status: 'refunded' }, overrideAccess: true })
    const release = async () => releaseSeatOfPayment({ payload, paymentId: paid.id, req: await reqAs() })
    expect(await release()).toMatchObject({ mentor: mentor.name })
    expect(await release()).toBeNull()
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentor.id }, status: { equals: 'confirmed' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs.map((d) => d.user)).toEqual([next.id])
  })
})
