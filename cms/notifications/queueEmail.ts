import type { PayloadRequest } from 'payload'
import type { EmailContent } from './layout'

/**
 * Queues an e-mail on Payload's database-backed jobs queue, inside the caller's transaction
 * (`req`): if the booking, payment or refund rolls back, the job row rolls back with it and
 * nothing is sent. One message per recipient — never another student's address in `to`.
 */
export async function queueEmail(req: PayloadRequest, message: EmailContent & { to: string; template: string }): Promise<void> {
  await req.payload.jobs.queue({
    task: 'sendEmail',
    input: { to: message.to, subject: message.subject, text: message.text, html: message.html, template: message.template },
    req,
  })
}
