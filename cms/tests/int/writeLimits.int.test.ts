import type { Payload } from 'payload'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { setUpWorld } from '../fixtures'
import type { RestClient, RestResponse } from '../helpers/rest'
import { createUser, type TestUser, unique } from '../helpers/scenarios'

/**
 * Limits on every write that costs money, sends mail or changes a seat, and on password sign-in
 * (docs/decisions/175, 176). Counted in PostgreSQL: instance A is this file's Payload through its
 * real REST handlers; instance B is a second CMS's limiter state on its own pg pool, sharing
 * nothing with A but the database. Over a limit the answer is our 429 with `Retry-After`.
 */
// One proxy in front (as docker-compose.scaled.yml has): the address is X-Forwarded-For's last hop.
// Set before lib/env is read.
const saved = vi.hoisted(() => {
  const before = process.env.TRUSTED_PROXY_COUNT
  process.env.TRUSTED_PROXY_COUNT = '1'
  return before
})

let payload: Payload
let instanceB: Payload
let poolB: pg.Pool
let rest: RestClient
let student: TestUser
let other: TestUser
let mentorUser: TestUser
let rateLimits: typeof import('../../services/auth/rateLimits')

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld())
  poolB = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 2 })
  instanceB = { db: { pool: poolB }, logger: payload.logger } as unknown as Payload
  rateLimits = await import('../../services/auth/rateLimits')
  student = await createUser(payload)
  other = await createUser(payload)
  mentorUser = await createUser(payload, { roles: ['mentor'] })
})

afterAll(async () => {
  await poolB?.end()
  if (saved === undefined) delete process.env.TRUSTED_PROXY_COUNT
  else process.env.TRUSTED_PROXY_COUNT = saved
})

type Limited = {
  name: string
  limit: import('../../services/auth/rateLimits').WriteLimit
  call: (user: TestUser) => Promise<RestResponse>
  caller?: () => TestUser
}

// Each call may be refused for its own reasons (no such mentor, no order): a refused write still
// counts, so a script cannot probe without limit. Only the 429 matters here.
const WRITES: Limited[] = [
  { name: 'booking', limit: 'writeBooking', call: (u) => rest.post('/bookings', { token: u.token, body: { mentorId: 999_999 } }) },
  { name: 'cancelling a booking', limit: 'writeBooking', call: (u) => rest.post('/bookings/999999/cancel', { token: u.token }) },
  {
    name: 'creating an order',
    limit: 'writeOrder',
    call: (u) => rest.post('/payments/create-order', { token: u.token, body: { planCode: 'NO_SUCH_PLAN' } }),
  },
  {
    name: 'creating a question bank order',
    limit: 'writeOrder',
    call: (u) => rest.post('/payment/create-order', { token: u.token, body: { planType: 'NO_SUCH_PLAN' } }),
  },
  {
    name: 'verifying a payment',
    limit: 'writeVerifyPayment',
    call: (u) =>
      rest.post('/payments/verify-payment', {
        token: u.token,
        body: { razorpay_order_id: 'order_x', razorpay_payment_id: 'pay_x', razorpay_signature: 'x' },
      }),
  },
  {
    name: 'closing a checkout unpaid',
    limit: 'writeVerifyPayment',
    call: (u) => rest.post('/payments/checkout-closed', { token: u.token, body: { orderId: 'order_x' } }),
  },
  {
    name: 'verifying a question bank payment',
    limit: 'writeVerifyPayment',
    call: (u) => rest.post('/payment/verify-payment', { token: u.token, body: {} }),
  },
  {
    name: 'asking for a refund',
    limit: 'writeRefundRequest',
    call: (u) => rest.post('/refund-requests/request', { token: u.token, body: { paymentId: 999_999 } }),
  },
  { name: 'renewing the calendar feed token', limit: 'writeFeedToken', call: (u) => rest.post('/me/calendar-token', { token: u.token }) },
  {
    name: 'marking attendance',
    limit: 'writeAttendance',
    caller: () => mentorUser,
    call: (u) => rest.post('/attendance', { token: u.token, body: { sessionId: 999_999, userId: 999_999, status: 'present' } }),
  },
  {
    name: "marking attendance from the mentor's home",
    limit: 'writeAttendance',
    caller: () => mentorUser,
    call: (u) => rest.post('/mentor-home/attendance', { token: u.token, body: {} }),
  },
  {
    name: 'rating a mentor',
    limit: 'writeRating',
    call: (u) => rest.post('/ratings/mine', { token: u.token, body: { batchId: 999_999, stars: 5 } }),
  },
  {
    name: 'editing a rating',
    limit: 'writeRating',
    call: (u) => rest.patch('/ratings/mine/999999', { token: u.token, body: { stars: 4 } }),
  },
  {
    name: 'joining a waitlist',
    limit: 'writeWaitlist',
    call: (u) => rest.post('/waitlist/add', { token: u.token, body: { mentorId: 999_999 } }),
  },
  { name: 'claiming a held seat', limit: 'writeSeatOffer', call: (u) => rest.post('/seat-offers/999999/claim', { token: u.token }) },
  { name: 'declining a held seat', limit: 'writeSeatOffer', call: (u) => rest.post('/seat-offers/999999/decline', { token: u.token }) },
  {
    name: 'scheduling a session (e-mails the students)',
    limit: 'writeMentorSchedule',
    caller: () => mentorUser,
    call: (u) => rest.post('/mentor-home/sessions', { token: u.token, body: {} }),
  },
]

