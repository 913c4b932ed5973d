import { describe, expect, it } from 'vitest'
import { env as currentEnv, type Env } from '../lib/env'
import { gatewayFor } from './index'

const base: Env = { ...currentEnv, NODE_ENV: 'development', isProduction: false, MOCKS: false, paymentsMode: 'sandbox' }

describe('gatewayFor', () => {
  it('uses the sandbox without keys in development', () => {
    expect(gatewayFor(base).name).toBe('sandbox')
  })
  it('refuses the sandbox in production', () => {
    expect(() => gatewayFor({ ...base, NODE_ENV: 'production', isProduction: true })).toThrow(/Refusing the sandbox/)
  })
  it('allows it in a production build marked as a test run (MOCKS=true)', () => {
    expect(gatewayFor({ ...base, NODE_ENV: 'production', isProduction: true, MOCKS: true }).name).toBe('sandbox')
  })
  it('uses Razorpay when its keys are set, and needs the webhook secret in production', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_live_x', RAZORPAY_KEY_SECRET: 's', paymentsMode: 'razorpay' as const }
    expect(gatewayFor({ ...base, ...keys }).name).toBe('razorpay')
    expect(gatewayFor({ ...base, ...keys }).keyId).toBe('rzp_live_x')
    expect(() => gatewayFor({ ...base, ...keys, NODE_ENV: 'production', isProduction: true })).toThrow(/WEBHOOK_SECRET/)
  })
})
