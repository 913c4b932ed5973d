import { DAY_MS, formatDate } from '@mentorloop/shared'
import type { Session } from '@mentorloop/shared/payload-types'
import { APIError, type CollectionBeforeValidateHook } from 'payload'
import { checkRole } from '../../../access/checkRole'
import { mentorIdForUser } from '../../../access/mentorIdForUser'
import { getBatch } from '../../../services/batches/batches'
import { OUTSIDE_CONFIRMED, overlappingSession } from '../../../services/mentorHome/overlap'

const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(typeof v === 'object' ? (v as { id: unknown }).id : v))

/**
 * A session belongs to a batch: its mentor is the batch's, a mentor schedules only in their own
 * batches, it falls on the batch's days (refused with the dates otherwise, unless a layout's
 * confirmed day outside them: services/mentorHome/layoutSessions.ts), and it does not
 * overlap another session of the same mentor (the home's form checks it under the mentor's lock).
 */
export const sessionInItsBatch: CollectionBeforeValidateHook<Session> = async ({ context, data, originalDoc, req }) => {
  if (!data) return data
  const batchId = idOf(data.batch ?? originalDoc?.batch)
  if (!batchId) return data
  const batch = await getBatch(req, batchId)
  if (!batch) throw new APIError('That batch does not exist.', 400, undefined, true)
  if (!checkRole(req.user, 'admin') && req.user && (await mentorIdForUser(req, req.user)) !== batch.mentorId) {
    throw new APIError('You can only schedule sessions in your own batches.', 400, undefined, true)
  }
  if (batch.status === 'completed' || batch.status === 'cancelled') {
    throw new APIError(`The ${batch.label} batch is ${batch.status}: schedule sessions in an open or running batch.`, 400, undefined, true)
  }
  const startsAt = data.startsAt ?? originalDoc?.startsAt
  if (startsAt) {
    const at = new Date(startsAt).getTime()
    const outside = at < batch.startsOn.getTime() || at >= batch.endsOn.getTime() + DAY_MS
    if (Number.isNaN(at) || (outside && context?.[OUTSIDE_CONFIRMED] !== true)) {
      throw new APIError(
        `A session of the ${batch.label} batch must fall between ${formatDate(batch.startsOn)} and ${formatDate(batch.endsOn)}.`,
        400,
        undefined,
        true,
      )
    }
    const minutes = Number(data.durationMinutes ?? originalDoc?.durationMinutes ?? 60)
    const clash = await overlappingSession(req, {
      mentorId: batch.mentorId,
      startsAt: new Date(startsAt),
      minutes: Number.isFinite(minutes) ? minutes : 60,
      exceptId: originalDoc?.id ?? null,
    })
    if (clash) throw new APIError(clash, 400, undefined, true)
  }
  return { ...data, batch: batchId, mentor: batch.mentorId }
}
