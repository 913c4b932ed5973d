import type { TaskConfig } from 'payload'
import { advanceBatches } from '../services/batches/lifecycle'
import { expireDueOffers, expireOffer } from '../services/batches/offers'
import { sendRenewalReminders } from '../services/plans/renewal'

/**
 * The time-driven work (docs/decisions/045-batches-in-time.md), on Payload's jobs queue. The
 * scheduled ones go to the `time` queue on a cron; each is idempotent and safe with two workers
 * (every step is a conditional UPDATE under a row lock), so a run that overlaps another, or a
 * retry, changes nothing more.
 */
export const TIME_QUEUE = 'time'

export const advanceBatchesTask: TaskConfig<{
  input: Record<string, never>
  output: { started: number; completed: number; opened: number }
}> = {
  slug: 'advanceBatches',
  label: 'Start, complete and open batches',
  retries: 2,
  schedule: [{ cron: '* * * * *', queue: TIME_QUEUE }],
  inputSchema: [],
  outputSchema: [
    { name: 'started', type: 'number', required: true },
    { name: 'completed', type: 'number', required: true },
    { name: 'opened', type: 'number', required: true },
  ],
  handler: async ({ req }) => ({ output: await advanceBatches(req) }),
}

export const expireSeatOffersTask: TaskConfig<{ input: Record<string, never>; output: { expired: number } }> = {
  slug: 'expireSeatOffers',
  label: 'Expire seat offers past their time (sweep)',
  retries: 2,
  schedule: [{ cron: '* * * * *', queue: TIME_QUEUE }],
  inputSchema: [],
  outputSchema: [{ name: 'expired', type: 'number', required: true }],
  handler: async ({ req }) => ({ output: { expired: await expireDueOffers(req) } }),
}

/** Queued with each offer, `waitUntil` its expiry: passes the seat on on time. */
export const expireSeatOfferTask: TaskConfig<{ input: { offerId: number }; output: { expired: boolean } }> = {
  slug: 'expireSeatOffer',
  label: 'Expire one seat offer',
  retries: 2,
  inputSchema: [{ name: 'offerId', type: 'number', required: true }],
  outputSchema: [{ name: 'expired', type: 'checkbox' }],
  handler: async ({ input, req }) => ({ output: { expired: await expireOffer(req, input.offerId) } }),
}

export const sendRenewalRemindersTask: TaskConfig<{ input: Record<string, never>; output: { sent: number } }> = {
  slug: 'sendRenewalReminders',
  label: 'Remind students whose plan ends in 3 days',
  retries: 2,
  schedule: [{ cron: '*/15 * * * *', queue: TIME_QUEUE }],
  inputSchema: [],
  outputSchema: [{ name: 'sent', type: 'number', required: true }],
  handler: async ({ req }) => ({ output: { sent: await sendRenewalReminders(req) } }),
}

export const timeTasks = [advanceBatchesTask, expireSeatOffersTask, expireSeatOfferTask, sendRenewalRemindersTask]

/**
 * One pass of all the time-driven work, in order (tests, the test clock): holds that ran out first,
 * so the seats they free go to the batch they were in before it starts running.
 */
export async function runTimeWork(req: Parameters<typeof advanceBatches>[0]) {
  const expired = await expireDueOffers(req)
  const batches = await advanceBatches(req)
  const reminders = await sendRenewalReminders(req)
  return { ...batches, expired, reminders }
}