/** Forgets every write count of these accounts: each case starts from zero. */
async function resetWrites(...users: TestUser[]) {
  for (const name of Object.keys(rateLimits.WRITE_LIMITS) as (keyof typeof rateLimits.WRITE_LIMITS)[]) {
    for (const u of users) await rateLimits.resetLimit(payload, name, `user:${u.id}`)
  }
}

async function refusalsOf(limit: string): Promise<number> {
  const { metrics } = await import('../../lib/observability/metrics')
  const values = (await metrics().rateLimitRefusals.get()).values
  return values.filter((v) => v.labels.limit === limit).reduce((sum, v) => sum + v.value, 0)
}

describe('every costly write is limited per account, counted across instances', () => {
  for (const write of WRITES) {
    it(`${write.name}: after its limit (counted on B and A together) it answers 429 with Retry-After`, async () => {
      const caller = write.caller?.() ?? student
      await resetWrites(caller, other)
      const max = rateLimits.WRITE_LIMITS[write.limit]
      // All but one of the allowance spent on instance B…
      for (let i = 0; i < max - 1; i++) expect((await rateLimits.hitLimit(instanceB, write.limit, `user:${caller.id}`)).ok).toBe(true)
      // …the last one on A is still answered on its merits…
      const last = await write.call(caller)
      expect(last.status).not.toBe(429)
      // …and the next is refused, with our message and when to come back.
      const refusedBefore = await refusalsOf(write.limit)
      const refused = await write.call(caller)
      expect(refused.status).toBe(429)
      expect(refused.body.code).toBe('RATE_LIMITED')
      expect(refused.body.message).toMatch(/^Too many requests in a short time; please try again in \d+ s\.$/)
      const retryAfter = Number(refused.headers.get('retry-after'))
      expect(retryAfter).toBeGreaterThan(0)
      expect(retryAfter).toBeLessThanOrEqual(600)
      expect(refused.headers.get('cache-control')).toBe('no-store')
      expect(await refusalsOf(write.limit)).toBe(refusedBefore + 1)
      // Instance B refuses it too, and another account is not affected.
      expect((await rateLimits.hitLimit(instanceB, write.limit, `user:${caller.id}`)).ok).toBe(false)
      const otherCaller = write.caller ? await createUser(payload, { roles: ['mentor'] }) : other
      expect((await write.call(otherCaller)).status).not.toBe(429)
    })
  }

  it('500 students booking at once through one address are each within their own limit', async () => {
    // The limit is per account: the rush of a campus behind one proxy is never refused by it.
    const max = rateLimits.WRITE_LIMITS.writeBooking
    expect(max).toBeGreaterThanOrEqual(5)
    const ids = Array.from({ length: 500 }, (_, i) => `user:rush-${unique('s')}-${i}`)
    const results = []
    for (let i = 0; i < ids.length; i += 50) {
      results.push(...(await Promise.all(ids.slice(i, i + 50).map((key) => rateLimits.hitLimit(payload, 'writeBooking', key)))))
    }
    expect(results.every((r) => r.ok)).toBe(true)
  })
})

