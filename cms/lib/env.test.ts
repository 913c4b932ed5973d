import { describe, expect, it } from 'vitest'
import {
  DEV_PAYLOAD_SECRET,
  DEV_SERVICE_KEY,
  type Env,
  env,
  isLoopbackUrl,
  MOCKS_OPT_IN,
  parseEnv,
  productionProblems,
  productionWarnings,
  secureCookies,
} from './env'

const prod = (over: Partial<Env>): Env => ({ ...env, isProduction: true, NODE_ENV: 'production', ...over })

/** A production configuration with nothing wrong in it. */
const REAL: Partial<Env> = {
  PAYLOAD_SECRET: 'x'.repeat(40),
  SERVICE_KEY: 'y'.repeat(40),
  DATABASE_URL: 'postgres://mentorloop:9f2c1e7a5b@db.internal:5432/mentorloop',
  CMS_PUBLIC_URL: 'https://cms.mentorloop.in',
  WEB_PUBLIC_URL: 'https://mentorloop.in',
  GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
  RAZORPAY_KEY_ID: 'rzp_live_abc123',
  paymentsMode: 'razorpay',
  RAZORPAY_WEBHOOK_SECRET: 'whsec',
  SMTP_HOST: 'smtp.mentorloop.in',
  MOCKS: false,
}

describe('production start checks', () => {
  it('lets development run on the defaults', () => {
    expect(productionProblems({ ...env, isProduction: false })).toEqual([])
  })

  it('refuses default secrets and the stand-ins in production', () => {
    const problems = productionProblems(
      prod({
        PAYLOAD_SECRET: DEV_PAYLOAD_SECRET,
        SERVICE_KEY: DEV_SERVICE_KEY,
        GOOGLE_CLIENT_ID: undefined,
        paymentsMode: 'sandbox',
        MOCKS: false,
      }),
    )
    expect(problems.join('\n')).toMatch(/PAYLOAD_SECRET/)
    expect(problems.join('\n')).toMatch(/SERVICE_KEY/)
    expect(problems.join('\n')).toMatch(/GOOGLE_CLIENT_ID/)
    expect(problems.join('\n')).toMatch(/RAZORPAY/)
  })

  it('accepts real secrets and real providers', () => {
    expect(productionProblems(prod(REAL))).toEqual([])
  })

  // Each mistake that would look like success (issue 36, item 6), refused on its own.
  it.each([
    ['no SMTP', { SMTP_HOST: undefined }, /SMTP_HOST is missing/],
    ['a loopback public URL', { WEB_PUBLIC_URL: 'https://localhost:3000' }, /WEB_PUBLIC_URL is a loopback address/],
    ['an http public URL', { CMS_PUBLIC_URL: 'http://cms.mentorloop.in' }, /CMS_PUBLIC_URL must be https/],
    ["Razorpay's test keys", { RAZORPAY_KEY_ID: 'rzp_test_abc123' }, /test key/],
    ['the example database password', { DATABASE_URL: 'postgres://mentorloop:mentorloop@postgres:5432/mentorloop' }, /example password/],
    ['no webhook secret', { RAZORPAY_WEBHOOK_SECRET: undefined }, /RAZORPAY_WEBHOOK_SECRET/],
  ] as const)('refuses %s', (_what, over, message) => {
    const problems = productionProblems(prod({ ...REAL, ...over }))
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(message)
  })

  it('takes no SMTP and test keys only when told so explicitly', () => {
    expect(productionProblems(prod({ ...REAL, SMTP_HOST: undefined, EMAIL_DISABLED: true }))).toEqual([])
    expect(productionProblems(prod({ ...REAL, RAZORPAY_KEY_ID: 'rzp_test_abc123', ALLOW_TEST_KEYS: true }))).toEqual([])
  })

  it('refuses secrets shorter than 32 bytes when it parses the environment', async () => {
    const { parseEnv } = await import('./env')
    for (const name of ['PAYLOAD_SECRET', 'SERVICE_KEY', 'METRICS_TOKEN']) {
      expect(() => parseEnv({ [name]: 'short-secret-0123456789' }), name).toThrow(new RegExp(`${name}: must be at least 32 bytes`))
    }
    expect(() => parseEnv({ METRICS_TOKEN: 'm'.repeat(32) })).not.toThrow()
  })

  it('lets a MOCKS test run use the stand-ins but never the default secrets', () => {
    expect(
      productionProblems(
        prod({
          PAYLOAD_SECRET: 'x'.repeat(40),
          SERVICE_KEY: 'y'.repeat(40),
          MOCKS: true,
          MOCKS_I_UNDERSTAND: MOCKS_OPT_IN,
          CMS_PUBLIC_URL: 'http://localhost:4101',
          WEB_PUBLIC_URL: 'http://127.0.0.1:4100',
          GOOGLE_CLIENT_ID: undefined,
          paymentsMode: 'sandbox',
        }),
      ),
    ).toEqual([])
    expect(productionProblems(prod({ PAYLOAD_SECRET: DEV_PAYLOAD_SECRET, MOCKS: true, MOCKS_I_UNDERSTAND: MOCKS_OPT_IN }))).not.toEqual([])
  })

  it('refuses MOCKS in production without the second opt-in, or on a public URL', () => {
    const base = {
      PAYLOAD_SECRET: 'x'.repeat(40),
      SERVICE_KEY: 'y'.repeat(40),
      GOOGLE_CLIENT_ID: undefined,
      paymentsMode: 'sandbox' as const,
    }
    const local = { CMS_PUBLIC_URL: 'http://localhost:3001', WEB_PUBLIC_URL: 'http://localhost:3000' }
    // Asked for but refused: env.MOCKS is already false, the request is remembered.
    const noOptIn = productionProblems(prod({ ...base, ...local, MOCKS: false, mocksRequested: true }))
    expect(noOptIn.join('\n')).toMatch(/MOCKS_I_UNDERSTAND/)
    const publicSite = productionProblems(
      prod({
        ...base,
        CMS_PUBLIC_URL: 'http://localhost:3001',
        WEB_PUBLIC_URL: 'https://mentorloop.in',
        MOCKS: true,
        MOCKS_I_UNDERSTAND: MOCKS_OPT_IN,
      }),
    )
    expect(publicSite.join('\n')).toMatch(/WEB_PUBLIC_URL is not a loopback URL/)
    const wrongWords = productionProblems(prod({ ...base, ...local, MOCKS: true, MOCKS_I_UNDERSTAND: 'yes' }))
    expect(wrongWords.join('\n')).toMatch(/MOCKS_I_UNDERSTAND/)
  })

  it('knows loopback URLs', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:1', 'http://127.5.0.1', 'http://[::1]:3000', 'http://app.localhost'])
      expect(isLoopbackUrl(url), url).toBe(true)
    for (const url of ['https://mentorloop.in', 'http://10.0.0.1', 'http://localhost.evil.com', 'http://0.0.0.0', 'not a url'])
      expect(isLoopbackUrl(url), url).toBe(false)
  })
})

