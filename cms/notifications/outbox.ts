import { sql } from '@payloadcms/db-postgres/drizzle'
import nodemailer, { type Transporter } from 'nodemailer'
import type SMTPPool from 'nodemailer/lib/smtp-pool'
import type { Payload, PayloadRequest } from 'payload'
import { type Env, env } from '../lib/env'
import { metrics } from '../lib/observability/metrics'
import { txQuery } from '../lib/transaction'
import { methodOf } from './ics'
import type { EmailContent } from './layout'

/**
 * The e-mail outbox (docs/decisions/070-jobs-run-once.md): queueing an e-mail is an INSERT into
 * `email_outbox` in the transaction of the step that causes it (a step that rolls back sends
 * nothing); senders claim queued rows with `FOR UPDATE SKIP LOCKED`, so any number of workers send
 * each message once; a message a dead sender was holding is claimed again after its lease.
 */
/** `calendar`: an iCalendar text sent with the message (a session's entry: docs/decisions/106). */
export type EmailMessage = EmailContent & { to: string; template: string; calendar?: string | null }

/** 0: held seats, payments, refunds; 1: everything else a person did; 2: the month-end's mail to many. */
export type EmailPriority = 'urgent' | 'normal' | 'bulk'
const RANK: Record<EmailPriority, number> = { urgent: 0, normal: 1, bulk: 2 }

export type QueueOptions = { priority?: EmailPriority /** One message per key: queued twice, sent once. */; key?: string }
export type QueuedEmail = EmailMessage & QueueOptions

/** A claimed message is the sender's for this long; then another sender may take it (the first one died). */
export const EMAIL_LEASE_MS = 5 * 60_000
/** Sending is retried after 1, 5, 15, 60 minutes; then the message is `failed` (shown in /admin). */
const BACKOFF_MS = [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000]
const MAX_ATTEMPTS = BACKOFF_MS.length + 1

/** Queues messages in one INSERT, in `req`'s transaction when it has one. */
export async function queueOutbox(req: PayloadRequest, messages: QueuedEmail[]): Promise<void> {
  if (messages.length === 0) return
  const at = new Date().toISOString()
  const rows = JSON.stringify(
    messages.map((m) => ({
      to: m.to,
      subject: m.subject,
      text: m.text,
      html: m.html,
      template: m.template,
      priority: RANK[m.priority ?? 'normal'],
      key: m.key ?? null,
      calendar: m.calendar ?? null,
    })),
  )
  await txQuery(
    req,
    sql`INSERT INTO email_outbox ("to", subject, text, html, template, calendar, priority, dedupe_key, status, attempts, created_at, updated_at)
        SELECT m.value->>'to', m.value->>'subject', m.value->>'text', m.value->>'html', m.value->>'template', m.value->>'calendar',
               (m.value->>'priority')::numeric, m.value->>'key', 'queued', 0, ${at}::timestamptz, ${at}::timestamptz
          FROM jsonb_array_elements(${rows}::jsonb) WITH ORDINALITY AS m(value, n)
         ORDER BY m.n
        ON CONFLICT (dedupe_key) DO NOTHING`,
  )
}

type Claimed = {
  id: number
  to: string
  subject: string
  text: string | null
  html: string | null
  template: string | null
  calendar: string | null
  attempts: number
  priority: number
}

/** The lanes a sender drains: `now` (urgent first, then normal) and `bulk`; each never waits for the other. */
export type Lane = 'now' | 'bulk'
const laneWhere = (lane: Lane | 'all') => (lane === 'now' ? sql`AND priority < 2` : lane === 'bulk' ? sql`AND priority >= 2` : sql``)

/** Takes up to `limit` messages that are due (or whose sender's lease ran out) for this sender alone. */
export async function claimEmails(payload: Payload, opts: { lane: Lane | 'all'; limit: number }): Promise<Claimed[]> {
  const db = (payload.db as unknown as { drizzle: { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Claimed[] }> } }).drizzle
  const now = new Date()
  const at = now.toISOString()
  const stale = new Date(now.getTime() - EMAIL_LEASE_MS).toISOString()
  const { rows } = await db.execute(
    sql`UPDATE email_outbox SET status = 'sending', claimed_at = ${at}::timestamptz, attempts = COALESCE(attempts, 0) + 1,
               updated_at = ${at}::timestamptz
         WHERE id IN (
           SELECT id FROM email_outbox
            WHERE ((status = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ${at}::timestamptz))
                OR (status = 'sending' AND claimed_at < ${stale}::timestamptz))
              ${laneWhere(opts.lane)}
            ORDER BY priority, id
            LIMIT ${opts.limit}
            FOR UPDATE SKIP LOCKED)
     RETURNING id, "to", subject, text, html, template, calendar, attempts, priority`,
  )
  return rows
    .map((r) => ({ ...r, id: Number(r.id), attempts: Number(r.attempts), priority: Number(r.priority) }))
    .sort((a, b) => a.id - b.id)
}

let transport: Transporter | null | undefined

/**
 * The SMTP connection's options. Port 465 is TLS from the start; any other port upgrades with
 * STARTTLS, which production requires (`requireTLS`: a server, or someone on the way, that strips
 * STARTTLS gets no password and no reset link in clear text) unless the operator allowed plain
 * SMTP with SMTP_ALLOW_PLAIN=true (warned about at start, lib/startupCheck.ts).
 */
