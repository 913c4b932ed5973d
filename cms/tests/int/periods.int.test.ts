import { sql } from '@payloadcms/db-postgres/drizzle'
import { beforeAll, describe, expect, it } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { reqAs, setUpWorld, world } from '../fixtures'
import { checkoutBody, createOrder } from '../helpers/payments'
import { createMentor, createUser } from '../helpers/scenarios'

beforeAll(async () => {
  await setUpWorld({ plans: ['BEGINNER_TECHY'] })
})

/**
 * One seat per student per month: the database counts a batch's month as the month of its middle
 * day, so a batch of 1–28 Nov and the next one of 29 Nov – 28 Dec are two months, and renewing into
 * the second is not "a second seat in November" (it was, when the month was the first day's).
 */
describe('periods', () => {
  it('a renewal pays for the held seat in a next batch that starts in the same calendar month', async () => {
    const { payload, rest } = world()
    const s = await createUser(payload)
    const m = await createMentor(payload, { capacity: 3 })
    await txQuery(await reqAs(), sql`UPDATE mentors SET auto_open_next_batch = false WHERE id = ${m.id}`)
    await txQuery(await reqAs(), sql`DELETE FROM batches WHERE mentor_id = ${m.id}`)
    const today = sql.raw(`(date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')`)
    await txQuery(
      await reqAs(),
      sql`WITH r AS (
         INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status, started_at)
         VALUES (${m.id}, 'Renewal running', ${today} - interval '25 days', ${today} + interval '2 days', 3, 'running', now())
         RETURNING id, starts_on, ends_on),
       n AS (
         INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status)
         VALUES (${m.id}, 'Renewal next', ${today} + interval '3 days', ${today} + interval '32 days', 3, 'open')
         RETURNING id),
       p AS (
         INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id, subscription_starts, subscription_ends, batch_id)
         SELECT ${s.id}, pl.id, pl.price * 100, 'INR', 'completed', 'sandbox', 'o-probe', 'p-probe', r.starts_on, r.ends_on + interval '24 hours', r.id
           FROM plans pl, r WHERE pl.code = 'BEGINNER_TECHY'
         RETURNING id),
       b AS (
         INSERT INTO bookings (user_id, mentor_id, batch_id, payment_id, status, source)
         SELECT ${s.id}, ${m.id}, r.id, p.id, 'confirmed', 'direct' FROM r, p RETURNING id)
       INSERT INTO seat_offers (user_id, mentor_id, batch_id, kind, status, expires_at)
       SELECT ${s.id}, ${m.id}, n.id, 'continuing', 'held', r.ends_on + interval '24 hours' FROM n, r`,
    )
    const order = await createOrder(rest, s, 'BEGINNER_TECHY')
    const res = await rest.post('/payments/verify-payment', { token: s.token, body: checkoutBody(order.orderId) })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ activated: true, assigned: 1 })
    const seats = await txQuery<{ label: string }>(
      await reqAs(),
      sql`SELECT b.label FROM bookings bk JOIN batches b ON b.id = bk.batch_id WHERE bk.user_id = ${s.id} AND bk.status = 'confirmed' ORDER BY b.starts_on`,
    )
    expect(seats.map((r) => r.label)).toEqual(['Renewal running', 'Renewal next'])
  }, 120_000)
})
