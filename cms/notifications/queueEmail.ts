import type { PayloadRequest } from 'payload'
import { type QueuedJob, queueJobs } from '../lib/queueJobs'
import type { EmailContent } from './layout'

export type EmailMessage = EmailContent & { to: string; template: string }

const sendEmailInput = (message: EmailMessage) => ({
  to: message.to,
  subject: message.subject,
  text: message.text,
  html: message.html,
  template: message.template,
})

/** The job that sends one e-mail, for queueJobs beside other jobs of the same step. */
export const sendEmailJob = (message: EmailMessage): QueuedJob => ({ task: 'sendEmail', input: sendEmailInput(message) })

/**
 * Queues an e-mail on Payload's database-backed jobs queue, inside the caller's transaction
 * (`req`): if the booking, payment or refund rolls back, the job row rolls back with it and
 * nothing is sent. One message per recipient — never another student's address in `to`.
 */
export async function queueEmail(req: PayloadRequest, message: EmailMessage): Promise<void> {
  await req.payload.jobs.queue({ task: 'sendEmail', input: sendEmailInput(message), req })
}

/** Many e-mails at once (a batch opening, a month-end), the same jobs in one INSERT; same transaction rules. */
export async function queueEmails(req: PayloadRequest, messages: EmailMessage[]): Promise<void> {
  await queueJobs(req, messages.map(sendEmailJob))
}
