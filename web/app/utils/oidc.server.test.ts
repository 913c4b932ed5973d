import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { type LocalIssuer, startLocalIssuer } from '../../../scripts/lib/oidc-issuer'

/**
 * The site's half of the sign-in, through openid-client against the real local issuer
 * (oauth2-mock-server on a free port, the same stand-in `npm run dev` uses). The browser's part
 * (following redirects, carrying the cookie) is played by fetch.
 */
let issuer: LocalIssuer
let oidc: typeof import('./oidc.server')
const WEB = 'http://localhost:3999'
const decodeJwt = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString('utf8'))

beforeAll(async () => {
  issuer = await startLocalIssuer({ port: 0 })
  Object.assign(process.env, {
    OIDC_ISSUER: issuer.url,
    OIDC_CLIENT_ID: 'mentorloop-unit',
    OIDC_CLIENT_SECRET: 'unit-secret',
    WEB_PUBLIC_URL: WEB,
  })
  delete process.env.GOOGLE_CLIENT_ID
  oidc = await import('./oidc.server')
})

afterAll(async () => {
  await issuer?.stop()
})

/** Starts a sign-in and lets the issuer answer; returns the callback request the browser would make. */
async function signInAt(opts: { loginHint?: string | null; redirectTo?: string } = {}) {
  const { url, cookie, transaction } = await oidc.beginSignIn({
    loginHint: opts.loginHint === undefined ? 'meera.k@students.mentorloop.in' : opts.loginHint,
    redirectTo: opts.redirectTo ?? '/paymentHistory',
  })
  const res = await fetch(url, { redirect: 'manual' })
  const location = res.headers.get('location')!
  return { location, cookieHeader: cookie.split(';')[0]!, transaction, authorizeUrl: url }
}

/**
 * Using a transaction up is the CMS's decision, in PostgreSQL (POST /api/sign-in-guard, tested with
 * two instances in cms/tests/int/multiInstance.int.test.ts); here one shared set plays that store.
 */
const used = new Set<string>()
const claim = async (tx: { id: string }) => {
  if (used.has(tx.id)) return 'used' as const
  used.add(tx.id)
  return 'ok' as const
}

const callback = (location: string, cookieHeader?: string) =>
  new Request(location, { headers: cookieHeader ? { cookie: cookieHeader } : {} })

