import { describe, expect, it } from 'vitest'
import { env, isLoopbackUrl, parseEnv, productionProblems, type WebEnv } from './env.server'

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

  const REAL: Partial<WebEnv> = {
    MOCKS: false,
    CMS_PUBLIC_URL: 'https://cms.mentorloop.in',
    WEB_PUBLIC_URL: 'https://mentorloop.in',
    usingGoogle: true,
    GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
    GOOGLE_CLIENT_SECRET: 'google-secret',
    RAZORPAY_KEY_ID: 'rzp_live_abc123',
  }

  it('accepts a real production configuration', () => {
    expect(productionProblems(prod(REAL))).toEqual([])
  })

  // Each mistake that would look like success (issue 36, item 6), refused on its own.
  it.each([
    ['no Razorpay key id (checkout.js would answer 404 later)', { RAZORPAY_KEY_ID: undefined }, /RAZORPAY_KEY_ID is missing/],
    ["Razorpay's test keys", { RAZORPAY_KEY_ID: 'rzp_test_abc' }, /test key/],
    ['a loopback public URL', { CMS_PUBLIC_URL: 'https://127.0.0.1:3001' }, /CMS_PUBLIC_URL is a loopback address/],
    ['an http public URL', { WEB_PUBLIC_URL: 'http://mentorloop.in' }, /WEB_PUBLIC_URL must be https/],
  ] as const)('refuses %s', (_what, over, message) => {
    const problems = productionProblems(prod({ ...REAL, ...over }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(message)
  })

  it('takes test keys only when told so', () => {
    expect(productionProblems(prod({ ...REAL, RAZORPAY_KEY_ID: 'rzp_test_abc', ALLOW_TEST_KEYS: true }))).toEqual([])
  })

  it('refuses secrets shorter than 32 bytes, and names them', () => {
    for (const name of ['SESSION_SECRET', 'SERVICE_KEY', 'METRICS_TOKEN']) {
      expect(() => parseEnv({ [name]: 'too-short-0123456789' }), name).toThrow(new RegExp(`${name}: must be at least 32 bytes`))
    }
  })

  it('knows loopback URLs', () => {
    expect(isLoopbackUrl('http://127.0.0.1:4100')).toBe(true)
    expect(isLoopbackUrl('http://localhost.evil.com')).toBe(false)
  })
})
