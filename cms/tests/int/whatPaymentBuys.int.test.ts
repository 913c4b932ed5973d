import { checkoutDescription, coverPhrase, creditLastDay, paidMessage } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { cancelBooking, createBooking, joinWaitlist } from '../../services/booking'
import { creditDeadline } from '../../services/plans/credits'
import { type RestClient, reqAs, setUpWorld, studentWithPlan } from '../fixtures'
import { checkoutBody, queuedEmails } from '../helpers/payments'
import { createMentor, createUser, openBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * What a payment buys, said before paying and repeated after (docs/decisions/183): the checkout's
 * order names the held seat it claims (mentor, batch and its days, sessions) or a credit with the
 * day it is refunded; the verification says what it became; the dashboard, the payments page, the
 * receipt e-mail and the admin's grant preview give a credit one and the same last day.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

describe('what a payment buys', () => {
  it('bought while waiting: the checkout says “a credit, refunded if unused by <day>” and every place gives that same day', async () => {
    const student = await createUser(payload)
    const order = await rest.post('/payments/create-order', { token: student.token, body: { planCode: 'BEGINNER_TECHY' } })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    const until = creditDeadline(new Date()).toISOString()
    expect(order.body.buys).toEqual({ kind: 'credit', until })
    const day = creditLastDay(until)
    expect(checkoutDescription(order.body.planName, order.body.buys)).toBe(
      `Beginner Techy Plan: a credit for your next seat, refunded if no seat uses it by ${day}`,
    )

    const paid = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.body.orderId) })
    expect(paid.status).toBe(200)
    // The confirmation says credit and its day, not "Your plan is now active".
    expect(paid.body.payment.covers).toEqual({ kind: 'credit', until })
    expect(paidMessage(paid.body.payment.covers)).toContain(`refunded if no seat uses it by ${day}`)

    const history = await rest.get('/payments/history', { token: student.token })
    expect(history.body[0].covers).toEqual({ kind: 'credit', until })
    const receipt = await queuedEmails(payload, student.email, 'payment-receipt')
    expect(receipt[0]!.text).toContain(`refunded if no seat uses it by ${day}`)

    // The admin's grant preview for the same moment names the same day.
    const granted = await createUser(payload)
    const preview = await rest.get(`/users/${granted.id}/grant-plan`, { token: admin.token, query: { plan: 'BEGINNER_TECHY' } })
    expect(preview.status, JSON.stringify(preview.body)).toBe(200)
    expect(creditLastDay(preview.body.preview.endsAt)).toBe(day)
  })

  it('claiming a held seat: the checkout names the mentor, the batch and its days and the sessions; the confirmation repeats it', async () => {
    const mentor = await createMentor(payload, { capacity: 1, name: 'Priya Raman' })
    const holder = await studentWithPlan()
    const booked = await createBooking(await reqAs(), { userId: holder.id, mentorId: mentor.id })
    if (booked.kind !== 'booked') throw new Error('expected a seat')
    const waiting = await createUser(payload)
    await joinWaitlist(await reqAs(), { userId: waiting.id, mentorId: mentor.id })
    await cancelBooking({ payload, bookingId: booked.booking.id, byUser: 'system' })
    const { docs } = await payload.find({
      collection: 'seat-offers',
      where: { user: { equals: waiting.id } },
      overrideAccess: true,
      depth: 0,
    })
    const batch = await openBatchOf(payload, mentor)

    const order = await rest.post('/payments/create-order', {
      token: waiting.token,
      body: { planCode: 'BEGINNER_TECHY', offerId: docs[0]!.id },
    })
    expect(order.status, JSON.stringify(order.body)).toBe(201)
    const seat = {
      kind: 'seat',
      mentor: 'Priya Raman',
      batch: { label: batch.label, startsOn: new Date(batch.startsOn).toISOString(), endsOn: new Date(batch.endsOn).toISOString() },
      sessions: 4,
    }
    expect(order.body.buys).toEqual(seat)
    expect(checkoutDescription(order.body.planName, order.body.buys)).toMatch(
      new RegExp(`^Beginner Techy Plan: your seat in Priya Raman's ${batch.label} batch \\(.+, 4 live sessions\\)$`),
    )
    const paid = await rest.post('/payments/verify-payment', { token: waiting.token, body: checkoutBody(order.body.orderId) })
    expect(paid.status).toBe(200)
    expect(paid.body.payment.covers).toEqual(seat)
    expect(paidMessage(paid.body.payment.covers)).toBe(`It pays for ${coverPhrase(seat as never)}.`)
  })
})
