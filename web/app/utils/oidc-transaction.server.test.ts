import { describe, expect, it } from 'vitest'
import {
  clearTransactionCookie,
  newTransaction,
  readTransaction,
  serializeTransaction,
  TRANSACTION_MAX_AGE_SECONDS,
  transactionExpiresAt,
} from './oidc-transaction.server'

const requestWith = (setCookie: string) =>
  new Request('http://localhost/auth/google/callback', { headers: { cookie: setCookie.split(';')[0]! } })

describe('sign-in transaction cookie', () => {
  it('is short-lived, HttpOnly, SameSite=Lax, signed, and only sent to /auth', async () => {
    const cookie = await serializeTransaction(newTransaction('/paymentHistory'))
    expect(cookie).toMatch(/^ml_oidc=/)
    expect(cookie).toContain(`Max-Age=${TRANSACTION_MAX_AGE_SECONDS}`)
    expect(cookie).toContain('Path=/auth')
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Lax')
    expect(await clearTransactionCookie()).toMatch(/Max-Age=0/)
  })

  it('round-trips state, nonce, PKCE verifier and where to go afterwards', async () => {
    const tx = newTransaction('/mentors/3?tab=bookings')
    expect(new Set([tx.id, tx.state, tx.nonce, tx.codeVerifier]).size).toBe(4)
    expect(tx.codeVerifier.length).toBeGreaterThanOrEqual(43)
    expect(await readTransaction(requestWith(await serializeTransaction(tx)))).toEqual(tx)
  })

  it('keeps only paths on this site as the place to return to (safeRedirect)', async () => {
    for (const bad of ['//evil.example', 'https://evil.example/x', '/\\evil.example', 'javascript:alert(1)', null, undefined]) {
      expect(newTransaction(bad).redirectTo).toBe('/')
    }
    // Even a cookie signed with our secret cannot carry another origin (defence in depth).
    const tx = { ...newTransaction('/'), redirectTo: '//evil.example' }
    expect((await readTransaction(requestWith(await serializeTransaction(tx))))?.redirectTo).toBe('/')
  })

  it('refuses a missing, tampered or foreign cookie', async () => {
    expect(await readTransaction(new Request('http://localhost/auth/google/callback'))).toBeNull()
    const cookie = (await serializeTransaction(newTransaction('/'))).split(';')[0]!
    const [name, value] = cookie.split('=')
    const [payload, signature] = decodeURIComponent(value!).split('.')
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64').toString()), redirectTo: '/admin' }),
    ).toString('base64')
    expect(
      await readTransaction(new Request('http://x/', { headers: { cookie: `${name}=${encodeURIComponent(`${forged}.${signature}`)}` } })),
    ).toBeNull()
    expect(await readTransaction(new Request('http://x/', { headers: { cookie: `${name}=garbage` } }))).toBeNull()
  })

  it('expires after ten minutes even if the browser still sends it', async () => {
    const started = Date.now() - TRANSACTION_MAX_AGE_SECONDS * 1000 - 1
    const cookie = await serializeTransaction(newTransaction('/', {}, started))
    expect(await readTransaction(requestWith(cookie))).toBeNull()
    const fresh = await serializeTransaction(newTransaction('/', {}, Date.now() - 60_000))
    expect(await readTransaction(requestWith(fresh))).not.toBeNull()
  })

  it('stays used up (in the CMS) for as long as its cookie is accepted', () => {
    const tx = newTransaction('/', {}, 1_000_000)
    expect(transactionExpiresAt(tx)).toBe(1_000_000 + TRANSACTION_MAX_AGE_SECONDS * 1000)
  })
})
