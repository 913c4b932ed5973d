import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type ContentVersions, createContentVersionWatcher, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import { REVALIDATE_SIGNATURE_HEADER, verifyRevalidation } from '@mentorloop/shared/revalidation'
import { decodeJwt } from 'jose'
import type { Payload } from 'payload'
import pg from 'pg'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { type RestClient, resetClock, setNow, setUpWorld } from '../fixtures'
import { googleClaims, randomNonce, startTestIssuer, TEST_CLIENT_ID, type TestIssuer } from '../helpers/oidc'
import { unique } from '../helpers/scenarios'

/**
 * More than one machine (docs/decisions/113-shared-state-in-postgres.md): everything instances must
 * agree on lives in PostgreSQL, so two instances sharing one database behave as one.
 * - Instance A is this file's Payload, reached through its real REST handlers (what a site
 *   instance calls).
 * - Instance B is a second CMS's state on its own pg pool (its own connections, its own limiter
 *   objects), running the same services: nothing is shared with A but the database.
 * - Two site instances are two local HTTP servers receiving the CMS's signed revalidation calls,
 *   each with its own content-version watcher (the code every site instance runs).
 * Time is moved (vi.setSystemTime), never waited for.
 */
// Prunes and bumps shared rows with a moved clock: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let issuer: TestIssuer
let payload: Payload
let instanceB: Payload
let poolB: pg.Pool
let rest: RestClient
let serviceKey: string
let services: {
  hitLimit: typeof import('../../services/auth/rateLimits').hitLimit
  LIMITS: typeof import('../../services/auth/rateLimits').LIMITS
  markIdTokenUsed: typeof import('../../services/auth/replayGuard').markIdTokenUsed
  claimSignInTransaction: typeof import('../../services/auth/replayGuard').claimSignInTransaction
  claimOnce: typeof import('../../services/auth/replayGuard').claimOnce
  readContentVersions: typeof import('../../lib/contentVersions').readContentVersions
  flushRevalidations: typeof import('../../lib/revalidateSite').flushRevalidations
  pruneSharedState: typeof import('../../services/shared/prune').pruneSharedState
}

type SiteInstance = { server: Server; url: string; received: { tags: string[]; signed: boolean }[] }
const sites: SiteInstance[] = []

async function startSite(): Promise<SiteInstance> {
  const site: SiteInstance = { server: createServer(), url: '', received: [] }
  site.server.on('request', (req, res) => {
    let body = ''
    req.on('data', (c) => (body += c))
    req.on('end', () => {
      if (req.url === '/api/revalidate') {
        const signed = verifyRevalidation(serviceKey, (req.headers[REVALIDATE_SIGNATURE_HEADER] as string) ?? null, body)
        site.received.push({ tags: JSON.parse(body).tags, signed })
      }
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}')
    })
  })
  await new Promise<void>((r) => site.server.listen(0, '127.0.0.1', r))
  site.url = `http://127.0.0.1:${(site.server.address() as AddressInfo).port}`
  return site
}

const saved = { ...process.env }

beforeAll(async () => {
  issuer = await startTestIssuer()
  sites.push(await startSite(), await startSite())
  // Read once by lib/env when the config loads below: both site instances get the direct call.
  Object.assign(process.env, {
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: TEST_CLIENT_ID,
    WEB_INTERNAL_URL: sites.map((s) => s.url).join(','),
    REVALIDATE_SITE: 'true',
  })
  delete process.env.GOOGLE_CLIENT_ID
  ;({ payload, rest } = await setUpWorld())
  serviceKey = (await import('../../lib/env')).env.SERVICE_KEY
  poolB = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 4 })
  instanceB = { db: { pool: poolB }, logger: payload.logger } as unknown as Payload
  const rateLimits = await import('../../services/auth/rateLimits')
  const replay = await import('../../services/auth/replayGuard')
  services = {
    hitLimit: rateLimits.hitLimit,
    LIMITS: rateLimits.LIMITS,
    markIdTokenUsed: replay.markIdTokenUsed,
    claimSignInTransaction: replay.claimSignInTransaction,
    claimOnce: replay.claimOnce,
    readContentVersions: (await import('../../lib/contentVersions')).readContentVersions,
    flushRevalidations: (await import('../../lib/revalidateSite')).flushRevalidations,
    pruneSharedState: (await import('../../services/shared/prune')).pruneSharedState,
  }
})

afterEach(() => {
  resetClock()
})

