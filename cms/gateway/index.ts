import { type Env, env } from '../lib/env'
import { createRazorpayGateway } from './razorpay'
import { createSandboxGateway, type SandboxGateway } from './sandbox'
import type { PaymentGateway } from './types'

export { createRazorpayGateway } from './razorpay'
export { createSandboxGateway, SANDBOX_KEY_ID, type SandboxGateway } from './sandbox'
export * from './types'

/**
 * The gateway for this process: Razorpay when its keys are set, else the sandbox. Production
 * refuses the sandbox unless MOCKS=true marks a test run (same rule as the start-up check).
 */
export function gatewayFor(current: Env): PaymentGateway {
  if (current.paymentsMode === 'razorpay') {
    if (current.isProduction && !current.RAZORPAY_WEBHOOK_SECRET) {
      throw new Error('RAZORPAY_WEBHOOK_SECRET is required in production')
    }
    return createRazorpayGateway({
      keyId: current.RAZORPAY_KEY_ID!,
      keySecret: current.RAZORPAY_KEY_SECRET!,
      webhookSecret: current.RAZORPAY_WEBHOOK_SECRET ?? '',
    })
  }
  if (current.isProduction && !current.MOCKS) {
    throw new Error('Refusing the sandbox payment gateway in production: set RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET')
  }
  return createSandboxGateway()
}

let cached: PaymentGateway | null = null
let override: PaymentGateway | null = null

export function getGateway(): PaymentGateway {
  if (override) return override
  cached ??= gatewayFor(env)
  return cached
}

/** The sandbox, when it is the gateway in use (for its checkout and webhook helpers); else null. */
export function getSandbox(): SandboxGateway | null {
  const gateway = getGateway()
  return gateway.name === 'sandbox' ? (gateway as SandboxGateway) : null
}

/** Tests only: run the services against another gateway (e.g. Razorpay pointed at a fake). */
export function setGatewayForTests(gateway: PaymentGateway | null): void {
  override = gateway
}
