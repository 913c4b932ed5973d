import type { Booking } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { inTransaction } from '../../../lib/transaction'
import { fillBatch } from '../../../services/batches/seating'
import { emailMentorAboutSeats } from '../../../services/booking/mentorEmails'

const idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * An admin cancelled, completed, moved or deleted a confirmed booking in the panel: the seat goes
 * to the batch's queue in the same transaction. The booking services set `seatsHandled` because
 * they process the queue themselves.
 */
export const fillSeatAfterChange: CollectionAfterChangeHook<Booking> = async ({ doc, previousDoc, operation, req, context }) => {
  if (operation !== 'update' || context.seatsHandled || previousDoc?.status !== 'confirmed') return doc
  const freed = doc.status !== 'confirmed' || idOf(doc.batch) !== idOf(previousDoc.batch)
  if (freed)
    await inTransaction(req, async () => {
      // A cancellation in the panel is a cancellation for the mentor too (issue 12).
      if (doc.status === 'cancelled')
        await emailMentorAboutSeats(req, idOf(previousDoc.batch), [{ kind: 'cancelled', userId: idOf(doc.user) }])
      await fillBatch(req, idOf(previousDoc.batch))
    })
  return doc
}

export const fillSeatAfterDelete: CollectionAfterDeleteHook<Booking> = async ({ doc, req, context }) => {
  if (!context.seatsHandled && doc.status === 'confirmed')
    await inTransaction(req, async () => {
      await emailMentorAboutSeats(req, idOf(doc.batch), [{ kind: 'cancelled', userId: idOf(doc.user) }])
      await fillBatch(req, idOf(doc.batch))
    })
  return doc
}

/** An admin booked a student directly in the panel: the mentor is told, and a waiting place in that queue is used up. */
export const markWaitingEntryAssigned: CollectionAfterChangeHook<Booking> = async ({ doc, operation, req, context }) => {
  if (operation !== 'create' || context.seatsHandled || doc.status !== 'confirmed') return doc
  await emailMentorAboutSeats(req, idOf(doc.batch), [{ kind: 'booked', userId: idOf(doc.user) }])
  const { docs } = await req.payload.find({
    collection: 'waitlist',
    where: { user: { equals: idOf(doc.user) }, mentor: { equals: idOf(doc.mentor) }, status: { equals: 'waiting' } },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    req,
  })
  if (docs[0])
    await req.payload.update({ collection: 'waitlist', id: docs[0].id, data: { status: 'assigned' }, depth: 0, overrideAccess: true, req })
  return doc
}