describe('password sign-in: limited per address, locked per account and address', () => {
  const login = (email: string, password: string, address: string) =>
    rest.post('/users/login', { body: { email, password }, headers: { 'X-Forwarded-For': address } })

  it('wrong passwords from one address never lock the admin out of another address', async () => {
    const admin = await createUser(payload, { roles: ['admin'] })
    const attacker = `203.0.113.${Math.floor(Math.random() * 200) + 1}-${unique('a')}`.slice(0, 60)
    const home = `198.51.100.${Math.floor(Math.random() * 200) + 1}-${unique('h')}`.slice(0, 60)
    const max = rateLimits.LIMITS.passwordFailuresByAccountAndIp
    for (let i = 0; i < max; i++) expect((await login(admin.email, 'wrong-password', attacker)).status).toBe(401)
    // The attacker's address is refused for this account, with our 429…
    const refused = await login(admin.email, 'wrong-password', attacker)
    expect(refused.status).toBe(429)
    expect(refused.body.code).toBe('RATE_LIMITED')
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login(admin.email, admin.password, attacker)).status).toBe(429)
    // …while the admin signs in from their own address, and is not locked.
    const mine = await login(admin.email, admin.password, home)
    expect(mine.status).toBe(200)
    expect(mine.body.token).toBeTruthy()
    const { docs } = await payload.find({
      collection: 'users',
      where: { id: { equals: admin.id } },
      overrideAccess: true,
      showHiddenFields: true,
    })
    expect((docs[0] as { lockUntil?: string | null }).lockUntil ?? null).toBeNull()
  })

  it('one address trying many accounts gets 429 from its limit, and other addresses do not', async () => {
    const admin = await createUser(payload, { roles: ['admin'] })
    const scanner = `192.0.2.${unique('scan')}`.slice(0, 60)
    const max = rateLimits.LIMITS.passwordFailuresByIp
    for (let i = 0; i < max; i++) {
      expect((await login(`nobody-${i}-${unique('x')}@test.mentorloop.in`, 'guess', scanner)).status).toBe(401)
    }
    const refused = await login(admin.email, admin.password, scanner)
    expect(refused.status).toBe(429)
    expect(refused.body.message).toMatch(/from this address/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await login(admin.email, admin.password, `192.0.2.${unique('other')}`.slice(0, 60))).status).toBe(200)
  })

  it('right passwords do not use up the address: a campus signs in through one proxy', async () => {
    const user = await createUser(payload)
    const campus = `100.64.0.${unique('campus')}`.slice(0, 60)
    const max = rateLimits.LIMITS.passwordFailuresByIp
    for (let i = 0; i < max + 5; i++) expect((await login(user.email, user.password, campus)).status).toBe(200)
  })

  it('GraphQL loginUser is no way around the limits', async () => {
    const { GRAPHQL_POST } = await import('@payloadcms/next/routes')
    const { guardRest } = await import('../../lib/restGuard')
    const handler = guardRest(payload.config, GRAPHQL_POST(payload.config) as never)
    const res = await handler(
      new Request('http://localhost:3001/api/graphql', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ query: `mutation { loginUser(email: "${student.email}", password: "x") { token } }` }),
      }),
      { params: Promise.resolve({}) },
    )
    expect(res.status).toBe(403)
  })
})
