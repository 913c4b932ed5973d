import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking } from '../../services/booking'
import { reqAs, setUpWorld, studentWithPlan } from '../fixtures'
import { flushEmails } from '../helpers/batches'
import { createMentor, createUser, givePlan, type TestUser } from '../helpers/scenarios'

/**
 * Issue 32, "one name per student": the booking form's name becomes the account's, so the mentor,
 * the admin and every e-mail (the booking's, the waitlist's, a held seat's later) use one name.
 */
let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

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

  it('an empty name on the form keeps the account’s', async () => {
    const mentor = await createMentor(payload)
    const student = await createUser(payload, { name: 'Kept Name' })
    await givePlan(payload, student)
    expect((await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, name: '   ' })).kind).toBe('booked')
    expect(await accountName(student)).toBe('Kept Name')
    expect(await greetings(student)).toEqual(['booking-confirmed: Hi Kept Name,'])
  })
})
