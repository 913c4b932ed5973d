import type { Payload, PayloadRequest, TaskConfig } from 'payload'
import { LOCKS, withTryLock } from '../lib/advisoryLock'
import { newRequest } from '../lib/transaction'
import { advanceBatches } from '../services/batches/lifecycle'
import { expireDueOffers, expireOffer } from '../services/batches/offers'
import { fillFreeSeats, OFFERS_QUEUE } from '../services/batches/seating'
import { approveOverdueRefunds } from '../services/payments/refundDeadline'
import { expireCredits } from '../services/plans/expireCredits'
import { sendRenewalReminders } from '../services/plans/renewal'
import { sendRatingAsks } from '../services/ratings/ratings'
import { sendDueSessionReminders } from '../services/sessions/reminders'

/**
 * The time-driven work (docs/decisions/069, "Time"): one ordered step, `timeTick`, every minute on
 * the `time` queue, under a PostgreSQL advisory lock, so two workers, the CMS's own runner and a
 * one-off hold expiry never interleave at a month end and the result does not depend on which job
 * ran first. Every part is also idempotent on its own (conditional UPDATEs under row locks).
 */
export const TIME_QUEUE = 'time'

export type TimeWork = {
  expired: number
  completed: number
  started: number
  opened: number
  seats: number
  credits: number
  refundsApproved: number
  reminders: number
  sessionReminders: number
  ratingAsks: number
}

/**
 * One pass, in order: holds that ran out first (their seats go to the batch they were in, before it
 * starts running), then batches that ended complete, batches whose day came start (and the next
 * ones open), free seats go to whoever is in line for them (fillFreeSeats), credits past their deadline are refunded or lapse, refund requests nobody decided in time are approved, and renewal reminders go out.
 * Returns null when another process is running the tick (it does the same work); with `wait`, it
 * waits for that one to finish and then runs (tests, the test clock).
 */
export async function runTimeWork(req: PayloadRequest, opts: { wait?: boolean } = {}): Promise<TimeWork | null> {
  const done = await withTryLock(
    req.payload,
    LOCKS.time,
    async () => {
      const expired = await expireDueOffers(req)
      const batches = await advanceBatches(req)
      const seats = await fillFreeSeats(req)
      const credits = await expireCredits(req)
      // Refund requests nobody decided in time are approved (docs/decisions/215).
      const refundsApproved = await approveOverdueRefunds(req)
      const reminders = await sendRenewalReminders(req)
      // Session reminders due now (24 hours and 1 hour before), each round claimed once (docs/decisions/105).
      const sessionReminders = (await sendDueSessionReminders(req)).messages
      // "Rate your mentor" once per student and batch, after their first attended session (docs/decisions/108).
      const ratingAsks = await sendRatingAsks(req)
      return { expired, ...batches, seats, credits, refundsApproved, reminders, sessionReminders, ratingAsks }
    },
    opts,
  )
  return done.ran ? done.value : null
}

/** For scripts and tests: one tick with a request of its own. */
export const tick = async (payload: Payload) => runTimeWork(await newRequest(payload), { wait: true })

export const timeTickTask: TaskConfig<{
  input: Record<string, never>
  output: {
    ran: boolean
    expired: number
    completed: number
    started: number
    opened: number
    credits: number
    refundsApproved: number
    reminders: number
    sessionReminders: number
    ratingAsks: number
  }
}> = {
  slug: 'timeTick',
  label: 'Move time on: holds, batches, credits, renewal and session reminders',
  retries: 2,
  schedule: [{ cron: '* * * * *', queue: TIME_QUEUE }],
  inputSchema: [],
  outputSchema: [
    { name: 'ran', type: 'checkbox' },
    { name: 'expired', type: 'number' },
    { name: 'completed', type: 'number' },
    { name: 'started', type: 'number' },
    { name: 'opened', type: 'number' },
    { name: 'seats', type: 'number' },
    { name: 'credits', type: 'number' },
    { name: 'refundsApproved', type: 'number' },
    { name: 'reminders', type: 'number' },
    { name: 'sessionReminders', type: 'number' },
    { name: 'ratingAsks', type: 'number' },
  ],
  handler: async ({ req }) => {
    const work = await runTimeWork(req)
    return {
      output: {
        ran: work !== null,
        expired: 0,
        completed: 0,
        started: 0,
        opened: 0,
        seats: 0,
        credits: 0,
        refundsApproved: 0,
        reminders: 0,
        sessionReminders: 0,
        ratingAsks: 0,
        ...work,
      },
    }
  },
}

/**
 * Queued with each hold, `waitUntil` its expiry, on the `offers` queue: passes the seat on on time.
 * It takes the tick's lock too; when the tick is running, the tick's own sweep expires the hold.
 */
export const expireSeatOfferTask: TaskConfig<{ input: { offerId: number }; output: { expired: boolean } }> = {
  slug: 'expireSeatOffer',
  label: 'Expire one seat offer',
  retries: 2,
  inputSchema: [{ name: 'offerId', type: 'number', required: true }],
  outputSchema: [{ name: 'expired', type: 'checkbox' }],
  handler: async ({ input, req }) => {
    // A request of its own: the job's `req` names the transaction Payload used to pick the job up,
    // which has ended by now, so expireOffer would join a transaction that is gone and every due
    // hold's job failed ("takes a row lock"), leaving the hold to the next tick (found by the
    // model-based test, tests/int/modelRegressions.int.test.ts).
    const done = await withTryLock(req.payload, LOCKS.time, async () => expireOffer(await newRequest(req.payload), input.offerId))
    return { output: { expired: done.ran && done.value } }
  },
}

export const timeTasks = [timeTickTask, expireSeatOfferTask]
export { OFFERS_QUEUE }
