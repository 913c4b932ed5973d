import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { emailMentorAboutSeats } from '../../services/booking/mentorEmails'
import { releaseSeatOfPayment } from '../../services/booking/releaseSeat'
import { inRequestTransaction, reqAs, setUpWorld } from '../fixtures'
import { queuedEmails } from '../helpers/payments'
import { createMentor, createUser, givePlan } from '../helpers/scenarios'

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

/** Issue 12: the mentor gets an e-mail for every seat taken or given up in their batch, queued in the same transaction. */

const mentorMails = async (to: string) => await queuedEmails(payload, to)

describe('mentor e-mails on bookings and cancellations', () => {
  it('a direct booking and its cancellation each queue one e-mail to the mentor, with the seats and waitlist', async () => {
    const mentor = await createMentor(payload, { capacity: 2 })
    const student = await createUser(payload, { name: 'Asha Rao' })
    await givePlan(payload, student)
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, phone: '9876543210', name: 'Asha Rao' })
    if (booked.kind !== 'booked') throw new Error('expected a booking')

    let mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.template)).toEqual(['mentor-seat-booked'])
    expect(mails[0].subject).toContain('Asha Rao booked a seat')
    expect(mails[0].text).toContain('9876543210')
    expect(mails[0].text).toMatch(/1 of 2 seats taken, 0 on the waitlist/)
    // Never another student's address, and never sent to the student.
    expect(mails[0].text).not.toContain(student.email)

    await cancelBooking({ payload, bookingId: booked.booking.id, byUser: student })
    mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.template).sort()).toEqual(['mentor-seat-booked', 'mentor-seat-cancelled'])
    const cancelled = mails.find((j) => j.template === 'mentor-seat-cancelled')!
    expect(cancelled.subject).toContain('Asha Rao left your')
    expect(cancelled.text).toMatch(/0 of 2 seats taken/)
  })

  it('a cancellation that seats the next waiting student tells the mentor both', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const first = await createUser(payload, { name: 'First Student' })
    await givePlan(payload, first)
    const booked = await createBooking(await reqAs(), { userId: first.id, mentorId: mentor.id })
    if (booked.kind !== 'booked') throw new Error('expected a booking')
    const next = await createUser(payload, { name: 'Next Student' })
    await givePlan(payload, next)
    await joinWaitlist(await reqAs(), { userId: next.id, mentorId: mentor.id })

    await cancelBooking({ payload, bookingId: booked.booking.id, byUser: 'system' })
    const mails = await mentorMails(mentor.email)
    const subjects = mails.map((j) => j.subject)
    expect(subjects.filter((s) => s.includes('First Student'))).toHaveLength(2)
    // The waitlist hands the seat on through the set-based fillBatch: the mentor hears of it too.
    expect(subjects.filter((s) => s.includes('Next Student booked a seat'))).toHaveLength(1)
    expect(mails.find((j) => j.subject.includes('Next Student'))!.text).toMatch(/1 of 1 seats taken, 0 on the waitlist/)
  })

  it('a refund that takes back a seat tells the mentor', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload, { name: 'Refund Student' })
    const payment = await givePlan(payload, student)
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    await inRequestTransaction((req) => releaseSeatOfPayment({ payload, paymentId: Number(payment.id), req }))
    const mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.template).sort()).toEqual(['mentor-seat-booked', 'mentor-seat-cancelled'])
  })

  it('an admin booking and cancelling in the panel tells the mentor too', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload, { name: 'Panel Student' })
    // A seat is paid for by a plan (docs/decisions/069): the admin's booking uses the student's.
    await givePlan(payload, student)
    const batch = (await payload.find({ collection: 'batches', where: { mentor: { equals: mentor.id } }, overrideAccess: true })).docs[0]
    const booking = await payload.create({
      collection: 'bookings',
      data: { user: student.id, mentor: mentor.id, batch: batch.id, status: 'confirmed', source: 'direct' },
      overrideAccess: true,
    })
    await payload.update({ collection: 'bookings', id: booking.id, data: { status: 'cancelled' }, overrideAccess: true })
    const mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.template).sort()).toEqual(['mentor-seat-booked', 'mentor-seat-cancelled'])
  })

  it('an admin moving a booking to another batch, or confirming a cancelled one again, tells the mentor each seat change', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload, { name: 'Moved Student' })
    await givePlan(payload, student)
    const open = (await payload.find({ collection: 'batches', where: { mentor: { equals: mentor.id } }, overrideAccess: true })).docs[0]
    // The batch before it (running), ending a week before the open one starts.
    const day = 86_400_000
    const earlier = await payload.create({
      collection: 'batches',
      data: {
        mentor: mentor.id,
        label: 'Earlier batch',
        startsOn: new Date(Date.parse(open.startsOn) - 35 * day).toISOString(),
        endsOn: new Date(Date.parse(open.startsOn) - 7 * day).toISOString(),
        capacity: 3,
        status: 'running',
      },
      overrideAccess: true,
    })
    const booking = await payload.create({
      collection: 'bookings',
      data: { user: student.id, mentor: mentor.id, batch: earlier.id, status: 'confirmed', source: 'direct' },
      overrideAccess: true,
    })
    await payload.update({ collection: 'bookings', id: booking.id, data: { batch: open.id }, overrideAccess: true })
    let mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.subject)).toEqual(
      expect.arrayContaining([
        'Moved Student booked a seat in your Earlier batch batch',
        'Moved Student left your Earlier batch batch',
        `Moved Student booked a seat in your ${open.label} batch`,
      ]),
    )
    expect(mails).toHaveLength(3)
    // Only the batch it sits in now counts the seat.
    expect(mails.find((j) => j.subject.includes(`in your ${open.label}`))!.text).toMatch(/1 of \d+ seats taken/)

    await payload.update({ collection: 'bookings', id: booking.id, data: { status: 'cancelled' }, overrideAccess: true })
    await payload.update({ collection: 'bookings', id: booking.id, data: { status: 'confirmed' }, overrideAccess: true })
    mails = await mentorMails(mentor.email)
    expect(mails.map((j) => j.template).sort()).toEqual([
      'mentor-seat-booked',
      'mentor-seat-booked',
      'mentor-seat-booked',
      'mentor-seat-cancelled',
      'mentor-seat-cancelled',
    ])
    // Saving the booking without a seat change tells nobody.
    await payload.update({
      collection: 'bookings',
      id: booking.id,
      data: { timeSlot: new Date(Date.parse(open.startsOn) + 5 * day).toISOString() },
      overrideAccess: true,
    })
    expect(await mentorMails(mentor.email)).toHaveLength(5)
  })

  it('queues nothing when the transaction rolls back', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload)
    const batch = (await payload.find({ collection: 'batches', where: { mentor: { equals: mentor.id } }, overrideAccess: true })).docs[0]
    await expect(
      inRequestTransaction(async (req) => {
        await emailMentorAboutSeats(req, batch.id, [{ kind: 'booked', userId: student.id }])
        throw new Error('roll back')
      }),
    ).rejects.toThrow('roll back')
    expect(await mentorMails(mentor.email)).toHaveLength(0)
  })
})
