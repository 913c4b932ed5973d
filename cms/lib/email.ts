import { createLocalReq, type EmailAdapter } from 'payload'
import { parseFrom, queueOutbox } from '../notifications/outbox'
import { env } from './env'

const asText = (v: unknown): string =>
  Array.isArray(v)
    ? v.map(asText).join(', ')
    : typeof v === 'object' && v && 'address' in v
      ? String((v as { address: string }).address)
      : String(v ?? '')

/**
 * Payload's e-mail adapter, for the e-mails Payload itself sends (password reset): they go into the
 * same outbox as ours (urgent), and the senders deliver them (cms/notifications/outbox.ts): SMTP
 * when SMTP_HOST is set, otherwise captured in the outbox, where a developer and a test read them.
 */
export const emailAdapter: EmailAdapter = ({ payload }) => {
  const from = parseFrom(env.MAIL_FROM)
  return {
    name: env.SMTP_HOST ? 'smtp' : 'outbox',
    defaultFromAddress: from.address,
    defaultFromName: from.name,
    sendEmail: async (message) => {
      await queueOutbox(await createLocalReq({}, payload), [
        {
          to: asText(message.to),
          subject: String(message.subject ?? ''),
          template: String((message as { template?: string }).template ?? 'payload'),
          text: typeof message.text === 'string' ? message.text : '',
          html: typeof message.html === 'string' ? message.html : '',
          priority: 'urgent',
        },
      ])
      return { queued: true }
    },
  }
}
