import os from 'node:os'
import pg from 'pg'
import { copyStudentsWithPlans } from '../../scripts/lib/students'
import type { Bench } from '../bench'
import { startBenchStack } from '../stack'

/**
 * booking-race: one mentor with 15 seats, 500 distinct students with active plans, all posting
 * POST /api/bookings at the same moment through the real HTTP endpoint of the production CMS.
 * Correct means exactly 15 confirmed, 485 waitlisted (in a gap-free queue), 0 errors. Baseline in
 * the same run: the same 500 students reading GET /api/mentors/:id/is-full at once (same server,
 * same auth, no transaction, no lock), to show what the lock and the writes cost.
 */
const QUICK = process.env.BENCH_QUICK === '1'
const STUDENTS = Number(process.env.BENCH_STUDENTS ?? (QUICK ? 60 : 500))
const CAPACITY = Number(process.env.BENCH_CAPACITY ?? 15)
const BASE = Number(process.env.BENCH_PORT_BASE ?? 4450)
const ADMIN = { email: 'admin@mentorloop.in', password: process.env.SEED_PASSWORD ?? 'mentorloop-dev-password' }

type Timed = { status: number; ms: number; body: unknown }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0
const round = (n: number) => Math.round(n * 10) / 10

function stats(results: Timed[], wallMs: number) {
  const ms = results.map((r) => r.ms).sort((a, b) => a - b)
  return {
    requests: results.length,
    wallMs: Math.round(wallMs),
    throughputPerSec: round((results.length / wallMs) * 1000),
    p50Ms: Math.round(pct(ms, 50)),
    p99Ms: Math.round(pct(ms, 99)),
    maxMs: Math.round(ms[ms.length - 1] ?? 0),
  }
}

async function inBatches<T, R>(items: T[], size: number, fn: (item: T, i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = []
  for (let i = 0; i < items.length; i += size) out.push(...(await Promise.all(items.slice(i, i + size).map((x, j) => fn(x, i + j)))))
  return out
}

const bench: Bench = async () => {
  console.log('starting the production CMS and site on a fresh database...')
  const stack = await startBenchStack('booking', BASE)
  try {
    const api = `http://127.0.0.1:${BASE + 1}/api`
    const call = async (method: string, p: string, token?: string, body?: unknown): Promise<Timed> => {
      const started = performance.now()
      const res = await fetch(`${api}${p}`, {
        method,
        headers: { ...(token ? { Authorization: `JWT ${token}` } : {}), ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      })
      const text = await res.text()
      const ms = performance.now() - started
      let parsed: unknown = text
      try {
        parsed = JSON.parse(text)
      } catch {}
      return { status: res.status, ms, body: parsed }
    }
    const must = async (method: string, p: string, token?: string, body?: unknown) => {
      const r = await call(method, p, token, body)
      if (r.status >= 300) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(r.body)}`)
      return r.body as any
    }

    const admin = (await must('POST', '/users/login', undefined, ADMIN)).token as string
    const mentor = (
      await must('POST', '/mentors', admin, {
        name: 'Bench Mentor',
        email: `bench-mentor-${Date.now()}@bench.mentorloop.in`,
        profession: 'SDE III',
        company: 'Benchmark Inc',
        skills: 'Concurrency',
        capacity: CAPACITY,
        _status: 'published',
      })
    ).doc as { id: number }

    console.log(`creating ${STUDENTS} students with active plans...`)
    const setupStarted = performance.now()
    // Set-up is not what we measure: one student through the API (so the password hash is real),
    // the rest copied in SQL with the same hash, plans as completed payments in one INSERT, then
    // every student signs in through the API to get a real session token.
    const runId = `${process.pid}${Date.now().toString(36)}`
    const password = 'bench-password-xyz'
    const emailOf = (i: number) => `bench-${runId}-${i}@bench.mentorloop.in`
    const template = (
      await must('POST', '/users', admin, { email: emailOf(0), password, name: 'Bench Student 0', roles: ['student'], passwordLogin: true })
    ).doc as { id: number }
    const db = new pg.Client({ connectionString: stack.databaseUrl })
    await db.connect()
    try {
      await copyStudentsWithPlans(db, { templateId: template.id, prefix: `bench-${runId}`, domain: 'bench.mentorloop.in', count: STUDENTS })
    } finally {
      await db.end()
    }
    const tokens = await inBatches(
      Array.from({ length: STUDENTS }, (_, i) => i),
      16,
      async (i) => (await must('POST', '/users/login', undefined, { email: emailOf(i), password })).token as string,
    )
    console.log(`set-up took ${Math.round((performance.now() - setupStarted) / 1000)} s`)

    // Baseline: the same students, all at once, on a read-only endpoint.
    let started = performance.now()
    const reads = await Promise.all(tokens.map((t) => call('GET', `/mentors/${mentor.id}/is-full`, t)))
    const baseline = stats(reads, performance.now() - started)

    // The race.
    started = performance.now()
    const results = await Promise.all(tokens.map((t) => call('POST', '/bookings', t, { mentorId: mentor.id })))
    const race = stats(results, performance.now() - started)

    const confirmedAnswers = results.filter((r) => r.status === 201).length
    const waitlistedAnswers = results.filter((r) => r.status === 200 && (r.body as { code?: string }).code === 'WAITLISTED').length
    const errors = results.length - confirmedAnswers - waitlistedAnswers
    const seats = await must('GET', `/mentors/${mentor.id}/is-full`)
    const queue = (await must('GET', `/waitlist/mentor/${mentor.id}`, admin)).waitlistEntries as { position: number }[]
    const positionsGapFree = queue.every((e, i) => e.position === i + 1)
    const expectedWaitlisted = STUDENTS - CAPACITY
    const ok =
      confirmedAnswers === CAPACITY &&
      seats.booked === CAPACITY &&
      waitlistedAnswers === expectedWaitlisted &&
      queue.length === expectedWaitlisted &&
      positionsGapFree &&
      errors === 0

    const figures = {
      ok,
      summary: `${STUDENTS} parallel bookings for ${CAPACITY} seats: ${seats.booked} confirmed, ${queue.length} waitlisted, ${errors} errors; ${race.throughputPerSec} bookings/s, p50 ${race.p50Ms} ms, p99 ${race.p99Ms} ms (read-only baseline: ${baseline.throughputPerSec} req/s, p50 ${baseline.p50Ms} ms, p99 ${baseline.p99Ms} ms)`,
      students: STUDENTS,
      capacity: CAPACITY,
      confirmed: seats.booked,
      confirmedAnswers,
      waitlisted: queue.length,
      waitlistedAnswers,
      queuePositionsGapFree: positionsGapFree,
      errors,
      errorSamples: results
        .filter((r) => r.status !== 201 && r.status !== 200)
        .slice(0, 3)
        .map((r) => ({ status: r.status, body: r.body })),
      race,
      baselineReadOnly: baseline,
      bookingVsReadThroughput: round(race.throughputPerSec / baseline.throughputPerSec),
      node: process.version,
      // The machine is shared: the load during the run says how much to trust absolute figures.
      loadAverage: os.loadavg().map(round),
    }
    console.table({ race, baseline })
    return figures
  } finally {
    await stack.stop()
  }
}

export default bench
