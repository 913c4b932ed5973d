import { createSandboxGateway } from '../../cms/gateway/sandbox'
import type { Bench } from '../bench'
import { startBenchStack } from '../stack'

/**
 * payments: 20 connections verifying distinct sandbox payments for 10 s through the real HTTP
 * endpoint (POST /api/payments/verify-payment) of the production CMS. The sandbox signs each
 * checkout result exactly as Razorpay does, so the real HMAC check, the conditional UPDATE and
 * the waitlist step all run. Correct means: every verified order answered `activated: true`
 * exactly once, a second verification of each answered `activated: false`, and the database holds
 * exactly one completed payment per verified order.
 *
 * Orders are created up front (per connection, STUDENTS_PER_CONNECTION students x
 * ORDERS_PER_STUDENT), before any is verified, so the "already purchased" check does not stop the
 * set-up; each order is its own payment. A student stays within the per-account write limits
 * (docs/decisions/175: 20 orders and 60 verifications in ten minutes), as real buyers do: each
 * connection works through several students' orders, one after the other.
 */
const QUICK = process.env.BENCH_QUICK === '1'
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? (QUICK ? 5 : 20))
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 2 : 10))
const ORDERS_PER_STUDENT = Number(process.env.BENCH_ORDERS_PER_STUDENT ?? 15)
const STUDENTS_PER_CONNECTION = Number(process.env.BENCH_STUDENTS_PER_CONNECTION ?? (QUICK ? 8 : 11))
const BASE = Number(process.env.BENCH_PORT_BASE ?? 4550)
const ADMIN = { email: 'admin@mentorloop.in', password: process.env.SEED_PASSWORD ?? 'mentorloop-dev-password' }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round = (n: number) => Math.round(n * 10) / 10

