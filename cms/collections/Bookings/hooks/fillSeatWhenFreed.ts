import type { Booking } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook, CollectionAfterDeleteHook } from 'payload'
import { fillOpenSeats } from '../../../services/booking'

const mentorOf = (b: Pick<Booking, 'mentor'>) => Number(typeof b.mentor === 'object' ? b.mentor.id : b.mentor)

/**
 * An admin cancelled, completed, moved or deleted a confirmed booking in the panel: the seat goes
 * to the mentor's waitlist in the same transaction. The booking service sets `seatsHandled`
 * because it processes the queue itself.
 */
export const fillSeatAfterChange: CollectionAfterChangeHook<Booking> = async ({ doc, previousDoc, operation, req, context }) => {
  if (operation !== 'update' || context.seatsHandled || previousDoc?.status !== 'confirmed') return doc
  const freed = doc.status !== 'confirmed' || mentorOf(doc) !== mentorOf(previousDoc)
  if (freed) await fillOpenSeats({ payload: req.payload, mentorId: mentorOf(previousDoc), req })
  return doc
}

export const fillSeatAfterDelete: CollectionAfterDeleteHook<Booking> = async ({ doc, req, context }) => {
  if (!context.seatsHandled && doc.status === 'confirmed') await fillOpenSeats({ payload: req.payload, mentorId: mentorOf(doc), req })
  return doc
}

/** An admin booked a waiting student directly in the panel: their place in that queue is used up. */
export const markWaitingEntryAssigned: CollectionAfterChangeHook<Booking> = async ({ doc, operation, req, context }) => {
  if (operation !== 'create' || context.seatsHandled || doc.status !== 'confirmed') return doc
  const { docs } = await req.payload.find({
    collection: 'waitlist',
    where: {
      user: { equals: typeof doc.user === 'object' ? doc.user.id : doc.user },
      mentor: { equals: mentorOf(doc) },
      status: { equals: 'waiting' },
    },
    depth: 0,
    limit: 1,
    overrideAccess: true,
    req,
  })
  if (docs[0])
    await req.payload.update({ collection: 'waitlist', id: docs[0].id, data: { status: 'assigned' }, depth: 0, overrideAccess: true, req })
  return doc
}