afterAll(async () => {
  await services?.flushRevalidations()
  await poolB?.end()
  await issuer?.stop()
  for (const site of sites) await new Promise((r) => site.server.close(r))
  for (const k of ['OIDC_ISSUER', 'OIDC_CLIENT_ID', 'WEB_INTERNAL_URL', 'REVALIDATE_SITE', 'GOOGLE_CLIENT_ID']) {
    if (saved[k] === undefined) delete process.env[k]
    else process.env[k] = saved[k]
  }
})

/** The site's call to instance A: POST /api/sign-in-guard with the service key. */
const guardOnA = (body: unknown) => rest.post('/sign-in-guard', { body, headers: { [SERVICE_KEY_HEADER]: serviceKey } })

describe('a sign-in transaction completes once, whichever site instance it returns to', () => {
  it('used on A (through the guard endpoint), it is refused on B, and the other way round', async () => {
    const expiresAt = Date.now() + 10 * 60_000
    const first = unique('tx').padEnd(32, 'x')
    expect((await guardOnA({ once: { key: first, expiresAt } })).status).toBe(200)
    expect(await services.claimSignInTransaction(instanceB, first, expiresAt)).toBe(false)
    const replay = await guardOnA({ once: { key: first, expiresAt } })
    expect(replay.status).toBe(409)
    expect(replay.body.code).toBe('ALREADY_USED')

    const second = unique('tx').padEnd(32, 'y')
    expect(await services.claimSignInTransaction(instanceB, second, expiresAt)).toBe(true)
    expect((await guardOnA({ once: { key: second, expiresAt } })).status).toBe(409)
  })

  it('two instances racing on one key: exactly one wins', async () => {
    const key = unique('race').padEnd(32, 'z')
    const expiresAt = Date.now() + 60_000
    const wins = await Promise.all(
      Array.from({ length: 12 }, (_, i) => services.claimSignInTransaction(i % 2 ? instanceB : payload, key, expiresAt)),
    )
    expect(wins.filter(Boolean)).toHaveLength(1)
  })

  it('a rate-limited callback does not use the transaction up', async () => {
    const ip = `ip:${unique('cb')}`
    setNow(Date.now())
    for (let i = 0; i < services.LIMITS.signInCallbackByIp; i++) await services.hitLimit(instanceB, 'signInCallbackByIp', ip)
    const key = unique('tx').padEnd(32, 'q')
    const res = await guardOnA({ hits: [{ limit: 'signInCallbackByIp', key: ip }], once: { key, expiresAt: Date.now() + 60_000 } })
    expect(res.status).toBe(429)
    expect(await services.claimSignInTransaction(instanceB, key, Date.now() + 60_000)).toBe(true)
  })

  it('refuses bad input with 400 and callers without the service key with 401', async () => {
    expect((await guardOnA({ hits: [{ limit: 'nope', key: 'x' }] })).status).toBe(400)
    expect((await guardOnA({ once: { key: 'short', expiresAt: 1 } })).status).toBe(400)
    expect((await rest.post('/sign-in-guard', { body: {} })).status).toBe(401)
  })
})

describe('an ID token replayed to another CMS instance is refused', () => {
  async function token(email: string) {
    const nonce = randomNonce()
    const idToken = await issuer.idToken(googleClaims(email, nonce))
    return { nonce, idToken, claims: decodeJwt(idToken) as { sub: string; exp: number } }
  }
  const exchangeOnA = (body: { idToken: string; nonce: string }) =>
    rest.post('/users/oidc-exchange', { body, headers: { [SERVICE_KEY_HEADER]: serviceKey, 'x-client-ip': '192.0.2.10' } })

  it('signed in on A, the same token on B is refused', async () => {
    const t = await token(`${unique('replay-a')}@gmail.test`)
    expect((await exchangeOnA(t)).status).toBe(200)
    await expect(services.markIdTokenUsed(instanceB, t.claims.sub, t.nonce, t.claims.exp)).rejects.toMatchObject({
      code: 'ID_TOKEN_REPLAYED',
      status: 401,
    })
  })

  it('used on B first, the exchange on A refuses it', async () => {
    const t = await token(`${unique('replay-b')}@gmail.test`)
    await services.markIdTokenUsed(instanceB, t.claims.sub, t.nonce, t.claims.exp)
    const res = await exchangeOnA(t)
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('ID_TOKEN_REPLAYED')
  })
})

