import type { Booking } from '@mentorloop/shared/payload-types'
import { APIError, type CollectionBeforeValidateHook } from 'payload'
import { findOpenBatch, getBatch } from '../../../services/batches/batches'

const idOf = (v: unknown) => (v === null || v === undefined ? null : Number(typeof v === 'object' ? (v as { id: unknown }).id : v))

/**
 * A seat is a seat in one batch: a booking made in the panel (or by an API client) for a mentor
 * goes to that mentor's open batch, and one made for a batch belongs to that batch's mentor.
 */
export const assignBatch: CollectionBeforeValidateHook<Booking> = async ({ data, originalDoc, req }) => {
  if (!data) return data
  const batchId = idOf(data.batch ?? originalDoc?.batch)
  if (batchId) {
    const batch = await getBatch(req, batchId)
    if (!batch) throw new APIError('That batch does not exist.', 400, undefined, true)
    const seating = (data.status ?? originalDoc?.status ?? 'confirmed') === 'confirmed' && idOf(originalDoc?.batch) !== batchId
    if (seating && (batch.status === 'completed' || batch.status === 'cancelled')) {
      throw new APIError(`The ${batch.label} batch is ${batch.status}: it takes no bookings.`, 400, undefined, true)
    }
    return { ...data, batch: batchId, mentor: batch.mentorId }
  }
  const mentorId = idOf(data.mentor ?? originalDoc?.mentor)
  if (!mentorId) return data
  const open = await findOpenBatch(req, mentorId)
  if (!open) throw new APIError('This mentor has no open batch: open one in Batches first.', 400, undefined, true)
  return { ...data, batch: open.id, mentor: mentorId }
}
