import type { Mentor } from '@mentorloop/shared/payload-types'
import type { CollectionAfterChangeHook } from 'payload'
import { fillOpenSeats } from '../../../services/booking'

/** More seats (capacity raised, bookings reopened, profile published): the waitlist gets them at once. */
export const fillSeatsWhenCapacityGrows: CollectionAfterChangeHook<Mentor> = async ({ doc, previousDoc, operation, req }) => {
  if (operation !== 'update' || doc._status !== 'published') return doc
  const more =
    Number(doc.capacity) > Number(previousDoc?.capacity ?? 0) ||
    (doc.acceptingBookings !== false && previousDoc?.acceptingBookings === false) ||
    previousDoc?._status !== 'published'
  if (more) await fillOpenSeats({ payload: req.payload, mentorId: doc.id, req })
  return doc
}