export function smtpOptions(
  e: Pick<Env, 'SMTP_HOST' | 'SMTP_PORT' | 'SMTP_USER' | 'SMTP_PASS' | 'SMTP_ALLOW_PLAIN' | 'isProduction'>,
): SMTPPool.Options {
  const port = e.SMTP_PORT ?? 587
  const secure = port === 465
  return {
    host: e.SMTP_HOST,
    port,
    secure,
    requireTLS: !secure && e.isProduction && !e.SMTP_ALLOW_PLAIN,
    auth: e.SMTP_USER ? { user: e.SMTP_USER, pass: e.SMTP_PASS ?? '' } : undefined,
    pool: true,
    maxConnections: 5,
    // Well inside the lease: a send either ends or fails before another sender may take the row.
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
  }
}

/** SMTP through nodemailer (pooled) when SMTP_HOST is set; otherwise messages are captured in the outbox. */
export function mailTransport(): Transporter | null {
  if (transport !== undefined) return transport
  transport = env.SMTP_HOST ? nodemailer.createTransport(smtpOptions(env)) : null
  return transport
}

/** Tests: send through this transport (a local SMTP sink), or `undefined` to go back to the configured one. */
export function useMailTransportForTests(next: Transporter | null | undefined): void {
  if (transport && transport !== next) transport.close()
  transport = next
}

export function parseFrom(from: string): { name: string; address: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from)
  return m ? { name: m[1]!.replace(/^"|"$/g, ''), address: m[2]! } : { name: 'MentorLoop', address: from.trim() }
}

/** The Message-ID of an outbox row: the same for every attempt, so a resend after a crash is recognisable. */
export const messageIdOf = (id: number) => `<outbox-${id}@${parseFrom(env.MAIL_FROM).address.split('@')[1] ?? 'mentorloop.in'}>`

/** Sends (or captures) one claimed message and records the outcome on its row. */
export async function deliver(payload: Payload, row: Claimed): Promise<'sent' | 'captured' | 'retrying' | 'failed'> {
  const db = (payload.db as unknown as { drizzle: { execute: (q: ReturnType<typeof sql>) => Promise<unknown> } }).drizzle
  const smtp = mailTransport()
  const messageId = messageIdOf(row.id)
  const from = parseFrom(env.MAIL_FROM)
  try {
    if (smtp) {
      await smtp.sendMail({
        from: `${from.name} <${from.address}>`,
        to: row.to,
        subject: row.subject,
        text: row.text ?? undefined,
        html: row.html ?? undefined,
        // A session's calendar entry: a text/calendar part calendar apps act on, and an .ics attachment.
        ...(row.calendar ? { icalEvent: { method: methodOf(row.calendar), filename: 'session.ics', content: row.calendar } } : {}),
        messageId,
      })
    }
    const status = smtp ? 'sent' : 'captured'
    await db.execute(
      sql`UPDATE email_outbox SET status = ${status}, sent_at = ${new Date().toISOString()}::timestamptz, message_id = ${messageId},
                 error = NULL, updated_at = now()
           WHERE id = ${row.id} AND status = 'sending'`,
    )
    return status
  } catch (error) {
    const failed = row.attempts >= MAX_ATTEMPTS
    const next = failed ? null : new Date(Date.now() + BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!).toISOString()
    await db.execute(
      sql`UPDATE email_outbox SET status = ${failed ? 'failed' : 'queued'}, next_attempt_at = ${next}::timestamptz,
                 error = ${String((error as Error).message ?? error).slice(0, 500)}, updated_at = now()
           WHERE id = ${row.id} AND status = 'sending'`,
    )
    payload.logger.warn({ msg: 'Sending an e-mail failed', outboxId: row.id, attempt: row.attempts, failed })
    return failed ? 'failed' : 'retrying'
  }
}

/**
 * One pass of a sender over a lane: claims up to `limit` messages and sends them, `concurrency` at a
 * time. Returns how many it handled (0: nothing was due).
 */
export async function sendDueEmails(payload: Payload, opts: { lane: Lane | 'all'; limit?: number; concurrency?: number }): Promise<number> {
  const rows = await claimEmails(payload, { lane: opts.lane, limit: opts.limit ?? 100 })
  const emails = metrics().emailsSent
  const concurrency = Math.max(1, opts.concurrency ?? 5)
  let next = 0
  await Promise.all(
    Array.from({ length: Math.min(concurrency, rows.length) }, async () => {
      while (next < rows.length) {
        const row = rows[next++]!
        const outcome = await deliver(payload, row)
        emails.inc({ lane: row.priority >= 2 ? 'bulk' : row.priority <= 0 ? 'urgent' : 'normal', outcome })
      }
    }),
  )
  return rows.length
}

/** Sends everything that is due now, lane by lane (tests, scripts). */
export async function flushOutbox(payload: Payload, lane: Lane | 'all' = 'all'): Promise<number> {
  let total = 0
  for (;;) {
    const n = await sendDueEmails(payload, { lane, limit: 500, concurrency: 10 })
    total += n
    if (n === 0) return total
  }
}
