import { sql } from '@payloadcms/db-postgres/drizzle'
import nodemailer from 'nodemailer'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSmtpSink } from '../../../scripts/lib/smtp-sink'
import { startWorkers } from '../../jobs/worker'
import { txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { EMAIL_LEASE_MS, flushOutbox, queueOutbox, sendDueEmails, useMailTransportForTests } from '../../notifications/outbox'
import { REFUNDS_QUEUE } from '../../services/payments/approveRefund'
import { reqAs, resetClock, setNow, setUpWorld } from '../fixtures'
import { unique } from '../helpers/scenarios'

/**
 * Background work runs each job and sends each e-mail once, whatever runs it and however many
 * runners there are (docs/decisions/070-jobs-run-once.md): two runners at once over thousands of
 * jobs and e-mails, a runner that died mid-job, a failed job update that must not leave its
 * connection aborted, and a month-end backlog that must not hold up a refund or an offer e-mail.
 */
// It sends everything in its outbox and runs every queue: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
const q = async <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) => txQuery<T>(await reqAs(), query)

/** Refund jobs still in the queue. */
const left = async () => (await q<{ n: number }>(sql`SELECT count(*)::int AS n FROM payload_jobs WHERE queue = ${REFUNDS_QUEUE}`))[0]!.n

const mail = (to: string, i: number) => ({
  to,
  template: 'test-bulk',
  ...renderEmail({ subject: `Message ${i}`, greeting: 'Hi', paragraphs: [`Number ${i}.`] }),
})

beforeAll(async () => ({ payload } = await setUpWorld()))

afterAll(() => useMailTransportForTests(undefined))

describe('e-mail: the outbox is the queue', () => {
  it('two senders at once deliver each of 5,000 e-mails exactly once, through real SMTP', async () => {
    const sink = await startSmtpSink()
    useMailTransportForTests(
      nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true, pool: true, maxConnections: 5 }),
    )
    try {
      const to = `${unique('two-senders')}@test.mentorloop.in`
      const req = await reqAs()
      await queueOutbox(
        req,
        Array.from({ length: 5000 }, (_, i) => ({ ...mail(to, i), priority: 'bulk' as const })),
      )
      const sender = async () => {
        while ((await sendDueEmails(payload, { lane: 'all', limit: 200, concurrency: 5 })) > 0) {
          // next batch
        }
      }
      await Promise.all([sender(), sender()])
      const rows = await q<{ id: number; status: string; message_id: string }>(
        sql`SELECT id, status, message_id FROM email_outbox WHERE "to" = ${to} ORDER BY id`,
      )
      expect(rows).toHaveLength(5000)
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([])
      const ours = new Set(rows.map((r) => r.message_id))
      const delivered = sink.messageIds().filter((id) => ours.has(id))
      expect(delivered).toHaveLength(5000)
      expect(new Set(delivered).size).toBe(5000)
    } finally {
      useMailTransportForTests(undefined)
      await sink.stop()
    }
  }, 240_000)

  it('the same event queued twice (its dedupe key) is one message', async () => {
    const to = `${unique('dedupe')}@test.mentorloop.in`
    const req = await reqAs()
    const key = `test:${to}`
    await queueOutbox(req, [{ ...mail(to, 1), key }])
    await queueOutbox(req, [
      { ...mail(to, 2), key },
      { ...mail(to, 3), key },
    ])
    await flushOutbox(payload)
    const rows = await q(sql`SELECT subject, status FROM email_outbox WHERE "to" = ${to}`)
    expect(rows).toEqual([{ subject: 'Message 1', status: 'captured' }])
  })

  it('a message a dead sender was holding is sent again once its lease runs out, and only then', async () => {
    const to = `${unique('lease')}@test.mentorloop.in`
    await queueOutbox(await reqAs(), [mail(to, 1)])
    // A sender claims it and dies before sending: the row stays `sending`.
    const [row] = await q<{ id: number }>(sql`SELECT id FROM email_outbox WHERE "to" = ${to}`)
    await q(sql`UPDATE email_outbox SET status = 'sending', claimed_at = ${new Date().toISOString()}::timestamptz WHERE id = ${row!.id}`)
    await flushOutbox(payload)
    expect(await q(sql`SELECT status FROM email_outbox WHERE id = ${row!.id}`)).toEqual([{ status: 'sending' }])
    try {
      setNow(Date.now() + EMAIL_LEASE_MS + 1_000)
      await flushOutbox(payload)
    } finally {
      resetClock()
    }
    expect(await q(sql`SELECT status, attempts FROM email_outbox WHERE id = ${row!.id}`)).toEqual([{ status: 'captured', attempts: '1' }])
  })
})

