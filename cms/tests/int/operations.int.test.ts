import type { AddressInfo } from 'node:net'
import { createServer } from 'node:net'
import { REFUND_REASON_OTHER } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import nodemailer from 'nodemailer'
import type { Payload } from 'payload'
import pg from 'pg'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSmtpSink } from '../../../scripts/lib/smtp-sink'
import { GatewayError, setGatewayForTests } from '../../gateway'
import { runTimeWork } from '../../jobs/time'
import { workerLoops } from '../../jobs/worker'
import { newRequest, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { flushOutbox, queueOutbox, sendDueEmails, useMailTransportForTests } from '../../notifications/outbox'
import { REFUNDS_QUEUE } from '../../services/payments/approveRefund'
import { type RestClient, resetClock, setNow, setUpWorld } from '../fixtures'
import { checkoutBody, createOrder, refundGateway, runRefundJobs } from '../helpers/payments'
import { runbookSql } from '../helpers/runbook'
import { createUser, type TestUser, unique } from '../helpers/scenarios'

// It drains the whole outbox, runs the refunds queue and the minute's tick: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

/**
 * The runbook's procedures (docs/operations.md), followed as written: its SQL blocks are read from
 * the document and run as an operator runs them in psql; its API calls are made as it shows them.
 */
let payload: Payload
let rest: RestClient
let admin: TestUser

const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => txQuery<T>(await newRequest(payload), query)

beforeAll(async () => ({ payload, rest, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(() => {
  resetClock()
  setGatewayForTests(null)
  useMailTransportForTests(undefined)
})

/** A port nothing listens on: SMTP "down". */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('E-mail backlog', () => {
  it('SMTP down until messages fail; fixed, requeued as the runbook says and drained by the worker: each message delivered once', async () => {
    // Whatever the fixtures queued is out of the way first.
    await flushOutbox(payload)
    const to = `${unique('backlog')}@test.mentorloop.in`
    const mail = (i: number) => ({
      to,
      template: 'test-backlog',
      ...renderEmail({ subject: `Backlog ${i}`, greeting: 'Hi', paragraphs: [`${i}`] }),
    })
    useMailTransportForTests(nodemailer.createTransport({ host: '127.0.0.1', port: await closedPort(), connectionTimeout: 2_000 }))

    // 20 messages fail five times over about 80 minutes and are given up (`failed`)...
    setNow(Date.now())
    await queueOutbox(
      await newRequest(payload),
      Array.from({ length: 20 }, (_, i) => mail(i)),
    )
    for (let attempt = 1; attempt <= 5; attempt++) {
      while ((await sendDueEmails(payload, { lane: 'now', limit: 50 })) > 0) {
        // every due message tried once
      }
      setNow(Date.now() + 61 * 60_000)
    }
    // ...and 5 more failed once and wait for their next try.
    await queueOutbox(
      await newRequest(payload),
      Array.from({ length: 5 }, (_, i) => mail(20 + i)),
    )
    await sendDueEmails(payload, { lane: 'now', limit: 50 })
    resetClock()

    const backlog = await runbookSql('outbox-backlog')
    expect(backlog.map((r) => ({ lane: r.lane, status: r.status, messages: Number(r.messages) }))).toEqual([
      { lane: 'now', status: 'queued', messages: 5 },
      { lane: 'now', status: 'failed', messages: 20 },
    ])
    const errors = await runbookSql('outbox-errors')
    expect(String(errors[0]!.error)).toMatch(/ECONNREFUSED/)

    // SMTP fixed; then the runbook's requeue, and the worker's own e-mail loop drains it.
    const sink = await startSmtpSink()
    useMailTransportForTests(nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true }))
    try {
      const requeued = await runbookSql('requeue-email')
      expect(requeued).toHaveLength(25)
      const emailLoop = workerLoops(payload).find((l) => l.name === 'e-mail')!
      while ((await emailLoop.step()) > 0) {
        // the loop's next batch
      }
      expect(await runbookSql('outbox-backlog')).toEqual([])
      const rows = await q<{ status: string; message_id: string }>(sql`SELECT status, message_id FROM email_outbox WHERE "to" = ${to}`)
      expect(rows).toHaveLength(25)
      expect(rows.every((r) => r.status === 'sent')).toBe(true)
      const delivered = sink.messageIds().filter((id) => rows.some((r) => r.message_id === id))
      expect(delivered).toHaveLength(25)
      expect(new Set(delivered).size).toBe(25)
    } finally {
      await sink.stop()
    }
  })
})

describe('Worker stuck', () => {
  it('a job left `processing` by a killed worker: listed, released as the runbook says, then run once', async () => {
    const gateway = refundGateway()
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId: verified.body.payment.id, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    // An admin's approval queues the refund job; a worker picks it up (as the exclusive pick-up
    // marks it) and is killed three minutes ago, before doing anything.
    expect((await rest.patch(`/refund-requests/${asked.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200)
    const [job] = await q<{ id: number }>(
      sql`UPDATE payload_jobs SET processing = true, updated_at = now() - interval '3 minutes'
           WHERE task_slug = 'processRefund' AND (input->>'refundRequestId')::int = ${asked.body.id} RETURNING id`,
    )
    expect(job).toBeDefined()
    await runRefundJobs(payload)
    expect(gateway.calls).toHaveLength(0)

    const left = await runbookSql('jobs-left-processing')
    expect(left.map((r) => Number(r.id))).toContain(Number(job!.id))
    const released = await runbookSql('release-jobs')
    expect(released.map((r) => Number(r.id))).toContain(Number(job!.id))

    await runRefundJobs(payload)
    await runRefundJobs(payload)
    expect(gateway.calls).toHaveLength(1)
    const request = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, depth: 0, overrideAccess: true })
    expect(request.status).toBe('refunded')
    expect(await runbookSql('jobs-left-processing')).toEqual([])
  })

  it('the minute’s tick held up by a hung session’s advisory lock: the holder found and ended as the runbook says, and the tick runs', async () => {
    const hung = new pg.Client({ connectionString: process.env.DATABASE_URL })
    hung.on('error', () => {}) // its connection is ended below: that is the point
    await hung.connect()
    try {
      const { rows } = await hung.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')
      await hung.query('SELECT pg_advisory_lock(4201, 1)')
      expect(await runTimeWork(await newRequest(payload))).toBeNull()

      const holders = await runbookSql('time-lock-holder')
      expect(holders.map((h) => Number(h.pid))).toEqual([rows[0]!.pid])
      expect(await runbookSql('release-time-lock', { pid: rows[0]!.pid })).toEqual([{ ended: true }])

      expect(await runTimeWork(await newRequest(payload))).not.toBeNull()
      expect(await runbookSql('time-lock-holder')).toEqual([])
    } finally {
      await hung.end().catch(() => {})
    }
  })
})

describe('Refunds failing', () => {
  it('refused for wrong keys; keys fixed, found with the runbook’s query, approved again through the API as shown: refunded once', async () => {
    refundGateway(async () => {
      throw new GatewayError('Razorpay refused to refund the payment: Authentication failed', 'AUTH', false, 401)
    })
    const student = await createUser(payload)
    const order = await createOrder(rest, student, 'BEGINNER_TECHY')
    const verified = await rest.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    const paymentId = verified.body.payment.id as number
    const asked = await rest.post('/refund-requests/request', {
      token: student.token,
      body: { paymentId, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    expect((await rest.patch(`/refund-requests/${asked.body.id}`, { token: admin.token, body: { status: 'approved' } })).status).toBe(200)
    await runRefundJobs(payload)

    const failed = await runbookSql('failed-refunds')
    expect(failed.map((r) => Number(r.id))).toEqual([asked.body.id])
    expect(String(failed[0]!.last_error)).toMatch(/^AUTH: /)
    expect((await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })).status).toBe('completed')

    // The keys are fixed; the runbook's loop: an admin's token, then "approve" for each failed request.
    const gateway = refundGateway()
    const login = await rest.post('/users/login', { body: { email: admin.email, password: admin.password } })
    expect(login.status).toBe(200)
    for (const { id } of failed) {
      const res = await rest.post(`/refund-requests/${id}/decide`, { token: login.body.token, body: { decision: 'approve' } })
      expect(res.status).toBe(200)
    }
    await runRefundJobs(payload)
    await payload.jobs.queue({ task: 'retryRefunds', queue: REFUNDS_QUEUE, input: {} })
    await runRefundJobs(payload)

    expect(await runbookSql('failed-refunds')).toEqual([])
    expect(gateway.calls).toHaveLength(1)
    const request = await payload.findByID({ collection: 'refund-requests', id: asked.body.id, depth: 0, overrideAccess: true })
    expect(request.status).toBe('refunded')
    expect((await payload.findByID({ collection: 'payments', id: paymentId, depth: 0, overrideAccess: true })).status).toBe('refunded')
  })
})
