import nodemailer from 'nodemailer'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink } from '../../scripts/lib/smtp-sink'
import { env, parseEnv, productionWarnings } from '../lib/env'
import { smtpOptions } from './outbox'

/**
 * Production mail goes over TLS or not at all (docs/decisions/173): against a server that offers
 * no STARTTLS (the local sink: as a server, or someone on the way, that strips it looks), a
 * production transport refuses to send, unless the operator allowed plain SMTP.
 */
let sink: Awaited<ReturnType<typeof startSmtpSink>>
beforeAll(async () => {
  sink = await startSmtpSink()
})
afterAll(async () => {
  await sink.stop()
})

const base = { SMTP_HOST: '127.0.0.1', SMTP_USER: 'mailer', SMTP_PASS: 'secret-password', SMTP_ALLOW_PLAIN: false }
const send = (options: ReturnType<typeof smtpOptions>) => {
  const transport = nodemailer.createTransport({ ...options, pool: false })
  return transport
    .sendMail({ from: 'no-reply@mentorloop.in', to: 'student@example.com', subject: 'Reset your password', text: 'link' })
    .finally(() => transport.close())
}

describe('SMTP over TLS in production', () => {
  it('production on port 587 requires STARTTLS: a server without it gets no password and no message', async () => {
    const options = smtpOptions({ ...base, SMTP_PORT: sink.port, isProduction: true })
    expect(options.requireTLS).toBe(true)
    const before = sink.messages.length
    await expect(send(options)).rejects.toThrow(/STARTTLS/i)
    expect(sink.messages.length).toBe(before)
  })

  it('SMTP_ALLOW_PLAIN=true is the operator allowing plain SMTP: the message goes', async () => {
    // (The sink takes no login; the allowance, not the password, is what is tested.)
    const options = smtpOptions({ ...base, SMTP_USER: undefined, SMTP_PORT: sink.port, isProduction: true, SMTP_ALLOW_PLAIN: true })
    expect(options.requireTLS).toBe(false)
    const before = sink.messages.length
    await send(options)
    expect(sink.messages.length).toBe(before + 1)
  })

  it('port 465 is TLS from the first byte; development may use a plain local server', () => {
    expect(smtpOptions({ ...base, SMTP_PORT: 465, isProduction: true })).toMatchObject({ secure: true })
    expect(smtpOptions({ ...base, SMTP_PORT: 587, isProduction: false }).requireTLS).toBe(false)
  })

  it('SMTP_ALLOW_PLAIN is parsed from the environment and warned about in production', () => {
    const parsed = parseEnv({ SMTP_HOST: 'smtp.example.com', SMTP_ALLOW_PLAIN: 'true' })
    expect(parsed.SMTP_ALLOW_PLAIN).toBe(true)
    expect(parseEnv({}).SMTP_ALLOW_PLAIN).toBe(false)
    expect(() => parseEnv({ SMTP_ALLOW_PLAIN: 'yes please' })).toThrow(/SMTP_ALLOW_PLAIN/)
    const production = { ...env, isProduction: true, SMTP_HOST: 'smtp.example.com' }
    expect(productionWarnings({ ...production, SMTP_ALLOW_PLAIN: true }).join('\n')).toMatch(/SMTP_ALLOW_PLAIN=true/)
    expect(productionWarnings({ ...production, SMTP_ALLOW_PLAIN: false })).toEqual([])
  })
})