const bench: Bench = async () => {
  console.log('starting the production CMS and site on a fresh database...')
  const stack = await startBenchStack('pay', BASE)
  const sandbox = createSandboxGateway()
  try {
    const api = `http://127.0.0.1:${BASE + 1}/api`
    const call = async (method: string, p: string, token?: string, body?: unknown) => {
      const res = await fetch(`${api}${p}`, {
        method,
        headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      const text = await res.text()
      let parsed: any = text
      try {
        parsed = JSON.parse(text)
      } catch {}
      return { status: res.status, body: parsed }
    }
    const must = async (method: string, p: string, token?: string, body?: unknown) => {
      const r = await call(method, p, token, body)
      if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`)
      return r.body
    }

    const admin = (await must('POST', '/users/login', undefined, ADMIN)).token as string
    console.log(`creating ${CONNECTIONS} x ${STUDENTS_PER_CONNECTION} students with ${ORDERS_PER_STUDENT} orders each...`)
    const setupStarted = performance.now()
    const students = await Promise.all(
      Array.from({ length: CONNECTIONS }, async (_, i) => {
        const orders: { token: string; orderId: string }[] = []
        for (let j = 0; j < STUDENTS_PER_CONNECTION; j++) {
          const email = `bench-buyer-${i}-${j}-${process.pid}@bench.mentorloop.in`
          const password = `bench-password-${i}-${j}-xyz`
          await must('POST', '/users', admin, { email, password, name: `Bench Buyer ${i}.${j}`, roles: ['student'], passwordLogin: true })
          const token = (await must('POST', '/users/login', undefined, { email, password })).token as string
          for (let k = 0; k < ORDERS_PER_STUDENT; k++) {
            orders.push({ token, orderId: (await must('POST', '/payments/create-order', token, { planCode: 'BEGINNER_TECHY' })).orderId })
          }
        }
        return { token: orders[0]!.token, orders }
      }),
    )
    console.log(`set-up took ${Math.round((performance.now() - setupStarted) / 1000)} s`)

    const countCompleted = async () =>
      (await must('GET', '/payments?where[status][equals]=completed&limit=1&depth=0', admin)).totalDocs as number
    // The seed has completed payments of its own; count ours on top of them.
    const completedBefore = await countCompleted()

    // Baseline on the same server and auth: a read-only payment endpoint, same connections, 5 s.
    const readLatencies: number[] = []
    const readDeadline = performance.now() + 5000
    const readStarted = performance.now()
    await Promise.all(
      students.map(async (s) => {
        while (performance.now() < readDeadline) {
          const t0 = performance.now()
          await call('GET', '/payments/has-plan?planType=BEGINNER_TECHY', s.token)
          readLatencies.push(performance.now() - t0)
        }
      }),
    )
    const readSorted = readLatencies.sort((a, b) => a - b)
    const baselineReadOnly = {
      endpoint: 'GET /api/payments/has-plan',
      requests: readSorted.length,
      reqPerSec: round((readSorted.length / (performance.now() - readStarted)) * 1000),
      p50Ms: Math.round(pct(readSorted, 50)),
      p99Ms: Math.round(pct(readSorted, 99)),
    }

    // The run: each connection verifies its own student's orders, one after the other, for SECONDS.
    const latencies: number[] = []
    const verified: { token: string; body: Record<string, string> }[] = []
    let activatedTrue = 0
    let errors = 0
    let ranOut = false
    const errorSamples: unknown[] = []
    const deadline = performance.now() + SECONDS * 1000
    const started = performance.now()
    await Promise.all(
      students.map(async (s) => {
        for (const { token, orderId } of s.orders) {
          if (performance.now() >= deadline) return
          const r = sandbox.pay(orderId)
          const body = { razorpay_order_id: r.orderId, razorpay_payment_id: r.paymentId, razorpay_signature: r.signature }
          const t0 = performance.now()
          const res = await call('POST', '/payments/verify-payment', token, body)
          latencies.push(performance.now() - t0)
          if (res.status === 200) {
            verified.push({ token, body })
            if (res.body.activated === true) activatedTrue++
          } else {
            errors++
            if (errorSamples.length < 3) errorSamples.push({ status: res.status, body: res.body })
          }
        }
        ranOut = true
      }),
    )
    const wallMs = performance.now() - started
    const sorted = latencies.sort((a, b) => a - b)
    const run = {
      connections: CONNECTIONS,
      seconds: SECONDS,
      requests: latencies.length,
      reqPerSec: round((latencies.length / wallMs) * 1000),
      p50Ms: Math.round(pct(sorted, 50)),
      p99Ms: Math.round(pct(sorted, 99)),
      maxMs: Math.round(sorted[sorted.length - 1] ?? 0),
    }

    // Exactly once: repeat every verification (must answer activated: false), then count rows.
    console.log(`re-verifying ${verified.length} payments...`)
    let repeatActivated = 0
    for (let i = 0; i < verified.length; i += CONNECTIONS) {
      const batch = await Promise.all(
        verified.slice(i, i + CONNECTIONS).map((v) => call('POST', '/payments/verify-payment', v.token, v.body)),
      )
      repeatActivated += batch.filter((r) => r.status !== 200 || r.body.activated !== false).length
    }
    const completed = (await countCompleted()) - completedBefore
    const ok = errors === 0 && activatedTrue === verified.length && repeatActivated === 0 && completed === verified.length && !ranOut

    console.table({ run, baselineReadOnly })
    return {
      ok,
      summary: `${run.requests} verifications in ${SECONDS} s over ${CONNECTIONS} connections: ${run.reqPerSec} req/s, p50 ${run.p50Ms} ms, p99 ${run.p99Ms} ms; ${activatedTrue} activated once, ${repeatActivated} activated again on repeat, ${completed} completed rows, ${errors} errors (read-only baseline ${baselineReadOnly.reqPerSec} req/s, p50 ${baselineReadOnly.p50Ms} ms)${ranOut ? ' (ran out of pre-created orders: raise BENCH_STUDENTS_PER_CONNECTION)' : ''}`,
      run,
      baselineReadOnly,
      verifyVsReadThroughput: round(run.reqPerSec / baselineReadOnly.reqPerSec),
      loadAverage: (await import('node:os')).loadavg().map(round),
      verified: verified.length,
      activatedOnce: activatedTrue,
      activatedAgainOnRepeat: repeatActivated,
      completedRows: completed,
      errors,
      errorSamples,
      ranOutOfOrders: ranOut,
      node: process.version,
    }
  } finally {
    await stack.stop()
  }
}

export default bench
