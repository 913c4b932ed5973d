import type { AddressInfo } from 'node:net'
import { formatDate, istDay, istMidnight, istMonth, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import nodemailer from 'nodemailer'
import pg from 'pg'
import { SMTPServer } from 'smtp-server'
import { productionNode } from '../../scripts/lib/node-lts'
import { startUntilReady } from '../../scripts/lib/processes'
import { workerProcess } from '../../scripts/lib/production'
import { ROOT } from '../../scripts/lib/stack'
import type { Bench } from '../bench'
import { machineFigures, startBenchStack } from '../stack'

/**
 * reminders: one day's session reminders for a full marketplace (docs/decisions/105), through the
 * production CMS's own path and the real e-mail path: the minute's tick claims the due rounds in
 * the `session_reminders` ledger and queues the messages in the outbox, and the runners' e-mail
 * loops send them over SMTP (nodemailer, as in production) into a local SMTP sink (smtp-server,
 * docs/decisions/112), which counts what arrives. Nothing is counted in the outbox table alone.
 *
 * The marketplace, loaded in set-based SQL (set-up is not what we measure): BATCHES mentors, each
 * with a running batch of 15 seated (paid) students and its 4 sessions on the month's first four
 * Saturdays, between 10:00 and 10:59 IST (mentor k at 10:00 + k mod 60 minutes).
 *
 * "One day's reminders": every session is on a Saturday, so the Friday before sends exactly the
 * 24-hour reminders of the second Saturday's sessions (BATCHES sessions x (15 students + the mentor))
 * and nothing else (the Saturday itself sends the same number of 1-hour ones). We send them as one
 * burst, the worst case of that day: the clock moves to Friday 11:00 IST, when every one is due at
 * once (as after a worker outage), and two ticks run at the same moment (POST /api/test-clock twice,
 * the same `runTimeWork` the worker's `timeTick` runs). The runners: the CMS's own loops (the clock
 * it was moved to) and a second `npm run worker` process (its e-mail and refund loops compete for the
 * same rows; its own tick, on the real clock, finds nothing due).
 *
 * Timed: queuing (the ticks' requests) and until the sink holds every message. When half have
 * arrived, an admin approves a seated student's refund request (POST /api/refund-requests/:id/decide):
 * the refund job goes through the sandbox gateway and settles; timed until the request is `refunded`
 * and until the student's e-mail about it reaches the sink.
 *
 * Checked: every expected (person, session, kind) arrived exactly once (the sink's Message-IDs mapped
 * to the outbox rows' keys; no Message-ID twice); the ledger has one round per session of the day and
 * its recipients add up to what arrived; no other session of ours has a round. Then both ticks again
 * and a few seconds of both runners: nothing more is sent. Baseline in the same run: the same
 * message sent straight from here with nodemailer (pooled, 5 connections, as the CMS's transport)
 * to the same sink, as messages per second.
 */
const QUICK = process.env.BENCH_QUICK === '1'
const BATCHES = Number(process.env.BENCH_BATCHES ?? (QUICK ? 20 : 500))
const SEATED = 15
const SESSIONS = 4
const BASE = Number(process.env.BENCH_PORT_BASE ?? 4700)
const SMTP_PORT = Number(process.env.BENCH_SMTP_PORT ?? BASE + 20)
const LIMIT_MS = Number(process.env.BENCH_REMINDERS_LIMIT_MS ?? 60_000)
const REFUND_LIMIT_MS = Number(process.env.BENCH_REFUND_LIMIT_MS ?? 60_000)
const ADMIN = { email: 'admin@mentorloop.in', password: process.env.SEED_PASSWORD ?? 'mentorloop-dev-password' }
const HOUR = 3_600_000

const round = (n: number) => Math.round(n * 10) / 10
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** A local SMTP sink: every message it accepts, with its envelope recipients, Message-ID and arrival time. */
function smtpSink() {
  const received: { to: string; messageId: string; at: number }[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // No reverse DNS lookup of 127.0.0.1 on every connection (a pool reconnects every 100 messages).
    disableReverseLookup: true,
    // The CMS's pool (5) and the worker's (5), and the baseline's.
    maxClients: 50,
    onData(stream, session, callback) {
      let head = ''
      stream.on('data', (chunk: Buffer) => {
        // The headers are all we read; the body only has to arrive.
        if (head.length < 8192) head += chunk.toString('utf8')
      })
      stream.on('end', () => {
        const messageId = /^Message-ID:\s*(<[^>]+>)/im.exec(head)?.[1] ?? ''
        const at = performance.now()
        for (const r of session.envelope.rcptTo) received.push({ to: r.address.toLowerCase(), messageId, at })
        callback()
      })
    },
  })
  return {
    received,
    start: (port: number) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject)
        server.listen(port, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port))
      }),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** The month after this one (in India), its first four Saturdays, and the clock's two moments. */
