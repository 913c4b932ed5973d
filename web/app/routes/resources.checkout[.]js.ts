import type { LoaderFunctionArgs } from '@remix-run/node'
import { env } from '~/utils/env.server'
import { SANDBOX_CHECKOUT_JS } from '~/utils/sandbox-checkout.server'

/**
 * GET /resources/checkout.js — the checkout script the site loads: Razorpay's own (a redirect to
 * its host) when Razorpay is configured, else the sandbox's, which production refuses to serve.
 */
export async function loader(_args: LoaderFunctionArgs) {
  if (env.RAZORPAY_KEY_ID) {
    return new Response(null, { status: 302, headers: { Location: 'https://checkout.razorpay.com/v1/checkout.js' } })
  }
  if (env.isProduction && !env.MOCKS) return new Response('Not found', { status: 404 })
  return new Response(SANDBOX_CHECKOUT_JS, {
    headers: {
      'Content-Type': 'application/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=300',
      'X-Content-Type-Options': 'nosniff',
    },
  })
}