describe('jobs: Payload’s queue, picked up exclusively', () => {
  /** Cheap jobs with no side effect but a result: a refund job for a request that does not exist answers `skipped`. */
  async function queueRefundJobs(n: number) {
    const rows = JSON.stringify(Array.from({ length: n }, (_, i) => ({ id: 900_000_000 + i })))
    const at = new Date().toISOString()
    await q(
      sql`INSERT INTO payload_jobs (input, task_slug, queue, created_at, updated_at)
          SELECT jsonb_build_object('refundRequestId', (x.value->>'id')::int), 'processRefund', ${REFUNDS_QUEUE}, ${at}::timestamptz, ${at}::timestamptz
            FROM jsonb_array_elements(${rows}::jsonb) AS x(value)`,
    )
  }
  it('two runners at once run each of 2,000 jobs once, and leave no connection aborted', async () => {
    await queueRefundJobs(2000)
    const ran: number[] = []
    const runner = async () => {
      for (;;) {
        const result = (await payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 50, silent: true })) as {
          noJobsRemaining?: boolean
          jobStatus?: Record<string, unknown>
        }
        ran.push(...Object.keys(result.jobStatus ?? {}).map(Number))
        if (result.noJobsRemaining) return
      }
    }
    await Promise.all([runner(), runner()])
    expect(await left()).toBe(0)
    expect(ran).toHaveLength(2000)
    expect(new Set(ran).size).toBe(2000)
    const aborted = await q(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction (aborted)'`,
    )
    expect(aborted).toEqual([])
  }, 240_000)

  it('a job whose runner died is picked up again after its lease, not before', async () => {
    await queueRefundJobs(1)
    const [job] = await q<{ id: number }>(sql`SELECT id FROM payload_jobs WHERE queue = ${REFUNDS_QUEUE} ORDER BY id DESC LIMIT 1`)
    await q(sql`UPDATE payload_jobs SET processing = true, updated_at = ${new Date().toISOString()}::timestamptz WHERE id = ${job!.id}`)
    await payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 10, silent: true })
    expect(await left()).toBe(1)
    await q(sql`UPDATE payload_jobs SET updated_at = ${new Date(Date.now() - 6 * 60_000).toISOString()}::timestamptz WHERE id = ${job!.id}`)
    await payload.jobs.run({ queue: REFUNDS_QUEUE, limit: 10, silent: true })
    expect(await left()).toBe(0)
  })

  it('a job update that fails rolls its transaction back: no connection is left aborted', async () => {
    await queueRefundJobs(1)
    const [job] = await q<{ id: number }>(sql`SELECT id FROM payload_jobs WHERE queue = ${REFUNDS_QUEUE} ORDER BY id DESC LIMIT 1`)
    const entry = {
      id: 'duplicate-log-entry',
      executedAt: new Date().toISOString(),
      completedAt: new Date().toISOString(),
      taskSlug: 'processRefund',
      taskID: '1',
      state: 'succeeded',
    }
    const db = payload.db as unknown as {
      beginTransaction: () => Promise<string | number>
      updateJobs: (args: unknown) => Promise<unknown>
    }
    const update = async () =>
      db.updateJobs({ id: job!.id, data: { log: [entry, entry] }, req: { transactionID: await db.beginTransaction() } })
    await expect(update()).rejects.toThrow()
    await expect(update()).rejects.toThrow()
    const aborted = await q(
      sql`SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND state = 'idle in transaction (aborted)'`,
    )
    expect(aborted).toEqual([])
    await q(sql`DELETE FROM payload_jobs WHERE id = ${job!.id}`)
  })
})

describe('a month-end backlog holds up nothing urgent', () => {
  it('with 20,000 bulk e-mails queued, one worker sends an offer e-mail and runs a refund job within 60 s', async () => {
    const bulk = `${unique('backlog')}@test.mentorloop.in`
    const req = await reqAs()
    await queueOutbox(
      req,
      Array.from({ length: 20_000 }, (_, i) => ({ ...mail(bulk, i), priority: 'bulk' as const })),
    )
    const workers = startWorkers(payload, { idleMs: 200 })
    try {
      // Let the bulk lane get going, then the urgent things arrive.
      await new Promise((r) => setTimeout(r, 1_000))
      const started = Date.now()
      const offer = `${unique('offer')}@test.mentorloop.in`
      await queueOutbox(await reqAs(), [{ ...mail(offer, 1), template: 'seat-offer', priority: 'urgent' }])
      const refund = await payload.jobs.queue({ task: 'processRefund', queue: REFUNDS_QUEUE, input: { refundRequestId: 999_999_999 } })
      let offerAt = 0
      let refundAt = 0
      while ((!offerAt || !refundAt) && Date.now() - started < 60_000) {
        if (!offerAt && (await q(sql`SELECT 1 FROM email_outbox WHERE "to" = ${offer} AND status = 'captured'`)).length)
          offerAt = Date.now()
        if (!refundAt && (await q(sql`SELECT 1 FROM payload_jobs WHERE id = ${refund.id}`)).length === 0) refundAt = Date.now()
        await new Promise((r) => setTimeout(r, 100))
      }
      const [{ n: bulkLeft }] = (await q<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM email_outbox WHERE "to" = ${bulk} AND status = 'queued'`,
      )) as [{ n: number }]
      console.info(
        `[backlog] offer e-mail after ${offerAt - started} ms, refund job after ${refundAt - started} ms, ${bulkLeft} of 20,000 bulk e-mails still queued`,
      )
      expect(offerAt, 'the offer e-mail was sent').toBeGreaterThan(0)
      expect(refundAt, 'the refund job ran').toBeGreaterThan(0)
      expect(offerAt - started).toBeLessThan(60_000)
      expect(refundAt - started).toBeLessThan(60_000)
    } finally {
      await workers.stop()
    }
  }, 180_000)
})