describe('rate limits count across instances', () => {
  it('half the attempts on A, half on B: the next one is refused on both; ten minutes later it is allowed', async () => {
    setNow(Date.now())
    const key = `ip:${unique('start')}`
    const max = services.LIMITS.signInStartByIp
    for (let i = 0; i < max; i++) {
      if (i % 2 === 0) expect((await guardOnA({ hits: [{ limit: 'signInStartByIp', key }] })).status).toBe(200)
      else expect((await services.hitLimit(instanceB, 'signInStartByIp', key)).ok).toBe(true)
    }
    const onA = await guardOnA({ hits: [{ limit: 'signInStartByIp', key }] })
    expect(onA.status).toBe(429)
    expect(onA.body.code).toBe('RATE_LIMITED')
    expect(Number(onA.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(await services.hitLimit(instanceB, 'signInStartByIp', key)).toMatchObject({ ok: false })
    // Another key is its own count.
    expect((await services.hitLimit(instanceB, 'signInStartByIp', `${key}-other`)).ok).toBe(true)

    setNow(Date.now() + 10 * 60_000 + 1)
    expect((await guardOnA({ hits: [{ limit: 'signInStartByIp', key }] })).status).toBe(200)
  })

  it('the exchange limit per IP counts calls to A and hits from B together', async () => {
    setNow(Date.now())
    const ip = `198.51.100.${(process.pid % 200) + 1}`
    for (let i = 0; i < services.LIMITS.exchangeByIp - 1; i++) {
      expect((await services.hitLimit(instanceB, 'exchangeByIp', `ip:${ip}`)).ok).toBe(true)
    }
    const headers = { [SERVICE_KEY_HEADER]: serviceKey, 'x-client-ip': ip }
    expect((await rest.post('/users/oidc-exchange', { body: {}, headers })).status).toBe(400)
    expect((await rest.post('/users/oidc-exchange', { body: {}, headers })).status).toBe(429)
  })
})

describe('a content change reaches every site instance', () => {
  it('both get the signed call, and both see the new version within the check interval', async () => {
    setNow(Date.now())
    const dropped: string[][] = [[], []]
    // Site instance 1 asks CMS instance A over REST, site instance 2 asks CMS instance B.
    const fetchers: (() => Promise<ContentVersions>)[] = [
      async () => (await rest.get('/content-versions')).body.versions,
      () => services.readContentVersions(instanceB),
    ]
    const watchers = fetchers.map((fetchVersions, i) =>
      createContentVersionWatcher({ fetchVersions, onChange: (tags) => dropped[i]!.push(...tags), intervalMs: 5_000 }),
    )
    for (const w of watchers) await w.sync() // the baseline
    for (const site of sites) site.received.length = 0

    await payload.create({
      collection: 'faqs',
      data: { question: unique('Two sites?'), answer: 'Both.', _status: 'published' },
      overrideAccess: true,
    })
    await services.flushRevalidations()

    for (const site of sites) {
      expect(site.received.map((r) => r.tags)).toContainEqual(['faqs'])
      expect(site.received.every((r) => r.signed)).toBe(true)
    }
    // Within the interval the watchers do not ask again (one call per instance per 5 s)...
    for (const w of watchers) await w.sync()
    expect(dropped).toEqual([[], []])
    // ...and once it has passed, both drop the FAQs, even had the direct calls been lost.
    setNow(Date.now() + 5_000)
    for (const w of watchers) await w.sync()
    expect(dropped).toEqual([['faqs'], ['faqs']])
  })

  it('the versions are public, never cached, and name only content tags', async () => {
    const res = await rest.get('/content-versions')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    for (const [tag, version] of Object.entries(res.body.versions as Record<string, number>)) {
      expect(tag).toMatch(/^[a-z-]+$/)
      expect(version).toBeGreaterThan(0)
    }
  })
})

describe('expired shared rows are pruned, safely with two instances', () => {
  it('only rows past their expiry go; two instances pruning at once agree', async () => {
    setNow(Date.now())
    const live = unique('live').padEnd(32, 'l')
    const dead = unique('dead').padEnd(32, 'd')
    expect(await services.claimOnce(payload, live, Date.now() + 60_000)).toBe(true)
    expect(await services.claimOnce(payload, dead, Date.now() + 1_000)).toBe(true)
    setNow(Date.now() + 2_000)
    const [a, b] = await Promise.all([services.pruneSharedState(payload), services.pruneSharedState(instanceB)])
    expect(a.singleUse + b.singleUse).toBeGreaterThanOrEqual(1)
    const { rows } = await poolB.query('SELECT key FROM auth_single_use WHERE key = ANY($1)', [[live, dead]])
    expect(rows.map((r) => r.key)).toEqual([live])
    // The live one is still used up; the pruned one could be used again.
    expect(await services.claimOnce(instanceB, live, Date.now() + 60_000)).toBe(false)
  })
})
