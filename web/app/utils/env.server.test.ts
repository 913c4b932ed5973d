import { describe, expect, it } from 'vitest'
import { env, isLoopbackUrl, productionProblems, type WebEnv } from './env.server'

const prod = (over: Partial<WebEnv>): WebEnv => ({
  ...env,
  NODE_ENV: 'production',
  isProduction: true,
  SESSION_SECRET: 's'.repeat(40),
  SERVICE_KEY: 'k'.repeat(40),
  CMS_PUBLIC_URL: 'http://localhost:3001',
  WEB_PUBLIC_URL: 'http://localhost:3000',
  usingGoogle: false,
  ...over,
})

describe('site production start checks', () => {
  it('takes MOCKS in production only with the second opt-in, on loopback URLs', () => {
    expect(productionProblems(prod({ MOCKS: true, MOCKS_I_UNDERSTAND: 'yes-this-is-not-production' }))).toEqual([])
    expect(productionProblems(prod({ MOCKS: true })).join('\n')).toMatch(/MOCKS_I_UNDERSTAND/)
    expect(
      productionProblems(
        prod({ MOCKS: true, MOCKS_I_UNDERSTAND: 'yes-this-is-not-production', WEB_PUBLIC_URL: 'https://mentorloop.in' }),
      ).join('\n'),
    ).toMatch(/WEB_PUBLIC_URL is not a loopback URL/)
  })

  it('refuses the local issuer in production without MOCKS', () => {
    expect(productionProblems(prod({ MOCKS: false })).join('\n')).toMatch(/GOOGLE_CLIENT_ID/)
  })

  it('knows loopback URLs', () => {
    expect(isLoopbackUrl('http://127.0.0.1:4100')).toBe(true)
    expect(isLoopbackUrl('http://localhost.evil.com')).toBe(false)
  })
})
