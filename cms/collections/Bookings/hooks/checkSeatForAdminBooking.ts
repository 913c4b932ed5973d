import type { Booking } from '@mentorloop/shared/payload-types'
import { APIError, type CollectionBeforeChangeHook } from 'payload'
import { requireTransaction } from '../../../lib/transaction'
import { confirmedBookingOf, lockMentor, lockUser } from '../../../services/booking/seats'

const idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * An admin confirming a booking in the panel gets the rules in words instead of the database's
 * refusal: the mentor must have a free seat and the student no other confirmed booking. Takes
 * the same locks as the booking service (student, then mentor); the trigger and the unique index
 * remain the backstop. The service sets `seatsHandled` and checks for itself.
 */
export const checkSeatForAdminBooking: CollectionBeforeChangeHook<Booking> = async ({ data, originalDoc, operation, req, context }) => {
  if (context.seatsHandled) return data
  const status = data.status ?? originalDoc?.status ?? 'confirmed'
  if (status !== 'confirmed') return data
  const mentorId = idOf(data.mentor ?? originalDoc?.mentor)
  const userId = idOf(data.user ?? originalDoc?.user)
  const wasConfirmedHere = operation === 'update' && originalDoc?.status === 'confirmed' && idOf(originalDoc.mentor) === mentorId
  if (wasConfirmedHere && idOf(originalDoc?.user) === userId) return data
  if (!mentorId || !userId) return data
  try {
    await requireTransaction(req)
  } catch {
    return data // no transaction (should not happen in Payload operations): the trigger decides
  }
  await lockUser(req, userId)
  const existing = await confirmedBookingOf(req, userId)
  if (existing && existing.id !== originalDoc?.id) {
    throw new APIError('This student already has a confirmed booking; cancel it first.', 400, undefined, true)
  }
  const mentor = await lockMentor(req, mentorId)
  if (mentor?.full && !wasConfirmedHere) {
    throw new APIError(
      `This mentor is full (${mentor.booked} of ${mentor.capacity} seats). Raise the capacity or add the student to the waitlist.`,
      400,
      undefined,
      true,
    )
  }
  return data
}
