import type { User } from '@mentorloop/shared/payload-types'
import { decodeJwt } from 'jose'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { googleClaims, randomNonce, startTestIssuer, TEST_CLIENT_ID, type TestIssuer } from '../helpers/oidc'
import { createMentor, createUser, unique } from '../helpers/scenarios'

/**
 * Google sign-in on the CMS: POST /api/users/oidc-exchange over the real REST handlers, with ID
 * tokens from a real local OpenID issuer (its JWKS served over HTTP), against real PostgreSQL.
 * The issuer URL and client id are set before the Payload config (and its env) is imported.
 */
let issuer: TestIssuer
let payload: Payload
let rest: RestClient
let serviceKey: string
const saved = {
  OIDC_ISSUER: process.env.OIDC_ISSUER,
  OIDC_CLIENT_ID: process.env.OIDC_CLIENT_ID,
  GOOGLE_CLIENT_ID: process.env.GOOGLE_CLIENT_ID,
}

beforeAll(async () => {
  issuer = await startTestIssuer()
  process.env.OIDC_ISSUER = issuer.url
  process.env.OIDC_CLIENT_ID = TEST_CLIENT_ID
  delete process.env.GOOGLE_CLIENT_ID
  ;({ payload, rest } = await setUpWorld())
  serviceKey = (await import('../../lib/env')).env.SERVICE_KEY
})

afterAll(async () => {
  await issuer?.stop()
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
})