describe('the /admin session cookie', () => {
  it('is Secure in production on a public address, and only there', () => {
    expect(secureCookies('https://cms.mentorloop.in', 'production')).toBe(true)
    expect(secureCookies('http://localhost:3001', 'production')).toBe(false)
    expect(secureCookies('https://cms.mentorloop.in', 'development')).toBe(false)
    expect(secureCookies('https://cms.mentorloop.in', 'test')).toBe(false)
  })

  it('is what the users collection sends', async () => {
    const { Users } = await import('../collections/Users')
    const auth = Users.auth as { cookies?: { secure?: boolean; sameSite?: unknown } }
    expect(auth.cookies).toEqual({ secure: secureCookies(env.CMS_PUBLIC_URL), sameSite: 'Lax' })
  })
})

describe('plain SMTP in production (docs/decisions/173)', () => {
  it('is allowed only by SMTP_ALLOW_PLAIN=true, and a production start warns about it', () => {
    expect(parseEnv({}).SMTP_ALLOW_PLAIN).toBe(false)
    expect(parseEnv({ SMTP_ALLOW_PLAIN: 'true' }).SMTP_ALLOW_PLAIN).toBe(true)
    expect(() => parseEnv({ SMTP_ALLOW_PLAIN: 'sure' })).toThrow(/SMTP_ALLOW_PLAIN/)
    expect(productionWarnings(prod({ ...REAL, SMTP_ALLOW_PLAIN: true })).join('\n')).toMatch(/SMTP_ALLOW_PLAIN=true/)
    expect(productionWarnings(prod({ ...REAL, SMTP_ALLOW_PLAIN: false }))).toEqual([])
    // Allowing plain SMTP is a warning, not a refusal.
    expect(productionProblems(prod({ ...REAL, SMTP_ALLOW_PLAIN: true }))).toEqual([])
  })
})
