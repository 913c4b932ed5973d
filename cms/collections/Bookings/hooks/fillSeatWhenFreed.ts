import type { Booking } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { inTransaction } from '../../../lib/transaction'
import { fillMentorBatches } from '../../../services/batches/seating'
import { emailMentorAboutSeats } from '../../../services/booking/mentorEmails'
import { settlePaymentOfCancelledSeat } from '../../../services/booking/releaseSeat'

const idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * An admin cancelled, completed, moved, deleted or re-confirmed a booking in the panel: a seat
 * given up goes to its batch's queue in the same transaction, and the mentor hears of every seat
 * taken or given up in their batches (issue 12) — a move is a cancellation in the old batch and a
 * booking in the new one. The booking services set `seatsHandled` because they do both themselves.
 */
export const fillSeatAfterChange: CollectionAfterChangeHook<Booking> = async ({ doc, previousDoc, operation, req, context }) => {
  if (operation !== 'update' || context.seatsHandled || !previousDoc) return doc
  const wasSeated = previousDoc.status === 'confirmed'
  const isSeated = doc.status === 'confirmed'
  const moved = idOf(doc.batch) !== idOf(previousDoc.batch)
  const freed = wasSeated && (!isSeated || moved)
  const taken = isSeated && (!wasSeated || moved)
  if (!freed && !taken) return doc
  await inTransaction(req, async () => {
    const userId = idOf(doc.user)
    // A batch that ended completes its bookings: that is no news for the mentor.
    if (freed && (doc.status === 'cancelled' || moved))
      await emailMentorAboutSeats(req, idOf(previousDoc.batch), [{ kind: 'cancelled', userId }])
    if (taken) await emailMentorAboutSeats(req, idOf(doc.batch), [{ kind: 'booked', userId }])
    if (freed && doc.status === 'cancelled') await settlePaymentOfCancelledSeat(req, previousDoc)
    if (freed) await fillMentorBatches(req, idOf(previousDoc.mentor))
  })
  return doc
}

export const fillSeatAfterDelete: CollectionAfterDeleteHook<Booking> = async ({ doc, req, context }) => {
  if (!context.seatsHandled && doc.status === 'confirmed')
    await inTransaction(req, async () => {
      await emailMentorAboutSeats(req, idOf(doc.batch), [{ kind: 'cancelled', userId: idOf(doc.user) }])
      await fillMentorBatches(req, idOf(doc.mentor))
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
