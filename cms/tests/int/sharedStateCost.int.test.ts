import { SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { RateLimiterMemory } from 'rate-limiter-flexible'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createUser, unique } from '../helpers/scenarios'

/**
 * What the shared state costs (docs/decisions/113-shared-state-in-postgres.md), measured on real
 * PostgreSQL and printed; the assertions only bound it loosely (this machine is shared and noisy):
 * - per sign-in: the guard calls the site makes (start: two limits; callback: one limit and the
 *   transaction used up) and the exchange's extra statements (two limits, the ID token used up),
 *   against the same work in process memory (what each instance did before);
 * - per request: GET /users/me, the call the site's one-second user cache saves, and
 *   GET /content-versions, which each site instance makes at most every 5 s.
 * `cd cms && TEST_PG_PORT=… npx vitest run --project int tests/int/sharedStateCost.int.test.ts`
 */
let payload: Payload
let rest: RestClient
let serviceKey: string
let hitLimit: typeof import('../../services/auth/rateLimits').hitLimit
let claimOnce: typeof import('../../services/auth/replayGuard').claimOnce

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld())
  serviceKey = (await import('../../lib/env')).env.SERVICE_KEY
  hitLimit = (await import('../../services/auth/rateLimits')).hitLimit
  claimOnce = (await import('../../services/auth/replayGuard')).claimOnce
})

async function timed(n: number, fn: (i: number) => Promise<unknown>) {
  for (let i = 0; i < 5; i++) await fn(-1 - i) // warm-up
  const ms: number[] = []
  for (let i = 0; i < n; i++) {
    const t = performance.now()
    await fn(i)
    ms.push(performance.now() - t)
  }
  ms.sort((a, b) => a - b)
  const at = (q: number) => ms[Math.min(ms.length - 1, Math.floor(q * ms.length))]!
  return { p50: Number(at(0.5).toFixed(3)), p99: Number(at(0.99).toFixed(3)) }
}

describe('cost of the shared state', () => {
  it('per sign-in and per request, before (process memory) and after (PostgreSQL)', async () => {
    const N = 200
    const run = unique('cost')
    const memory = new RateLimiterMemory({ points: 60, duration: 600 })
    const used = new Map<string, number>()
    const before = {
      // What each instance did before: a limiter hit and a Map lookup, in process.
      limitHit: await timed(N, (i) => memory.consume(`${run}:${i % 50}`).catch(() => null)),
      singleUse: await timed(N, async (i) => {
        const key = `${run}:${i}`
        if (!used.has(key)) used.set(key, Date.now())
      }),
    }
    const guard = (body: unknown) => rest.post('/sign-in-guard', { body, headers: { [SERVICE_KEY_HEADER]: serviceKey } })
    const after = {
      limitHit: await timed(N, (i) => hitLimit(payload, 'signInStartByIp', `ip:${run}:${i % 50}`)),
      singleUse: await timed(N, (i) => claimOnce(payload, `${run}:once:${i}`, Date.now() + 600_000)),
      // The site's calls, as the CMS handles them (REST handler, service key, zod, statements).
      guardStart: await timed(N, (i) =>
        guard({
          hits: [
            { limit: 'signInStartByIp', key: `ip:${run}:s${i % 50}` },
            { limit: 'signInStartByAccount', key: `hint:${run}${i % 50}` },
          ],
        }),
      ),
      guardCallback: await timed(N, (i) =>
        guard({
          hits: [{ limit: 'signInCallbackByIp', key: `ip:${run}:c${i % 50}` }],
          once: { key: `${run}:tx:${i}`.padEnd(32, '0'), expiresAt: Date.now() + 600_000 },
        }),
      ),
      contentVersions: await timed(N, () => rest.get('/content-versions')),
    }
    const user = await createUser(payload, { roles: ['student'] })
    const login = await rest.post('/users/login', { body: { email: user.email, password: user.password } })
    const usersMe = await timed(N, () => rest.get('/users/me', { token: login.body.token, query: { depth: 0 } }))

    const figures = { before, after, usersMe }
    console.info(`shared-state cost (ms, n=${N}):\n${JSON.stringify(figures, null, 2)}`)
    // Loose bounds: a sign-in's few statements stay far below the issuer's round trip.
    expect(after.guardCallback.p50).toBeLessThan(100)
    expect(after.contentVersions.p50).toBeLessThan(100)
  }, 120_000)
})
