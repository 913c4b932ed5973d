import type { SignInGuardRequest } from '@mentorloop/shared'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LocalIssuer, startLocalIssuer } from '../../../scripts/lib/oidc-issuer'

/**
 * POST /auth/google: input parsing, the redirect to the issuer, and which limits a start asks for.
 * The counting itself is the CMS's, in PostgreSQL (cms/tests/int/multiInstance.int.test.ts); here
 * the guard call is recorded and answers from `verdict`.
 */
const guardCalls: SignInGuardRequest[] = []
let verdict: 'ok' | 'rate_limited' | 'unavailable' = 'ok'
vi.mock('~/utils/rate-limit.server', async (original) => ({
  ...(await original<typeof import('~/utils/rate-limit.server')>()),
  signInGuard: async (request: SignInGuardRequest) => {
    guardCalls.push(request)
    return verdict
  },
}))

let issuer: LocalIssuer
let route: typeof import('./auth.google')

beforeAll(async () => {
  issuer = await startLocalIssuer({ port: 0 })
  Object.assign(process.env, { OIDC_ISSUER: issuer.url, OIDC_CLIENT_ID: 'mentorloop-unit', WEB_PUBLIC_URL: 'http://localhost:3999' })
  delete process.env.GOOGLE_CLIENT_ID
  route = await import('./auth.google')
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

  it('counts each start per client IP and per account hint, in one call to the CMS', async () => {
    guardCalls.length = 0
    await start({ loginHint: 'Asha@Students.MentorLoop.in' }, '203.0.113.200')
    expect(guardCalls).toEqual([
      {
        hits: [
          { limit: 'signInStartByIp', key: 'ip:203.0.113.200' },
          { limit: 'signInStartByAccount', key: 'hint:asha@students.mentorloop.in' },
        ],
      },
    ])
    await start({}, '203.0.113.201')
    expect(guardCalls[1]).toEqual({ hits: [{ limit: 'signInStartByIp', key: 'ip:203.0.113.201' }] })
  })

  it('over a limit, or with the CMS unreachable, no sign-in starts', async () => {
    try {
      verdict = 'rate_limited'
      expect(await start({})).toMatchObject({ location: '/login?error=rate_limited&redirectTo=%2F', cookie: '' })
      verdict = 'unavailable'
      expect(await start({})).toMatchObject({ location: '/login?error=unavailable&redirectTo=%2F', cookie: '' })
    } finally {
      verdict = 'ok'
    }
  })

  it('GET never starts a sign-in', async () => {
    const res = (await route.loader()) as Response
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/login')
  })
})
