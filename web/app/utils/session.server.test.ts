import { describe, expect, it } from 'vitest'
import { env } from './env.server'
import { commitSessionToken, sessionCookieIsSecure } from './session.server'

describe('the site session cookie', () => {
  it('is Secure in production on an HTTPS address, and only there', () => {
    expect(sessionCookieIsSecure({ isProduction: true, WEB_PUBLIC_URL: 'https://mentorloop.in' })).toBe(true)
    expect(sessionCookieIsSecure({ isProduction: true, WEB_PUBLIC_URL: 'http://localhost:3000' })).toBe(false)
    expect(sessionCookieIsSecure({ isProduction: false, WEB_PUBLIC_URL: 'https://mentorloop.in' })).toBe(false)
  })

  it('is sent HttpOnly and SameSite=Lax, Secure as the rule says for this process', async () => {
    const cookie = await commitSessionToken('token', Math.floor(Date.now() / 1000) + 3600)
    expect(cookie).toMatch(/^ml_session=/)
    expect(cookie).toMatch(/HttpOnly/)
    expect(cookie).toMatch(/SameSite=Lax/)
    expect(/;\s*Secure/.test(cookie)).toBe(sessionCookieIsSecure(env))
  })
})
