import { describe, expect, it } from 'vitest'
import { DEV_PAYLOAD_SECRET, DEV_SERVICE_KEY, type Env, env, productionProblems } from './env'

const prod = (over: Partial<Env>): Env => ({ ...env, isProduction: true, NODE_ENV: 'production', ...over })

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
    expect(
      productionProblems(
        prod({
          PAYLOAD_SECRET: 'x'.repeat(40),
          SERVICE_KEY: 'y'.repeat(40),
          GOOGLE_CLIENT_ID: 'id.apps.googleusercontent.com',
          paymentsMode: 'razorpay',
          RAZORPAY_WEBHOOK_SECRET: 'whsec',
          MOCKS: false,
        }),
      ),
    ).toEqual([])
  })

  it('lets a MOCKS test run use the stand-ins but never the default secrets', () => {
    expect(
      productionProblems(
        prod({
          PAYLOAD_SECRET: 'x'.repeat(40),
          SERVICE_KEY: 'y'.repeat(40),
          MOCKS: true,
          GOOGLE_CLIENT_ID: undefined,
          paymentsMode: 'sandbox',
        }),
      ),
    ).toEqual([])
    expect(productionProblems(prod({ PAYLOAD_SECRET: DEV_PAYLOAD_SECRET, MOCKS: true }))).not.toEqual([])
  })
})
