import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type LocalIssuer, startLocalIssuer } from '../../../scripts/lib/oidc-issuer'

/** POST /auth/google: input parsing, the redirect to the issuer, and the sign-in start limits. */
let issuer: LocalIssuer
let route: typeof import('./auth.google')
let limits: typeof import('~/utils/rate-limit.server')

beforeAll(async () => {
  issuer = await startLocalIssuer({ port: 0 })
  Object.assign(process.env, { OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'mentorloop-unit', WEB_PUBLIC_URL: 'http://localhost:3999' })
  delete process.env.GOOGLE_CLIENT_ID
  route = await import('./auth.google')
  limits = await import('~/utils/rate-limit.server')
})

afterAll(async () => {
  await issuer?.stop()
})

let n = 0
async function start(form: Record<string, string>, ip = `198.51.100.${++n % 250}`) {
  const request = new Request('http://localhost:3999/auth/google', {
    method: 'POST',
    body: new URLSearchParams(form),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  })
  // The address server.js hands over from the socket (no proxy is trusted in tests).
  const res = (await route.action({ request, params: {}, context: { socketAddress: ip } })) as Response
  return { status: res.status, location: res.headers.get('location') ?? '', cookie: res.headers.get('set-cookie') ?? '' }
}

describe('POST /auth/google', () => {
  it('redirects to the issuer with a transaction cookie; the login hint is normalised', async () => {
    const res = await start({ loginHint: '  Meera.K@Students.MentorLoop.in ', redirectTo: '/subscriptions' })
    expect(res.status).toBe(302)
    const url = new URL(res.location)
    expect(url.origin).toBe(issuer.url)
    expect(url.searchParams.get('login_hint')).toBe('meera.k@students.mentorloop.in')
    expect(res.cookie).toMatch(/^ml_oidc=.+; Max-Age=600; Path=\/auth; HttpOnly; SameSite=Lax/)
  })

  it('answers bad input with the Login Failed dialog, never a 500', async () => {
    const res = await start({ loginHint: 'not-an-email', redirectTo: '//evil.example' })
    expect(res.status).toBe(302)
    expect(res.location).toBe('/login?error=failed&redirectTo=%2F')
  })

  it('limits starts per account hint', async () => {
    const hint = `limit-${Date.now()}@students.mentorloop.in`
    for (let i = 0; i < limits.SIGN_IN_LIMITS.startPerAccount; i++) {
      expect((await start({ loginHint: hint })).location).toMatch(/^http:\/\/localhost:\d+\/authorize/)
    }
    expect((await start({ loginHint: hint })).location).toBe('/login?error=rate_limited&redirectTo=%2F')
    expect((await start({ loginHint: `other-${hint}` })).location).toMatch(/\/authorize/)
  })

  it('limits starts per client IP', async () => {
    const ip = '203.0.113.200'
    for (let i = 0; i < limits.SIGN_IN_LIMITS.startPerIp; i++) expect((await start({}, ip)).location).toMatch(/\/authorize/)
    expect((await start({}, ip)).location).toBe('/login?error=rate_limited&redirectTo=%2F')
    expect((await start({}, '203.0.113.201')).location).toMatch(/\/authorize/)
  })

  it('GET never starts a sign-in', async () => {
    const res = (await route.loader()) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
  })
})
