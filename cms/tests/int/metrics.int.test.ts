import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { metrics, registerDatabaseGauges } from '../../lib/observability/metrics'
import { hitLimit, LIMITS } from '../../services/auth/rateLimits'
import { createBooking } from '../../services/booking'
import { later, type RestClient, reqAs, resetClock, setUpWorld } from '../fixtures'
import { checkoutBody, createOrder } from '../helpers/payments'
import { createMentor, createUser } from '../helpers/scenarios'

/**
 * The CMS's metrics move with what they count (docs/decisions/133; the production smoke test
 * e2e/tests/production.spec.ts scrapes the running processes for the journey's counters): here
 * the ones no journey there reaches: refusals by a rate limit, a refused verification, a seat
 * decision of each kind, and the refunds waiting, read from the database at each scrape.
 */
let payload: Payload
let rest: RestClient

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld({ plans: ['BEGINNER_TECHY'] }))
  registerDatabaseGauges(payload)
})

/** One series' value as a scrape reads it (0 when the series does not exist yet). */
async function value(name: string, labels: Record<string, string> = {}): Promise<number> {
  const metric = metrics().registry.getSingleMetric(name)
  if (!metric) throw new Error(`${name} is not registered`)
  const { values } = await metric.get()
  return values.filter((v) => Object.entries(labels).every(([k, x]) => v.labels[k] === x)).reduce((sum, v) => sum + v.value, 0)
}

describe('the CMS metrics', () => {
  it('a request refused by a rate limit counts once, under its limit', async () => {
    const key = `metrics-test-${Date.now()}`
    const before = await value('mentorloop_rate_limit_refusals_total', { limit: 'newsletterByIp' })
    for (let i = 0; i < LIMITS.newsletterByIp; i++) expect((await hitLimit(payload, 'newsletterByIp', key)).ok).toBe(true)
    expect(await value('mentorloop_rate_limit_refusals_total', { limit: 'newsletterByIp' })).toBe(before)
    expect((await hitLimit(payload, 'newsletterByIp', key)).ok).toBe(false)
    expect(await value('mentorloop_rate_limit_refusals_total', { limit: 'newsletterByIp' })).toBe(before + 1)
  })

  it('a verification with a wrong signature counts as refused, a good one as completed', async () => {
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const refused = await value('mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'refused' })
    const completed = await value('mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'completed' })
    const bad = await rest.post('/payments/verify-payment', {
      token: student.token,
      body: checkoutBody(order.orderId, { signature: 'f'.repeat(64) }),
    })
    expect(bad.status).toBe(400)
    expect(await value('mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'refused' })).toBe(refused + 1)
    const good = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(good.status).toBe(200)
    expect(await value('mentorloop_payment_verifications_total', { source: 'checkout', outcome: 'completed' })).toBe(completed + 1)
  })

  it('seat decisions: seated, waitlisted and refused each count', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const [first, second] = [await createUser(payload), await createUser(payload)]
    for (const s of [first, second]) {
      const order = await createOrder(rest, s, 'BEGINNER_TECHY')
      expect((await rest.post('/payments/verify-payment', { token: s.token, body: checkoutBody(order.orderId) })).status).toBe(200)
    }
    const before = {
      seated: await value('mentorloop_seat_decisions_total', { outcome: 'seated' }),
      waitlisted: await value('mentorloop_seat_decisions_total', { outcome: 'waitlisted' }),
      refused: await value('mentorloop_seat_decisions_total', { outcome: 'refused' }),
    }
    const book = async (userId: number) => createBooking(await reqAs(), { userId, mentorId: mentor.id })
    expect((await book(first.id)).kind).toBe('booked')
    expect((await book(second.id)).kind).not.toBe('booked')
    // The same student again: refused (one seat per student a month).
    await expect(book(first.id)).rejects.toThrow()
    expect(await value('mentorloop_seat_decisions_total', { outcome: 'seated' })).toBe(before.seated + 1)
    expect(await value('mentorloop_seat_decisions_total', { outcome: 'waitlisted' })).toBe(before.waitlisted + 1)
    expect(await value('mentorloop_seat_decisions_total', { outcome: 'refused' })).toBe(before.refused + 1)
  })

  it('refunds not finished are read from the database at each scrape: a new request adds one', async () => {
    const states = ['requested', 'approved', 'pending', 'failed']
    const waiting = async () =>
      (await Promise.all(states.map((state) => value('mentorloop_refunds', { state })))).reduce((a, b) => a + b, 0)
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(verified.status).toBe(200)
    const before = await waiting()
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId: verified.body.payment.id, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    expect(asked.status).toBe(201)
    // Nothing runs the refunds queue here (JOBS_AUTORUN=false): the request waits, whatever its first state.
    // A reading is reused for a second (one per scrape): the next scrape is a second later.
    later(2_000)
    try {
      expect(await waiting()).toBe(before + 1)
    } finally {
      resetClock()
    }
  })
})