let ipCounter = 0
/** A fresh client IP per call site, so the per-IP limit of one test never trips another. */
const freshIp = () => `10.${process.pid % 250}.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function exchange(body: unknown, opts: { key?: string | null; ip?: string | null; token?: string } = {}) {
  const headers: Record<string, string> = opts.ip === null ? {} : { 'x-client-ip': opts.ip ?? freshIp() }
  const key = opts.key === undefined ? serviceKey : opts.key
  if (key !== null) headers['x-service-key'] = key
  return rest.post('/users/oidc-exchange', { body, headers, token: opts.token })
}

async function signIn(email: string, over: Record<string, unknown> = {}) {
  const nonce = randomNonce()
  const idToken = await issuer.idToken(googleClaims(email, nonce, over))
  return exchange({ idToken, nonce })
}

const newEmail = (label = 'google') => `${unique(label)}@gmail.test`.toLowerCase()

async function userByEmail(email: string): Promise<User | null> {
  const { docs } = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    overrideAccess: true,
    showHiddenFields: true,
    depth: 0,
  })
  return (docs[0] as User | undefined) ?? null
}

describe('sign-in with a valid ID token', () => {
  it('creates a student account that signs in with Google only, and returns a working Payload session', async () => {
    const email = newEmail()
    const res = await signIn(email, { name: 'Meera Kulkarni' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.body.user).toMatchObject({ email, name: 'Meera Kulkarni', roles: ['student'], mentorId: null })

    const stored = await userByEmail(email)
    expect(stored).toMatchObject({ roles: ['student'], passwordLogin: false, name: 'Meera Kulkarni' })
    expect(stored?.googleSub).toBeTruthy()
    expect(stored?.profileImage).toMatch(/^https:\/\/avatars\.mentorloop\.invalid\//)

    // Minted exactly like Payload's login: a session id in the token, the collection, the roles.
    const claims = decodeJwt(res.body.token)
    expect(claims).toMatchObject({ collection: 'users', email, roles: ['student'], id: stored!.id })
    expect(typeof claims.sid).toBe('string')
    expect(res.body.exp).toBe(claims.exp)

    const me = await rest.get('/users/me', { token: res.body.token })
    expect(me.status).toBe(200)
    expect(me.body.user).toMatchObject({ id: stored!.id, email })
    expect(me.body.mentorId).toBeNull()
    // The session token is accepted by access control, not just by /me.
    const own = await rest.get(`/users/${stored!.id}`, { token: res.body.token })
    expect(own.status).toBe(200)
  })

  it('finds the same account by Google subject next time, with a second independent session', async () => {
    const email = newEmail()
    const first = await signIn(email)
    const second = await signIn(email)
    expect(second.status).toBe(200)
    expect(second.body.user.id).toBe(first.body.user.id)
    expect(decodeJwt(second.body.token).sid).not.toBe(decodeJwt(first.body.token).sid)
    for (const token of [first.body.token, second.body.token]) {
      expect((await rest.get('/users/me', { token })).body.user?.id).toBe(first.body.user.id)
    }
    const { totalDocs } = await payload.count({ collection: 'users', where: { email: { equals: email } }, overrideAccess: true })
    expect(totalDocs).toBe(1)
  })

  it('links an existing account by e-mail, keeps its roles and name, and answers the mentor profile id', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'], name: 'Kavya Rao' })
    const profile = await createMentor(payload, { user: mentorUser })
    const res = await signIn(mentorUser.email, { name: 'Someone Else' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.user).toMatchObject({ id: mentorUser.id, roles: ['mentor'], name: 'Kavya Rao', mentorId: profile.id })
    const stored = await userByEmail(mentorUser.email)
    expect(stored?.googleSub).toBeTruthy()
    expect(stored?.passwordLogin).toBe(true)

    const me = await rest.get('/users/me', { token: res.body.token })
    expect(me.body.mentorId).toBe(profile.id)
  })

  it('matches the e-mail case-insensitively', async () => {
    const existing = await createUser(payload)
    const res = await signIn(existing.email.toUpperCase())
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(existing.id)
  })

  it('refuses an e-mail already linked to a different Google account', async () => {
    const email = newEmail()
    expect((await signIn(email)).status).toBe(200)
    const res = await signIn(email, { sub: `other-${unique('sub')}` })
    expect(res.status).toBe(409)
    expect(res.body.code).toBe('ACCOUNT_CONFLICT')
  })
})

describe('refused ID tokens', () => {
  async function refused(idToken: string, nonce: string) {
    const res = await exchange({ idToken, nonce })
    return { status: res.status, code: res.body?.code as string, message: res.body?.message as string }
  }

  it('wrong audience', async () => {
    const nonce = randomNonce()
    const r = await refused(await issuer.idToken(googleClaims(newEmail(), nonce, { aud: 'someone-elses-client' })), nonce)
    expect(r).toMatchObject({ status: 401, code: 'ID_TOKEN_AUDIENCE_INVALID' })
  })

  it('several audiences without us as the authorized party', async () => {
    const nonce = randomNonce()
    const token = await issuer.idToken(googleClaims(newEmail(), nonce, { aud: [TEST_CLIENT_ID, 'other'], azp: 'other' }))
    expect(await refused(token, nonce)).toMatchObject({ status: 401, code: 'ID_TOKEN_AUDIENCE_INVALID' })
  })

  it('wrong issuer', async () => {
    const nonce = randomNonce()
    const r = await refused(await issuer.idToken(googleClaims(newEmail(), nonce, { iss: 'https://accounts.evil.test' })), nonce)
    expect(r).toMatchObject({ status: 401, code: 'ID_TOKEN_ISSUER_INVALID' })
  })

  it('bad signature (a key the issuer never published, under its key id)', async () => {
    const nonce = randomNonce()
    const r = await refused(await issuer.forgedIdToken(googleClaims(newEmail(), nonce)), nonce)
    expect(r).toMatchObject({ status: 401, code: 'ID_TOKEN_SIGNATURE_INVALID' })
  })

  it('a tampered payload', async () => {
    const nonce = randomNonce()
    const [h, , s] = (await issuer.idToken(googleClaims(newEmail(), nonce))).split('.')
    const body = Buffer.from(JSON.stringify(googleClaims('admin@mentorloop.in', nonce))).toString('base64url')
    expect(await refused(`${h}.${body}.${s}`, nonce)).toMatchObject({ status: 401, code: 'ID_TOKEN_SIGNATURE_INVALID' })
  })

  it('expired', async () => {
    const nonce = randomNonce()
    const token = await issuer.idToken(googleClaims(newEmail(), nonce), { expiresIn: -600 })
    expect(await refused(token, nonce)).toMatchObject({ status: 401, code: 'ID_TOKEN_EXPIRED' })
  })

  it('unverified e-mail (false, missing or the string "true"), and no account is created', async () => {
    for (const email_verified of [false, undefined, 'true']) {
      const email = newEmail()
      const nonce = randomNonce()
      const r = await refused(await issuer.idToken(googleClaims(email, nonce, { email_verified })), nonce)
      expect(r).toMatchObject({ status: 403, code: 'EMAIL_NOT_VERIFIED' })
      expect(await userByEmail(email)).toBeNull()
    }
  })

  it('wrong nonce, and no nonce at all', async () => {
    const nonce = randomNonce()
    const token = await issuer.idToken(googleClaims(newEmail(), nonce))
    expect(await refused(token, randomNonce())).toMatchObject({ status: 401, code: 'ID_TOKEN_NONCE_INVALID' })
    const without = await issuer.idToken(googleClaims(newEmail(), nonce, { nonce: undefined }))
    expect(await refused(without, nonce)).toMatchObject({ status: 401, code: 'ID_TOKEN_NONCE_INVALID' })
  })

  it('a replayed ID token mints no second session', async () => {
    const nonce = randomNonce()
    const token = await issuer.idToken(googleClaims(newEmail(), nonce))
    expect((await exchange({ idToken: token, nonce })).status).toBe(200)
    expect(await refused(token, nonce)).toMatchObject({ status: 401, code: 'ID_TOKEN_REPLAYED' })
  })

  it('not a JWT, or a malformed body: 400 with a clear message, never 500', async () => {
    const nonce = randomNonce()
    for (const body of [
      {},
      { idToken: 'abc', nonce },
      { idToken: 'a.b', nonce },
      { idToken: 42, nonce },
      { idToken: 'aaaa.bbbb.cccc'.repeat(3) },
    ]) {
      const res = await exchange(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('INVALID_REQUEST')
      expect(res.body.message).toMatch(/idToken|nonce/)
    }
    const notJson = await rest.post('/users/oidc-exchange', {
      rawBody: 'not json',
      headers: { 'x-service-key': serviceKey, 'x-client-ip': freshIp(), 'Content-Type': 'application/json' },
    })
    expect(notJson.status).toBe(400)
    expect(notJson.body).toMatchObject({ code: 'INVALID_REQUEST', message: 'The request body must be JSON.' })
    const garbage = await exchange({ idToken: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJlLWdhcmJhZ2U', nonce })
    expect(garbage.status).toBe(401)
    expect(garbage.body.code).toMatch(/^ID_TOKEN_/)
  })
})

describe('who may call the exchange', () => {
  it('refuses a missing or wrong service key with 401 before looking at the token', async () => {
    const nonce = randomNonce()
    const idToken = await issuer.idToken(googleClaims(newEmail(), nonce))
    for (const key of [null, '', 'wrong-key', `${serviceKey}x`, serviceKey.slice(0, -1)]) {
      const res = await exchange({ idToken, nonce }, { key })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('SERVICE_KEY_INVALID')
    }
    // The token was not spent by the refused calls.
    expect((await exchange({ idToken, nonce })).status).toBe(200)
  })

  it('a signed-in admin without the service key is refused too', async () => {
    const admin = await createUser(payload, { roles: ['admin'] })
    const nonce = randomNonce()
    const res = await exchange({ idToken: await issuer.idToken(googleClaims(newEmail(), nonce)), nonce }, { key: null, token: admin.token })
    expect(res.status).toBe(401)
  })
})

describe('sessions', () => {
  it('after logout the old session token is refused by the CMS; other sessions stay', async () => {
    const email = newEmail()
    const a = await signIn(email)
    const b = await signIn(email)
    const out = await rest.post('/users/logout', { token: a.body.token })
    expect(out.status, JSON.stringify(out.body)).toBe(200)

    const me = await rest.get('/users/me', { token: a.body.token })
    expect(me.status).toBe(200)
    expect(me.body.user).toBeNull()
    expect((await rest.get(`/users/${a.body.user.id}`, { token: a.body.token })).status).toBe(403)
    expect((await rest.patch(`/users/${a.body.user.id}`, { token: a.body.token, body: { name: 'x' } })).status).toBe(403)
    // Logging out again with the revoked token does nothing.
    expect((await rest.post('/users/logout', { token: a.body.token })).status).toBe(400)

    expect((await rest.get('/users/me', { token: b.body.token })).body.user?.id).toBe(a.body.user.id)
  })

  it('a Google account cannot change its own roles or sign-in flags', async () => {
    const res = await signIn(newEmail())
    const { id } = res.body.user
    const patch = await rest.patch(`/users/${id}`, {
      token: res.body.token,
      body: { roles: ['admin'], passwordLogin: true, googleSub: 'hijack', name: 'Renamed Myself' },
    })
    expect(patch.status).toBe(200)
    const stored = await payload.findByID({ collection: 'users', id, overrideAccess: true, showHiddenFields: true })
    expect(stored).toMatchObject({ roles: ['student'], passwordLogin: false, name: 'Renamed Myself' })
    expect(stored.googleSub).not.toBe('hijack')
    // And the token keeps the roles it was minted with (nothing to escalate through /me either).
    expect((await rest.get('/users/me', { token: res.body.token })).body.user.roles).toEqual(['student'])
  })

  it('a Google-created account cannot sign in to /admin with a password, even a correct one', async () => {
    const email = newEmail()
    const res = await signIn(email)
    const password = 'known-password-123'
    await payload.update({ collection: 'users', id: res.body.user.id, data: { password }, overrideAccess: true })
    const login = await rest.post('/users/login', { body: { email, password } })
    expect(login.status).toBe(403)
    expect(JSON.stringify(login.body)).toMatch(/signs in with Google/)
    expect(login.body.token).toBeUndefined()

    // An admin may allow it (e.g. a mentor who schedules sessions in /admin).
    await payload.update({ collection: 'users', id: res.body.user.id, data: { passwordLogin: true }, overrideAccess: true })
    expect((await rest.post('/users/login', { body: { email, password } })).status).toBe(200)
  })

  it('staff and admins sign in to /admin with e-mail and password', async () => {
    for (const roles of [['staff'], ['admin']] as const) {
      const user = await createUser(payload, { roles: [...roles] })
      const login = await rest.post('/users/login', { body: { email: user.email, password: user.password } })
      expect(login.status).toBe(200)
      expect(typeof login.body.token).toBe('string')
    }
  })
})

describe('rate limits', () => {
  it('per client IP: every attempt counts; the 61st in ten minutes gets 429 with Retry-After', async () => {
    const ip = freshIp()
    for (let i = 0; i < 60; i++) expect((await exchange({}, { ip })).status).toBe(400)
    const res = await exchange({}, { ip })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RATE_LIMITED')
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    // Another address is unaffected.
    expect((await exchange({})).status).toBe(400)
  })

  it('a call without the client IP still counts (one shared bucket), so the limit is never skipped', async () => {
    for (let i = 0; i < 60; i++) expect((await exchange({}, { ip: null })).status).toBe(400)
    expect((await exchange({}, { ip: null })).status).toBe(429)
  })

  it('per account: at most 10 sessions in ten minutes for one Google account', async () => {
    const email = newEmail()
    for (let i = 0; i < 10; i++) expect((await signIn(email)).status).toBe(200)
    const res = await signIn(email)
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('RATE_LIMITED')
    expect(await signIn(newEmail())).toMatchObject({ status: 200 })
  })
})
