import { type BatchView, istDay, istMidnight, now, type OpenBatchInput, parseDayInput } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { classifyApiError } from '../../lib/apiErrors'
import { AppError, commonErrors } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { batchesOf } from '../batches/batches'
import { lockMentor } from '../booking/seats'
import { nextBatchOption } from './home'

/**
 * "Open the next batch" from the mentor's home, under the mentor's lock. The rule stays the one of
 * docs/decisions/045 (one open batch per mentor): with a batch open already, the answer names it
 * (409) instead of a form that cannot succeed. Otherwise the batch is created through the
 * collection, whose hooks keep the other rules (no overlap, capacity) and hand its seats to
 * continuing students and the waitlist. It starts after today, with the capacity of the mentor's
 * latest batch (its continuing students all fit).
 */
export async function openNextBatch(req: PayloadRequest, mentorId: number, input: OpenBatchInput): Promise<BatchView> {
  return inTransaction(req, async () => {
    await lockMentor(req, mentorId)
    const option = await nextBatchOption(req, mentorId, await batchesOf(req, mentorId, ['running', 'open']))
    if (!option.canOpen) throw new AppError('BATCH_ALREADY_OPEN', 409, option.reason, { title: 'A batch is open already' })
    const first = parseDayInput(input.startsOn)!
    const last = parseDayInput(input.endsOn)!
    const startsOn = istMidnight(first.year, first.month, first.day)
    const endsOn = istMidnight(last.year, last.month, last.day)
    const today = istDay(now())
    if (startsOn <= istMidnight(today.year, today.month, today.day)) {
      throw commonErrors.invalidInput('A new batch starts after today.', { startsOn: 'A new batch starts after today.' })
    }
    if (endsOn < startsOn) {
      throw commonErrors.invalidInput('The last day comes on or after the first day.', {
        endsOn: 'The last day comes on or after the first day.',
      })
    }
    const [latest] = await txQuery<{ capacity: string | number | null }>(
      req,
      sql`SELECT capacity FROM batches WHERE mentor_id = ${mentorId} AND status <> 'cancelled' ORDER BY starts_on DESC, id DESC LIMIT 1`,
    )
    try {
      const doc = await req.payload.create({
        collection: 'batches',
        data: {
          mentor: mentorId,
          label: '',
          startsOn: startsOn.toISOString(),
          endsOn: endsOn.toISOString(),
          status: 'open',
          ...(latest?.capacity != null ? { capacity: Number(latest.capacity) } : {}),
        },
        depth: 0,
        overrideAccess: true,
        req,
      })
      return {
        id: Number(doc.id),
        label: doc.label,
        startsOn: new Date(doc.startsOn).toISOString(),
        endsOn: new Date(doc.endsOn).toISOString(),
        status: doc.status,
      }
    } catch (error) {
      const mapped = classifyApiError(error)
      if (mapped.status < 500) throw mapped
      throw error
    }
  })
}
