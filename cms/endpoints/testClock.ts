import { clockOffset, nowIso, setClockOffset } from '@mentorloop/shared'
import { z } from 'zod'
import { runTimeWork } from '../jobs/time'
import { endpoint } from '../lib/endpoint'
import { env } from '../lib/env'
import { commonErrors } from '../lib/errors'

const body = z.object({
  /** Set the CMS's clock this far ahead of the system clock (ms; 0 puts it back). */
  offsetMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000)
    .optional(),
  /** Move it further ahead by this much (ms). */
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(400 * 86_400_000)
    .optional(),
  /** Then run the time-driven work once (batches, offers, reminders), as the scheduled jobs would. */
  runJobs: z.boolean().optional(),
})

/**
 * POST /api/test-clock — browser tests move the CMS's time (docs/decisions/043-one-clock.md) and
 * run the time-driven jobs at once instead of waiting for their cron. Only for test runs and
 * development (never a production start without MOCKS), and only with the service key.
 */
export const testClockEndpoint = endpoint({
  path: '/test-clock',
  method: 'post',
  auth: 'service',
  body,
  failure: 'The test clock could not be moved.',
  handler: async ({ req, body }) => {
    if (env.isProduction && !env.MOCKS) throw commonErrors.notFound()
    if (body.offsetMs !== undefined) setClockOffset(body.offsetMs)
    if (body.advanceMs) setClockOffset(clockOffset() + body.advanceMs)
    const work = body.runJobs ? await runTimeWork(req, { wait: true }) : null
    return { now: nowIso(), offsetMs: clockOffset(), work }
  },
})
