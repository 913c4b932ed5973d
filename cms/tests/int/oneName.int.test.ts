import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking } from '../../services/booking'
import { type RestClient, reqAs, setUpWorld, studentWithPlan } from '../fixtures'
import { flushEmails } from '../helpers/batches'
import { checkoutBody, createOrder } from '../helpers/payments'
import { createMentor, createUser, givePlan, type TestUser } from '../helpers/scenarios'

/**
 * Issue 32, "one name per student": the booking form's name becomes the account's, so the mentor,
 * the admin and every e-mail (the booking's, the waitlist's, a held seat's later) use one name.
 */
let payload: Payload
let rest: RestClient

beforeAll(async () => ({ payload, rest } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

/** Each e-mail the student got, as template and its greeting line. */
async function greetings(user: TestUser): Promise<string[]> {
  await flushEmails(payload)
  const { docs } = await payload.find({
    collection: 'email-outbox',
    where: { to: { equals: user.email } },
    sort: 'id',
    depth: 0,
    limit: 50,
    overrideAccess: true,
  })
  return docs.map((d) => `${d.template}: ${/Hi [^,\n]*,/.exec(d.text ?? '')?.[0] ?? '(no greeting)'}`)
}

const accountName = async (user: TestUser) =>
  (await payload.findByID({ collection: 'users', id: user.id, depth: 0, overrideAccess: true })).name

describe('one name per student', () => {
  it('booking a seat with another name: the account takes it and the e-mail greets it', async () => {
    const mentor = await createMentor(payload)
    const student = await createUser(payload, { name: 'Old Account Name' })
    await givePlan(payload, student)
    const booked = await createBooking(await reqAs(), {
      userId: student.id,
      mentorId: mentor.id,
      name: '  Meera Pillai ',
      phone: '9876543210',
    })
    expect(booked.kind).toBe('booked')
    expect(await accountName(student)).toBe('Meera Pillai')
    expect(await greetings(student)).toEqual(['booking-confirmed: Hi Meera Pillai,'])
  })

  it('joining the waitlist with another name: that name is the account’s, and the held seat’s e-mail later greets the same one', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const seated = await studentWithPlan()
    const seat = await createBooking(await reqAs(), { userId: seated.id, mentorId: mentor.id })
    if (seat.kind !== 'booked') throw new Error('expected a seat')
    const student = await createUser(payload, { name: 'Old Account Name' })
    expect((await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, name: 'Ravi Kumar' })).kind).toBe('waitlisted')
    expect(await accountName(student)).toBe('Ravi Kumar')
    await cancelBooking({ payload, bookingId: seat.booking.id, byUser: 'system' })
    const mails = await greetings(student)
    expect(mails.length).toBeGreaterThanOrEqual(2)
    for (const line of mails) expect(line).toMatch(/: Hi Ravi Kumar,$/)
  })

  it('a held seat paid for, then a session in its batch: the receipt and the session e-mail greet the form’s name too', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const seated = await studentWithPlan()
    const seat = await createBooking(await reqAs(), { userId: seated.id, mentorId: mentor.id })
    if (seat.kind !== 'booked') throw new Error('expected a seat')
    const student = await createUser(payload, { name: 'Old Account Name' })
    expect((await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, name: 'Asha Rao' })).kind).toBe('waitlisted')
    await cancelBooking({ payload, bookingId: seat.booking.id, byUser: 'system' })
    const { docs: offers } = await payload.find({
      collection: 'seat-offers',
      where: { user: { equals: student.id }, status: { equals: 'held' } },
      depth: 0,
      overrideAccess: true,
    })
    const offer = offers[0]!
    // Claimed through the real checkout path: the order, the sandbox's signed result, the verification.
    const order = await createOrder(rest, student, 'BEGINNER_TECHY', { offerId: offer.id })
    expect((await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })).status).toBe(200)
    const batchId = typeof offer.batch === 'object' ? offer.batch.id : offer.batch
    const batch = await payload.findByID({ collection: 'batches', id: batchId, depth: 0, overrideAccess: true })
    await payload.create({
      collection: 'sessions',
      data: {
        title: 'Session 1',
        batch: batchId,
        // The batch's third day, 10:00 India time.
        startsAt: new Date(new Date(batch.startsOn).getTime() + 2 * 86_400_000 + 10 * 3_600_000).toISOString(),
        durationMinutes: 60,
        status: 'scheduled',
      },
      overrideAccess: true,
    })
    const mails = await greetings(student)
    expect(mails).toEqual(
      expect.arrayContaining([expect.stringMatching(/^payment-receipt: /), expect.stringMatching(/^session-scheduled: /)]),
    )
    for (const line of mails) expect(line).toMatch(/: Hi Asha Rao,$/)
  })

  it('an empty name on the form keeps the account’s', async () => {
    const mentor = await createMentor(payload)
    const student = await createUser(payload, { name: 'Kept Name' })
    await givePlan(payload, student)
    expect((await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, name: '   ' })).kind).toBe('booked')
    expect(await accountName(student)).toBe('Kept Name')
    expect(await greetings(student)).toEqual(['booking-confirmed: Hi Kept Name,'])
  })
})