function calendar() {
  const { year, month } = istDay(new Date())
  const m = istMonth(year, month + 1)
  const { year: y, month: mo } = istDay(new Date(m.startsOn.getTime() + 12 * HOUR))
  const saturdays: Date[] = []
  for (let d = 1; saturdays.length < SESSIONS; d++) {
    const midnight = istMidnight(y, mo, d)
    if (new Date(midnight.getTime() + 12 * HOUR).getUTCDay() === 6) saturdays.push(midnight)
  }
  const day = saturdays[1]!
  return {
    month: m,
    saturdays,
    day,
    // Friday 09:00 IST: nothing of ours due (the sessions are 25-26 hours away); the set-up happens here.
    settleAt: new Date(day.getTime() - 15 * HOUR),
    // Friday 11:00 IST: every 24-hour reminder of the Saturday's 10:00-10:59 sessions is due, no 1-hour one.
    sendAt: new Date(day.getTime() - 13 * HOUR),
  }
}

const bench: Bench = async () => {
  const saved = {
    JOBS_AUTORUN: process.env.JOBS_AUTORUN,
    SMTP_HOST: process.env.SMTP_HOST,
    SMTP_PORT: process.env.SMTP_PORT,
    SMTP_ALLOW_PLAIN: process.env.SMTP_ALLOW_PLAIN,
  }
  const sink = smtpSink()
  await sink.start(SMTP_PORT)
  // The CMS runs its own runners (its clock is the one the test clock moves) and sends through the sink.
  process.env.JOBS_AUTORUN = 'true'
  process.env.SMTP_HOST = '127.0.0.1'
  process.env.SMTP_PORT = String(SMTP_PORT)
  // The sink speaks plain SMTP; a production build sends over it only when allowed.
  process.env.SMTP_ALLOW_PLAIN = 'true'
  console.log(`SMTP sink on 127.0.0.1:${SMTP_PORT}; starting the production CMS and site on a fresh database...`)
  const stack = await startBenchStack('remind', BASE).finally(() => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })
  const db = new pg.Client({ connectionString: stack.databaseUrl })
  await db.connect()
  try {
    const api = `http://127.0.0.1:${BASE + 1}/api`
    const serviceKey = stack.env.SERVICE_KEY ?? ''
    const call = async (method: string, p: string, opts: { token?: string; service?: boolean; body?: unknown } = {}) => {
      const res = await fetch(`${api}${p}`, {
        method,
        headers: {
          ...(opts.token ? { Authorization: `JWT ${opts.token}` } : {}),
          ...(opts.service ? { [SERVICE_KEY_HEADER]: serviceKey } : {}),
          ...(opts.body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: opts.body ? JSON.stringify(opts.body) : undefined,
        signal: AbortSignal.timeout(10 * 60_000),
      })
      const text = await res.text()
      if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${text}`)
      return JSON.parse(text)
    }
    const moveClock = async (body: Record<string, unknown>) =>
      (await call('POST', '/test-clock', { service: true, body })) as { now: string; work: Record<string, number> | null }
    const q = async <T = Record<string, unknown>>(text: string, values: unknown[] = []) => (await db.query(text, values)).rows as T[]
    const one = async (text: string, values: unknown[] = []) => Number(Object.values((await q(text, values))[0] ?? {})[0] ?? 0)
    const { month, saturdays, day, settleAt, sendAt } = calendar()
    // The second runner: production's `npm run worker` (compiled, on production's Node), the same
    // loops, on the same database and sink. It starts first and loads while the clock is settled and
    // the marketplace loaded.
    const workerSpawnedAt = performance.now()
    let workerStartedMs = 0
    const workerSpec = workerProcess(ROOT, {
      ...stack.env,
      JOBS_AUTORUN: 'false',
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(SMTP_PORT),
      SMTP_ALLOW_PLAIN: 'true',
      WORKER_METRICS_PORT: '0',
    })
    const workerStart = startUntilReady('wrk', productionNode(), workerSpec.args, {
      cwd: workerSpec.cwd,
      env: workerSpec.env,
      quiet: !process.env.BENCH_VERBOSE,
      readyLine: 'Jobs worker started',
      startTimeoutMs: 300_000,
    }).then(
      () => {
        workerStartedMs = performance.now() - workerSpawnedAt
        return null
      },
      // Resolved, not thrown: a rejection nobody awaits yet would end the process.
      (error: Error) => error.message,
    )

    // The seed's own batches and sessions live up to Friday morning first, so that the measured tick
    // finds only what the cron would have left.
    await moveClock({ offsetMs: settleAt.getTime() - Date.now(), runJobs: true })

    const runId = `rm${process.pid}${Date.now().toString(36)}`
    const domain = 'bench.mentorloop.in'
    const seated = BATCHES * SEATED
    const expected = BATCHES * (SEATED + 1)
    console.log(
      `one day's reminders: the Friday before ${formatDate(day)} sends the 24-hour reminders of that Saturday's ${BATCHES} sessions ` +
        `to ${SEATED} students and the mentor each: ${expected} e-mails, due at once at ${formatDate(sendAt, 'full')}`,
    )

    // The student whose refund is approved in the middle: a real account (signs in, asks for the refund).
    const admin = (await call('POST', '/users/login', { body: ADMIN })).token as string
    const refundStudent = { email: `${runId}-s0@${domain}`, password: `bench-password-${runId}` }
    await call('POST', '/users', {
      token: admin,
      body: { ...refundStudent, name: 'Seated 0', roles: ['student'], passwordLogin: true },
    })

    console.log(`loading ${BATCHES} batches x ${SEATED} seated students x ${SESSIONS} sessions...`)
    const setupStarted = performance.now()
    await q('BEGIN')
    await q(
      `INSERT INTO mentors (name, email, profession, company, skills, capacity, display_order, accepting_bookings, auto_open_next_batch, _status)
       SELECT 'Bench Reminder Mentor ' || g, $1 || '-m' || g || '@${domain}', 'SDE III', 'Benchmark Inc', 'Weekends',
              $2, 1000 + g, true, false, 'published'
         FROM generate_series(1, $3::int) g`,
      [runId, SEATED, BATCHES],
    )
    await q(
      `CREATE TEMP TABLE bm AS SELECT (substring(email from '-m([0-9]+)@'))::int AS k, id FROM mentors WHERE email LIKE $1 || '-m%'`,
      [runId],
    )
    await q(
      `INSERT INTO batches (mentor_id, label, starts_on, ends_on, capacity, status, started_at)
       SELECT id, $1, $2, $3, $4, 'running', $2 FROM bm ORDER BY k`,
      [month.label, month.startsOn, month.endsOn, SEATED],
    )
    await q(`CREATE TEMP TABLE bb AS SELECT bm.k, b.id, b.mentor_id FROM batches b JOIN bm ON bm.id = b.mentor_id`)
    await q(
      `INSERT INTO users (email, name, password_login)
       SELECT $1 || '-s' || g || '@${domain}', 'Seated ' || g, false FROM generate_series(1, $2::int - 1) g`,
      [runId, seated],
    )
    await q(
      `CREATE TEMP TABLE bu AS SELECT id, email, (substring(email from '-s([0-9]+)@'))::int AS i FROM users WHERE email LIKE $1 || '-s%'`,
      [runId],
    )
    await q(`INSERT INTO users_roles ("order", parent_id, value) SELECT 1, id, 'student' FROM bu WHERE i > 0`)
    // Student i sits in batch i / 15 + 1, paid by their own plan.
    await q(
      `INSERT INTO payments (user_id, plan_id, amount, currency, status, gateway, gateway_order_id, gateway_payment_id,
                             subscription_starts, subscription_ends, batch_id)
       SELECT bu.id, p.id, p.price * 100, 'INR', 'completed', 'sandbox', 'bench_' || $1 || '_' || bu.id, 'bench_pay_' || $1 || '_' || bu.id,
              $2::timestamptz, $3::timestamptz + interval '24 hours', bb.id
         FROM bu JOIN bb ON bb.k = bu.i / ${SEATED} + 1 CROSS JOIN (SELECT id, price FROM plans WHERE code = 'BEGINNER_TECHY') p`,
      [runId, month.startsOn, month.endsOn],
    )
    await q(
      `INSERT INTO bookings (user_id, mentor_id, batch_id, payment_id, status, source, created_at, updated_at)
       SELECT bu.id, bb.mentor_id, bb.id, p.id, 'confirmed', 'direct', $2::timestamptz - interval '10 days', $2::timestamptz - interval '10 days'
         FROM bu JOIN bb ON bb.k = bu.i / ${SEATED} + 1 JOIN payments p ON p.gateway_order_id = 'bench_' || $1 || '_' || bu.id
        ORDER BY bu.i`,
      [runId, month.startsOn],
    )
    // Session n of batch k on Saturday n at 10:00 IST + (k mod 60) minutes: no mentor's two sessions overlap.
    await q(
      `INSERT INTO sessions (title, mentor_id, batch_id, starts_at, duration_minutes, meeting_link, status, sequence, created_at, updated_at)
       SELECT 'Weekend session ' || s.n, bb.mentor_id, bb.id, s.day + interval '10 hours' + (bb.k % 60) * interval '1 minute', 60,
              'https://meet.example.com/bench-' || bb.k, 'scheduled', 0, $2::timestamptz, $2::timestamptz
         FROM bb CROSS JOIN unnest($1::timestamptz[]) WITH ORDINALITY AS s(day, n)`,
      [saturdays, month.startsOn],
    )
    await q(
      `CREATE TEMP TABLE bs AS SELECT s.id, s.batch_id, s.starts_at, s.starts_at >= $1 AND s.starts_at < $2 AS today
         FROM sessions s JOIN bb ON bb.id = s.batch_id`,
      [day, new Date(day.getTime() + 24 * HOUR)],
    )
    await q('COMMIT')
    await q('ANALYZE')
    const loaded = {
      batches: await one(`SELECT count(*) FROM bb`),
      seatedStudents: await one(`SELECT count(*) FROM bookings bk JOIN bb ON bb.id = bk.batch_id WHERE bk.status = 'confirmed'`),
      sessions: await one(`SELECT count(*) FROM bs`),
      sessionsOfTheDay: await one(`SELECT count(*) FROM bs WHERE today`),
    }
    const setupSeconds = Math.round((performance.now() - setupStarted) / 1000)
    console.log(`set-up took ${setupSeconds} s:`, loaded)

    // The refund student asks for their refund now (a week after their Session 1: it goes to an admin).
    const student = (await call('POST', '/users/login', { body: refundStudent })).token as string
    const refundPaymentId = await one(`SELECT p.id FROM payments p JOIN bu ON bu.id = p.user_id WHERE bu.i = 0`)
    const requested = (await call('POST', '/refund-requests/request', {
      token: student,
      body: { paymentId: refundPaymentId, reason: 'I expected more interaction with the mentor', feedback: '' },
    })) as { id: number; status: string }

    // Quiet before the measurement: the worker is up and whatever the seed queued has gone out.
    const notReady = await workerStart
    if (notReady) throw new Error(`the second runner (npm run worker): ${notReady}`)
    for (let i = 0; i < 600 && (await one(`SELECT count(*) FROM email_outbox WHERE status IN ('queued', 'sending')`)) > 0; i++) {
      await sleep(100)
    }
    const ours = (to: string) => to.startsWith(`${runId}-`)
    const receivedAt = sink.received.length

    // The day: two ticks at once, then the runners deliver; the refund is approved when half have arrived.
    console.log(`moving the clock to ${sendAt.toISOString()} and running two ticks at once...`)
    const t0 = performance.now()
    const offsetMs = sendAt.getTime() - Date.now()
    const ticks = await Promise.all([moveClock({ offsetMs, runJobs: true }), moveClock({ offsetMs, runJobs: true })])
    const queuedMs = performance.now() - t0
    const claimedRounds = await one(`SELECT count(*) FROM session_reminders r JOIN bs ON bs.id = r.session_id`)
    console.log(
      `queued in ${Math.round(queuedMs)} ms (${claimedRounds} rounds; the ticks reported ${ticks.map((t) => t.work?.sessionReminders ?? 0).join(' and ')} messages)`,
    )

    // What else reaches our people meanwhile (the refund's e-mails): their outbox rows name them by Message-ID.
    let others = new Set<string>()
    let othersAt = 0
    const reminderCount = async () => {
      if (performance.now() - othersAt > 250) {
        othersAt = performance.now()
        others = new Set(
          (
            await q<{ message_id: string }>(
              `SELECT message_id FROM email_outbox WHERE "to" LIKE $1 || '-%' AND template <> 'session-reminder' AND message_id IS NOT NULL`,
              [runId],
            )
          ).map((r) => r.message_id),
        )
      }
      return sink.received.slice(receivedAt).filter((r) => ours(r.to) && !others.has(r.messageId)).length
    }
    const refundEmailOf = async () =>
      (
        await q<{ message_id: string }>(`SELECT message_id FROM email_outbox WHERE "to" = $1 AND template = 'refund-approved'`, [
          refundStudent.email,
        ])
      )[0]?.message_id
    let approvedAt = 0
    let approvedWhenDelivered = 0
    let refundedAt = 0
    let refundEmailAt = 0
    let deliveredAt = 0
    const deadline = t0 + Math.max(LIMIT_MS, REFUND_LIMIT_MS) * 5
    while (performance.now() < deadline) {
      const delivered = await reminderCount()
      if (!approvedAt && delivered >= expected / 2) {
        approvedWhenDelivered = delivered
        approvedAt = performance.now()
        await call('POST', `/refund-requests/${requested.id}/decide`, { token: admin, body: { decision: 'approve' } })
      }
      if (
        approvedAt &&
        !refundedAt &&
        (await one(`SELECT count(*) FROM refund_requests WHERE id = $1 AND status = 'refunded'`, [requested.id]))
      ) {
        refundedAt = performance.now()
      }
      if (refundedAt && !refundEmailAt) {
        const id = await refundEmailOf()
        const got = id ? sink.received.find((r) => r.messageId === id) : undefined
        if (got) refundEmailAt = got.at
      }
      if (!deliveredAt && delivered >= expected) deliveredAt = performance.now()
      if (deliveredAt && refundEmailAt) break
      await sleep(20)
    }
    othersAt = 0
    await reminderCount()
    const lastReminderAt = Math.max(
      0,
      ...sink.received
        .slice(receivedAt)
        .filter((r) => ours(r.to) && !others.has(r.messageId))
        .map((r) => r.at),
    )
    // The last reminder's arrival in the sink (the loop above polls; this is exact).
    const sendMs = deliveredAt && lastReminderAt ? lastReminderAt - t0 : performance.now() - t0
    const refundMs = refundedAt ? refundedAt - approvedAt : null
    const refundEmailMs = refundEmailAt ? refundEmailAt - approvedAt : null
    console.log(
      `delivered in ${round(sendMs / 1000)} s; refund approved after ${approvedWhenDelivered} had arrived, refunded ${refundMs === null ? 'never' : `after ${Math.round(refundMs)} ms`}, its e-mail after ${refundEmailMs === null ? 'never' : `${Math.round(refundEmailMs)} ms`}`,
    )

    // The refund also frees a seat, and the e-mails that follow (the mentor, the next in line) go at
    // normal priority behind the reminders: let the outbox drain before the second run, so what
    // arrives after it is the second run's doing.
    const unsent = () => one(`SELECT count(*) FROM email_outbox WHERE status IN ('queued', 'sending')`)
    const drainBy = performance.now() + (QUICK ? 30_000 : 60_000)
    while ((await unsent()) > 0 && performance.now() < drainBy) await sleep(100)
    await sleep(500)

    // Run it again: both ticks at once, then both runners for a while: nothing more may be queued or arrive.
    const outboxBefore = await one(`SELECT count(*) FROM email_outbox`)
    const beforeAgain = sink.received.length
    const again = await Promise.all([moveClock({ runJobs: true }), moveClock({ runJobs: true })])
    await sleep(QUICK ? 3_000 : 5_000)
    const arrivedAgain = sink.received.length - beforeAgain
    const queuedAgain = (await one(`SELECT count(*) FROM email_outbox`)) - outboxBefore

    // Checks, from what the sink received, matched to the outbox rows by Message-ID.
    const rows = await q<{ message_id: string | null; dedupe_key: string | null; to: string; template: string; status: string }>(
      `SELECT message_id, dedupe_key, "to", template, status FROM email_outbox WHERE "to" LIKE $1 || '-%'`,
      [runId],
    )
    const byMessageId = new Map(rows.filter((r) => r.message_id).map((r) => [r.message_id!, r]))
    const arrived = sink.received.filter((r) => ours(r.to))
    const perMessageId = new Map<string, number>()
    for (const r of arrived) perMessageId.set(r.messageId, (perMessageId.get(r.messageId) ?? 0) + 1)
    // The key of a reminder: session-reminder:{session}:{sequence}:{kind}:{channel}:{address}.
    const perReminder = new Map<string, number>()
    let unmatched = 0
    let wrongRecipient = 0
    for (const r of arrived) {
      const row = byMessageId.get(r.messageId)
      if (!row) {
        unmatched++
        continue
      }
      if (row.to.toLowerCase() !== r.to) wrongRecipient++
      if (row.template !== 'session-reminder') continue
      const [, session, , kind, , address] = row.dedupe_key?.split(':') ?? []
      const k = `${address}|${session}|${kind}`
      perReminder.set(k, (perReminder.get(k) ?? 0) + 1)
    }
    // Who must have been reminded of what: each session of the day, its 15 students and its mentor, the 24-hour round.
    const wanted = await q<{ key: string }>(
      `SELECT lower(u.email) || '|' || bs.id || '|day' AS key FROM bs JOIN bookings bk ON bk.batch_id = bs.batch_id JOIN users u ON u.id = bk.user_id
        WHERE bs.today AND (bk.status = 'confirmed' OR u.id = (SELECT id FROM bu WHERE i = 0))
       UNION ALL
       SELECT lower(m.email) || '|' || bs.id || '|day' FROM bs JOIN bb ON bb.id = bs.batch_id JOIN mentors m ON m.id = bb.mentor_id WHERE bs.today`,
    )
    const wantedKeys = new Set(wanted.map((w) => w.key))
    const ledger = await q<{ kind: string; today: boolean; n: number; recipients: number }>(
      `SELECT r.kind, bs.today, count(*)::int AS n, sum(r.recipients)::int AS recipients
         FROM session_reminders r JOIN bs ON bs.id = r.session_id GROUP BY 1, 2 ORDER BY 1, 2`,
    )
    const ledgerRecipients = ledger.reduce((n, r) => n + r.recipients, 0)
    const reminderRows = rows.filter((r) => r.template === 'session-reminder')
    const got = {
      reminderMessagesArrived: [...perReminder.values()].reduce((a, b) => a + b, 0),
      distinctReminders: perReminder.size,
      remindersTwice: [...perReminder.values()].filter((n) => n > 1).length,
      missing: [...wantedKeys].filter((k) => !perReminder.has(k)).length,
      unexpected: [...perReminder.keys()].filter((k) => !wantedKeys.has(k)).length,
      messageIdsTwice: [...perMessageId.values()].filter((n) => n > 1).length,
      unmatched,
      wrongRecipient,
      outboxReminders: reminderRows.length,
      outboxRemindersNotSent: reminderRows.filter((r) => r.status !== 'sent').length,
      ledger,
      ledgerRecipients,
      arrivedOnSecondRun: arrivedAgain,
      queuedOnSecondRun: queuedAgain,
      secondRunWork: again.map((a) => a.work?.sessionReminders ?? 0),
      refundStatus: (await q<{ status: string }>(`SELECT status FROM refund_requests WHERE id = $1`, [requested.id]))[0]?.status,
      refundSeat: (await q<{ status: string }>(`SELECT bk.status FROM bookings bk JOIN bu ON bu.id = bk.user_id WHERE bu.i = 0`))[0]
        ?.status,
    }
    const checks: Record<string, boolean> = {
      eachReminderOnce:
        wantedKeys.size === expected &&
        got.distinctReminders === expected &&
        got.reminderMessagesArrived === expected &&
        got.remindersTwice === 0 &&
        got.missing === 0 &&
        got.unexpected === 0,
      noMessageTwice: got.messageIdsTwice === 0 && got.unmatched === 0 && got.wrongRecipient === 0,
      outboxAllSent: got.outboxReminders === expected && got.outboxRemindersNotSent === 0,
      ledgerOneRoundPerSession:
        ledger.length === 1 && ledger[0]?.kind === 'day' && ledger[0]?.today === true && ledger[0]?.n === loaded.sessionsOfTheDay,
      ledgerMatchesArrived: ledgerRecipients === got.reminderMessagesArrived,
      secondRunSendsNothing: arrivedAgain === 0 && queuedAgain === 0 && got.secondRunWork.every((n) => n === 0),
      refundSettled: got.refundStatus === 'refunded' && got.refundSeat !== 'confirmed',
      refundEmailedOnce: refundEmailAt > 0 && rows.filter((r) => r.template === 'refund-approved').length === 1,
      underLimit: deliveredAt > 0 && sendMs < LIMIT_MS,
      refundUnderLimit: refundMs !== null && refundMs < REFUND_LIMIT_MS,
    }

    console.table(checks)

    // Baseline: the same message straight to the sink with nodemailer (pooled, 5 connections, as the CMS's transport).
    const sample = (
      await q<{ subject: string; text: string; html: string; calendar: string }>(
        `SELECT subject, text, html, calendar FROM email_outbox WHERE template = 'session-reminder' AND "to" LIKE $1 || '-%' LIMIT 1`,
        [runId],
      )
    )[0]
    const baselineCount = Math.min(expected, 2000)
    let baselineMs = 0
    if (sample) {
      const transport = nodemailer.createTransport({
        host: '127.0.0.1',
        port: SMTP_PORT,
        secure: false,
        ignoreTLS: true,
        pool: true,
        maxConnections: 5,
      })
      const t1 = performance.now()
      let i = 0
      await Promise.all(
        Array.from({ length: 5 }, async () => {
          while (i < baselineCount) {
            const n = i++
            await transport.sendMail({
              from: 'MentorLoop <hello@mentorloop.in>',
              to: `baseline-${n}@${domain}`,
              subject: sample.subject,
              text: sample.text,
              html: sample.html,
              icalEvent: { method: 'REQUEST', filename: 'session.ics', content: sample.calendar },
            })
          }
        }),
      )
      baselineMs = performance.now() - t1
      transport.close()
    }
    const baselinePerSecond = baselineMs ? baselineCount / (baselineMs / 1000) : 0
    const perSecond = expected / (sendMs / 1000)

    const ok = Object.values(checks).every(Boolean)
    const figures = {
      ok,
      summary:
        `one day's ${expected} session reminders (${BATCHES} sessions x ${SEATED + 1}) queued in ${round(queuedMs / 1000)} s, all in the SMTP sink ${round(sendMs / 1000)} s after the tick began ` +
        `(limit ${LIMIT_MS / 1000} s; ${Math.round(perSecond)}/s; one process sending the same message straight to the sink: ${Math.round(baselinePerSecond)}/s, x${round(baselinePerSecond / perSecond)}), each exactly once: ${checks.eachReminderOnce}; ` +
        `refund approved mid-way refunded in ${refundMs === null ? 'never' : `${round(refundMs / 1000)} s`} (limit ${REFUND_LIMIT_MS / 1000} s), its e-mail in ${refundEmailMs === null ? 'never' : `${round(refundEmailMs / 1000)} s`}; ` +
        `run again: ${arrivedAgain} more sent, ${queuedAgain} more queued`,
      oneDay: `the Friday before ${formatDate(day)}: the 24-hour reminders of that Saturday's ${BATCHES} sessions (10:00-10:59 IST), due at once at ${formatDate(sendAt, 'full')}`,
      batches: BATCHES,
      seatedPerBatch: SEATED,
      sessionsPerBatch: SESSIONS,
      expectedEmails: expected,
      loaded,
      setupSeconds,
      secondRunnerStartSeconds: Math.round(workerStartedMs / 1000),
      queuedMs: Math.round(queuedMs),
      deliveredMs: Math.round(sendMs),
      // From the end of queuing to the last message in the sink: the runners' sending alone.
      sendingMs: Math.round(sendMs - queuedMs),
      lastReminderMs: lastReminderAt ? Math.round(lastReminderAt - t0) : null,
      limitMs: LIMIT_MS,
      emailsPerSecond: Math.round(perSecond),
      ticks: ticks.map((t) => t.work),
      refund: {
        approvedAfterDelivered: approvedWhenDelivered,
        approvedAtMs: approvedAt ? Math.round(approvedAt - t0) : null,
        refundedMs: refundMs === null ? null : Math.round(refundMs),
        emailMs: refundEmailMs === null ? null : Math.round(refundEmailMs),
        limitMs: REFUND_LIMIT_MS,
      },
      baselineSmtp: { messages: baselineCount, ms: Math.round(baselineMs), perSecond: Math.round(baselinePerSecond) },
      pipelineVsBareSmtp: round(baselinePerSecond / perSecond),
      ...machineFigures(),
      got,
      checks,
    }
    return figures
  } finally {
    await db.end().catch(() => {})
    await stack.stop()
    await sink.stop()
  }
}

export default bench