describe('OpenID Connect sign-in (site side)', () => {
  it('sends PKCE (S256), state, nonce, scopes and the login hint to the issuer', async () => {
    const { authorizeUrl, transaction, location } = await signInAt()
    const q = authorizeUrl.searchParams
    expect(authorizeUrl.origin).toBe(issuer.url)
    expect(q.get('response_type')).toBe('code')
    expect(q.get('client_id')).toBe('mentorloop-unit')
    expect(q.get('redirect_uri')).toBe(`${WEB}/auth/google/callback`)
    expect(q.get('scope')).toBe('openid email profile')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).not.toBe(transaction.codeVerifier)
    expect(q.get('state')).toBe(transaction.state)
    expect(q.get('nonce')).toBe(transaction.nonce)
    expect(q.get('login_hint')).toBe('meera.k@students.mentorloop.in')
    expect(q.get('prompt')).toBeNull()
    expect(location.startsWith(`${WEB}/auth/google/callback?`)).toBe(true)
  })

  it('redeems the code and returns the ID token with the nonce it must carry, and where to go', async () => {
    const { location, cookieHeader, transaction } = await signInAt({ redirectTo: '/mentors/7' })
    const outcome = await oidc.finishSignIn(callback(location, cookieHeader), claim)
    expect(outcome).toMatchObject({ ok: true, nonce: transaction.nonce, redirectTo: '/mentors/7' })
    if (!outcome.ok) throw new Error('unreachable')
    const claims = decodeJwt(outcome.idToken)
    expect(claims).toMatchObject({
      iss: issuer.url,
      aud: 'mentorloop-unit',
      email: 'meera.k@students.mentorloop.in',
      email_verified: true,
      nonce: transaction.nonce,
    })
  })

  it('refuses a replayed callback (same cookie, same URL)', async () => {
    const { location, cookieHeader } = await signInAt()
    expect((await oidc.finishSignIn(callback(location, cookieHeader), claim)).ok).toBe(true)
    expect(await oidc.finishSignIn(callback(location, cookieHeader), claim)).toMatchObject({ ok: false, reason: 'state_mismatch' })
  })

  it('refuses a state that is not the one in this browser’s cookie (login CSRF)', async () => {
    const mine = await signInAt()
    const attackers = await signInAt({ loginHint: 'attacker@evil.example' })
    // The attacker's callback URL, opened in my browser with my cookie.
    expect(await oidc.finishSignIn(callback(attackers.location, mine.cookieHeader), claim)).toMatchObject({
      ok: false,
      reason: 'state_mismatch',
    })
    const stripped = new URL(mine.location)
    stripped.searchParams.delete('state')
    const other = await signInAt()
    expect(await oidc.finishSignIn(callback(stripped.href, other.cookieHeader), claim)).toMatchObject({
      ok: false,
      reason: 'state_mismatch',
    })
  })

  it('says "expired" when the transaction cookie is gone (took too long, or another browser)', async () => {
    const { location } = await signInAt()
    expect(await oidc.finishSignIn(callback(location), claim)).toMatchObject({ ok: false, reason: 'expired', redirectTo: '/' })
  })

  it('says "cancelled" when the issuer answers access_denied (no account chosen)', async () => {
    const { location, cookieHeader } = await signInAt({ loginHint: null, redirectTo: '/subscriptions' })
    expect(new URL(location).searchParams.get('error')).toBe('access_denied')
    expect(await oidc.finishSignIn(callback(location, cookieHeader), claim)).toMatchObject({
      ok: false,
      reason: 'cancelled',
      redirectTo: '/subscriptions',
    })
  })

  it('refuses a code the issuer does not know (forged or already redeemed)', async () => {
    const { location, cookieHeader } = await signInAt()
    const forged = new URL(location)
    forged.searchParams.set('code', 'not-a-real-code')
    const outcome = await oidc.finishSignIn(callback(forged.href, cookieHeader), claim)
    expect(outcome.ok).toBe(false)
  })

  it('finishes on another site instance than the one it started on (nothing kept in the process)', async () => {
    const { location, cookieHeader } = await signInAt({ redirectTo: '/subscriptions' })
    vi.resetModules()
    const other: typeof import('./oidc.server') = await import('./oidc.server')
    expect(other).not.toBe(oidc)
    const outcome = await other.finishSignIn(callback(location, cookieHeader), claim)
    expect(outcome).toMatchObject({ ok: true, redirectTo: '/subscriptions' })
    // And the replay, back on the first instance, is refused by the shared store.
    expect(await oidc.finishSignIn(callback(location, cookieHeader), claim)).toMatchObject({ ok: false, reason: 'state_mismatch' })
  })

  it("passes the store's answer on: too many attempts, or the store unreachable", async () => {
    const a = await signInAt()
    expect(await oidc.finishSignIn(callback(a.location, a.cookieHeader), async () => 'rate_limited')).toMatchObject({
      ok: false,
      reason: 'rate_limited',
    })
    const b = await signInAt()
    expect(await oidc.finishSignIn(callback(b.location, b.cookieHeader), async () => 'unavailable')).toMatchObject({
      ok: false,
      reason: 'unavailable',
    })
  })

  it('allows plain http only for the local issuer on this machine, never for Google', () => {
    expect(oidc.allowsInsecureRequests({ issuer: 'http://localhost:3003', clientId: 'x', clientSecret: '', local: true })).toBe(true)
    expect(oidc.allowsInsecureRequests({ issuer: 'http://127.0.0.1:3003', clientId: 'x', clientSecret: '', local: true })).toBe(true)
    expect(oidc.allowsInsecureRequests({ issuer: 'http://issuer.example', clientId: 'x', clientSecret: '', local: true })).toBe(false)
    expect(oidc.allowsInsecureRequests({ issuer: 'https://accounts.google.com', clientId: 'x', clientSecret: '', local: false })).toBe(
      false,
    )
    expect(oidc.allowsInsecureRequests({ issuer: 'http://localhost:3003', clientId: 'x', clientSecret: '', local: false })).toBe(false)
  })
})
