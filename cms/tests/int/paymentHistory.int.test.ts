import type { Payload } from 'payload'
import { extractText, getDocumentProxy } from 'unpdf'
import { beforeAll, describe, expect, it } from 'vitest'
import { defaultSiteSettings } from '../../seed/defaultContent'
import { createBooking } from '../../services/booking'
import { paymentReceipt } from '../../services/payments/receipt'
import { type RestClient, reqAs, setUpWorld } from '../fixtures'
import { checkoutBody, createOrder } from '../helpers/payments'
import { createMentor, createUser, findPlan, unique } from '../helpers/scenarios'

/** What each payment-history entry shows, and its PDF receipt.: amount in paise, reference, and a mentor only when a booking is behind it. */
let payload: Payload
let rest: RestClient

beforeAll(async () => ({ payload, rest } = await setUpWorld()))

describe('payment history entries', () => {
  it('a plan bought before any booking is a credit and names no mentor; the seat it then pays for does; a failed attempt never does', async () => {
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
      covers: { kind: 'credit', until: expect.any(String) },
    })

    const mentor = await createMentor(payload, { name: unique('Asha Rao') })
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
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
    expect(paid).toMatchObject({ mentorName: mentor.name, covers: { kind: 'seat', mentor: mentor.name, sessions: plan.sessionsIncluded } })
    expect(failed).toMatchObject({ mentorName: null, reference: expect.stringMatching(/^order_failed/) })
  })
})

describe('the PDF receipt (GET /api/payments/:id/receipt)', () => {
  it('is for its student or an admin (404 for anyone else, and for a failed attempt), and carries amount, reference and the business', async () => {
    const legalName = unique('Receipt Test Pvt Ltd')
    await payload.updateGlobal({
      slug: 'site-settings',
      data: { ...defaultSiteSettings(), business: { legalName, address: '1 Test Road, Pune 411001', gstin: '29ABCDE1234F1Z5' } } as never,
      overrideAccess: true,
    })
    await expect(
      payload.updateGlobal({
        slug: 'site-settings',
        data: { business: { legalName, address: 'x', gstin: 'NOT-A-GSTIN' } } as never,
        overrideAccess: true,
      }),
    ).rejects.toThrow(/GSTIN/)

    const student = await createUser(payload)
    const other = await createUser(payload)
    const admin = await createUser(payload, { roles: ['admin'] })
    const plan = await findPlan(payload, 'PLACEMENT_FOCUSED')
    const order = await createOrder(rest, student, 'PLACEMENT_FOCUSED')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    const id = verified.body.payment.id as number
    const [history] = (await rest.get('/payments/history', { token: student.token })).body

    const own = await rest.get(`/payments/${id}/receipt`, { token: student.token })
    expect(own.status).toBe(200)
    expect(own.headers.get('content-type')).toBe('application/pdf')
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="mentorloop-receipt-\d+\.pdf"$/)
    expect((await rest.get(`/payments/${id}/receipt`, { token: admin.token })).status).toBe(200)
    expect((await rest.get(`/payments/${id}/receipt`, { token: other.token })).status).toBe(404)
    expect((await rest.get(`/payments/${id}/receipt`)).status).toBe(401)
    expect((await rest.get('/payments/abc/receipt', { token: student.token })).status).toBe(400)
    expect((await rest.get('/payments/999999999/receipt', { token: student.token })).status).toBe(404)
    const failed = await payload.create({
      collection: 'payments',
      data: {
        user: student.id,
        plan: plan.id,
        amount: 79900,
        currency: 'INR',
        status: 'failed',
        gateway: 'sandbox',
        gatewayOrderId: unique('order_f'),
      },
      overrideAccess: true,
    })
    expect((await rest.get(`/payments/${failed.id}/receipt`, { token: student.token })).status).toBe(404)

    const { pdf } = await paymentReceipt(await reqAs(), student, id)
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true })
    expect(text).toContain(legalName)
    expect(text).toContain('1 Test Road, Pune 411001')
    expect(text).toContain('GSTIN: 29ABCDE1234F1Z5')
    // The rupee sign itself, in an embedded font that has it.
    expect(text).toContain(`₹${plan.price}`)
    expect(text).not.toContain('INR ')
    // What the payment covers: a credit until it pays for a seat (docs/decisions/069).
    expect(text).toMatch(/Covers: The student's next seat \(a credit/)
    expect(text).toContain(history.reference)
    expect(text).toContain(plan.name)
  })
})
