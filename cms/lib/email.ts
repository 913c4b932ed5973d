import nodemailer, { type Transporter } from 'nodemailer'
import type { EmailAdapter, SendEmailOptions } from 'payload'
import { env } from './env'

function parseFrom(from: string): { name: string; address: string } {
  const m = /^\s*(.*?)\s*<([^>]+)>\s*$/.exec(from)
  return m ? { name: m[1]!.replace(/^"|"$/g, ''), address: m[2]! } : { name: 'MentorLoop', address: from.trim() }
}

const asText = (v: unknown): string =>
  Array.isArray(v)
    ? v.map(asText).join(', ')
    : typeof v === 'object' && v && 'address' in v
      ? String((v as { address: string }).address)
      : String(v ?? '')

/**
 * Payload's e-mail adapter: SMTP through nodemailer when SMTP_HOST is set, otherwise nothing
 * leaves the machine and the message is captured in the `email-outbox` collection, where a
 * developer (in /admin) and a test can read it. Either way the outbox records what happened.
 */
export const emailAdapter: EmailAdapter = ({ payload }) => {
  const from = parseFrom(env.MAIL_FROM)
  const transport: Transporter | null = env.SMTP_HOST
    ? nodemailer.createTransport({
        host: env.SMTP_HOST,
        port: env.SMTP_PORT ?? 587,
        secure: (env.SMTP_PORT ?? 587) === 465,
        auth: env.SMTP_USER ? { user: env.SMTP_USER, pass: env.SMTP_PASS ?? '' } : undefined,
      })
    : null

  const record = (message: SendEmailOptions, status: 'captured' | 'sent' | 'failed', error?: string) =>
    payload.create({
      collection: 'email-outbox',
      overrideAccess: true,
      data: {
        to: asText(message.to),
        subject: String(message.subject ?? ''),
        template: String((message as { template?: string }).template ?? ''),
        status,
        error,
        text: typeof message.text === 'string' ? message.text : undefined,
        html: typeof message.html === 'string' ? message.html : undefined,
      },
    })

  return {
    name: transport ? 'smtp' : 'outbox',
    defaultFromAddress: from.address,
    defaultFromName: from.name,
    sendEmail: async (message) => {
      if (!transport) {
        await record(message, 'captured')
        return { captured: true }
      }
      try {
        const { template: _template, ...mail } = message as SendEmailOptions & { template?: string }
        const info = await transport.sendMail({ from: `${from.name} <${from.address}>`, ...mail })
        await record(message, 'sent')
        return info
      } catch (error) {
        await record(message, 'failed', (error as Error).message)
        throw error
      }
    },
  }
}
