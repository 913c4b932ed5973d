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
