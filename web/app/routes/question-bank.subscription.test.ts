import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { MESSAGES } from '@mentorloop/shared'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'

/**
 * The subscription route's loader and action against a stand-in CMS on a local port (the network
 * boundary): what the site says when the CMS fails, and that an incomplete checkout result never
 * reaches the CMS's verification. The whole purchase runs end to end in e2e/tests/question-bank.spec.ts.
 */
type Answer = { status: number; body: unknown }
let cms: Server
let calls: { method: string; path: string; body: string }[] = []
let answers: Record<string, Answer> = {}
let route: typeof import('./question-bank.subscription')
let session: typeof import('~/utils/session.server')

beforeAll(async () => {
  cms = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk) => (body += chunk))
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname.replace(/^\/api/, '')
      calls.push({ method: req.method ?? 'GET', path, body })
      const answer =
        path === '/users/me'
          ? { status: 200, body: { user: { id: 7, email: 'student@example.in', roles: ['student'] } } }
          : (answers[`${req.method} ${path}`] ?? { status: 404, body: { error: 'Not Found' } })
      res.writeHead(answer.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(answer.body))
    })
  })
  await new Promise<void>((resolve) => cms.listen(0, '127.0.0.1', resolve))
  process.env.CMS_INTERNAL_URL = `http://127.0.0.1:${(cms.address() as AddressInfo).port}`
  route = await import('./question-bank.subscription')
  session = await import('~/utils/session.server')
})

afterAll(() => new Promise<void>((resolve) => cms.close(() => resolve())))

beforeEach(() => {
  calls = []
  answers = {}
})

async function cookie() {
  return (await session.commitSessionToken('a.b.c', Math.floor(Date.now() / 1000) + 3600)).split(';')[0]!
}

async function post(fields: Record<string, string>) {
  const request = new Request('http://localhost:3000/question-bank/subscription', {
    method: 'POST',
    body: new URLSearchParams(fields),
    headers: { cookie: await cookie(), 'content-type': 'application/x-www-form-urlencoded' },
  })
  const result = (await route.action({ request, params: {}, context: {} })) as unknown as {
    data: Record<string, unknown>
    init: ResponseInit | null
  }
  return { status: result.init?.status ?? 200, body: result.data }
}

describe('question-bank subscription route', () => {
  it('shows Free and the spec’s message when the status call fails', async () => {
    answers['GET /payment/subscription-status'] = { status: 500, body: { error: 'boom' } }
    answers['GET /plans'] = { status: 200, body: { docs: [] } }
    const request = new Request('http://localhost:3000/question-bank/subscription', { headers: { cookie: await cookie() } })
    const result = (await route.loader({ request, params: {}, context: {} })) as unknown as { data: Record<string, unknown> }
    expect(result.data).toMatchObject({
      status: { currentPlan: 'Free', isActive: false, expiryDate: null },
      statusFailed: true,
      plans: [],
    })
  })

  it('an incomplete checkout result is "Invalid payment response" and never reaches the CMS', async () => {
    for (const missing of ['razorpay_payment_id', 'razorpay_order_id', 'razorpay_signature']) {
      const fields: Record<string, string> = {
        intent: 'verify',
        razorpay_payment_id: 'pay_1',
        razorpay_order_id: 'order_1',
        razorpay_signature: 'sig',
      }
      delete fields[missing]
      const res = await post(fields)
      expect(res.status).toBe(400)
      expect(res.body).toEqual({ intent: 'verify', error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE })
    }
    expect(calls.filter((c) => c.path.startsWith('/payment/'))).toEqual([])
  })

  it('a complete result is verified by the CMS; a refusal is the spec’s verification message', async () => {
    const fields = { intent: 'verify', razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'sig' }
    answers['POST /payment/verify-payment'] = { status: 200, body: { success: true } }
    expect(await post(fields)).toEqual({ status: 200, body: { intent: 'verify', ok: true, message: MESSAGES.QB_SUCCESS } })
    const sent = calls.find((c) => c.path === '/payment/verify-payment')
    expect(JSON.parse(sent!.body)).toEqual({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_1', razorpay_signature: 'sig' })

    answers['POST /payment/verify-payment'] = { status: 400, body: { error: 'bad signature' } }
    expect((await post(fields)).body).toEqual({ intent: 'verify', error: MESSAGES.QB_VERIFICATION_FAILED })
  })

  it('subscribing sends only the plan code; failures become the spec’s text, a repurchase keeps the CMS’s', async () => {
    answers['POST /payment/create-order'] = { status: 500, body: { error: 'gateway down' } }
    expect((await post({ intent: 'subscribe', planType: 'PLAN1', js: '1', amount: '1' })).body).toEqual({
      intent: 'subscribe',
      error: MESSAGES.QB_INITIATE_FAILED,
    })
    expect(JSON.parse(calls.find((c) => c.path === '/payment/create-order')!.body)).toEqual({ planType: 'PLAN1' })

    const already = 'You have already purchased the Plus plan. You cannot purchase the same plan twice.'
    answers['POST /payment/create-order'] = { status: 409, body: { error: already } }
    expect((await post({ intent: 'subscribe', planType: 'PLAN1', js: '1' })).body).toEqual({ intent: 'subscribe', error: already })

    calls = []
    expect((await post({ intent: 'subscribe', planType: 'QB_FREE', js: '1' })).status).toBe(400)
    // Without JavaScript the widget cannot open, so no order is made.
    const noJs = await post({ intent: 'subscribe', planType: 'PLAN1' })
    expect(noJs.status).toBe(400)
    expect(noJs.body.error).toMatch(/needs JavaScript/)
    expect(calls.filter((c) => c.path.startsWith('/payment/'))).toEqual([])
  })

  it('the Free button creates no order', async () => {
    answers['GET /payment/subscription-status'] = {
      status: 200,
      body: { currentPlan: 'Plus', planCode: 'PLAN1', isActive: true, expiryDate: '2026-12-22T10:00:00.000Z' },
    }
    const res = await post({ intent: 'free' })
    expect(res.body).toEqual({
      intent: 'free',
      info: 'Your Plus plan is paid until 22 Dec 2026; after that you return to Free automatically.',
    })
    expect(calls.some((c) => c.path === '/payment/create-order')).toBe(false)
  })

  it('on Free, the Free button opens practice without an order', async () => {
    answers['GET /payment/subscription-status'] = {
      status: 200,
      body: { currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null },
    }
    const request = new Request('http://localhost:3000/question-bank/subscription', {
      method: 'POST',
      body: new URLSearchParams({ intent: 'free' }),
      headers: { cookie: await cookie(), 'content-type': 'application/x-www-form-urlencoded' },
    })
    const thrown = await Promise.resolve(route.action({ request, params: {}, context: {} })).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('location')).toBe('/question-bank/practice')
    expect(calls.some((c) => c.path === '/payment/create-order')).toBe(false)
  })
})
