import type { PayloadRequest } from 'payload'
import { type EmailMessage, type QueueOptions, queueOutbox } from './outbox'

export type { EmailMessage, EmailPriority } from './outbox'

/**
 * Queues an e-mail in the outbox, inside the caller's transaction (`req`): if the booking, payment
 * or refund rolls back, the message rolls back with it and nothing is sent. One message per
 * recipient — never another student's address in `to`.
 */
export async function queueEmail(req: PayloadRequest, message: EmailMessage, opts: QueueOptions = {}): Promise<void> {
  await queueOutbox(req, [{ ...message, ...opts }])
}

/** Many e-mails at once (a batch opening, a month-end), in one INSERT; same transaction rules. */
export async function queueEmails(req: PayloadRequest, messages: EmailMessage[], opts: QueueOptions = {}): Promise<void> {
  await queueOutbox(
    req,
    messages.map((m) => ({ ...m, priority: opts.priority })),
  )
}
