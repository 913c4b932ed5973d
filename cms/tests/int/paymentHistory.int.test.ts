import type { Payload } from 'payload'
import { createLocalReq } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { createBooking } from '../../services/booking'
import { testPayload } from '../helpers/payload'
import { checkoutBody, createOrder } from '../helpers/payments'
import { type RestClient, restClient } from '../helpers/rest'
import { createMentor, createUser, findPlan, unique } from '../helpers/scenarios'

/** What each payment-history entry shows: amount in paise, reference, and a mentor only when a booking is behind it. */
let payload: Payload
let rest: RestClient

beforeAll(async () => {
  payload = await testPayload()
  rest = restClient(payload.config)
})

describe('payment history entries', () => {
  it('a plan bought before any booking names no mentor; the seat taken in its window does; a failed attempt never does', async () => {
    const student = await createUser(payload)
    const plan = await findPlan(payload, 'BEGINNER_TECHY')
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(verified.status).toBe(200)

    const before = await rest.get('/payments/history', { token: student.token })
    expect(before.status).toBe(200)
    expect(before.body).toHaveLength(1)
    expect(before.body[0]).toMatchObject({
      planName: plan.name,
      amount: Math.round(plan.price * 100),
      status: 'completed',
      mentorName: null,
      reference: expect.stringMatching(/^pay_/),
    })

    const mentor = await createMentor(payload, { name: unique('Asha Rao') })
    await createBooking(await createLocalReq({}, payload), { userId: student.id, mentorId: mentor.id })
    await payload.create({
      collection: 'payments',
      data: {
        user: student.id,
        plan: plan.id,
        amount: 59900,
        currency: 'INR',
        status: 'failed',
        gateway: 'sandbox',
        gatewayOrderId: unique('order_failed'),
      },
      overrideAccess: true,
    })

    const after = (await rest.get('/payments/history', { token: student.token })).body as Array<Record<string, unknown>>
    const paid = after.find((p) => p.status === 'completed')
    const failed = after.find((p) => p.status === 'failed')
    expect(paid).toMatchObject({ mentorName: mentor.name })
    expect(failed).toMatchObject({ mentorName: null, reference: expect.stringMatching(/^order_failed/) })
  })
})
