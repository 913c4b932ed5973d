import type { Booking } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { APIError, type CollectionBeforeChangeHook } from 'payload'
import { requireTransaction, txQuery } from '../../../lib/transaction'
import { getBatch } from '../../../services/batches/batches'
import { currentSeatOf, lockMentor, lockUser } from '../../../services/booking/seats'
import { payForBatch, takeCredit } from '../../../services/plans/credits'

const idOf = (v: unknown) => Number(typeof v === 'object' && v !== null ? (v as { id: unknown }).id : v)

/**
 * An admin confirming a booking in the panel gets the rules in words instead of the database's
 * refusal: the batch must have a free seat, the student no other seat for the period, and a plan
 * to pay for it (a credit, docs/decisions/069). Takes the
 * same locks as the booking service (mentor, then student, then batch); the trigger remains the
 * backstop. The services set `seatsHandled` and check for themselves.
 */
export const checkSeatForAdminBooking: CollectionBeforeChangeHook<Booking> = async ({ data, originalDoc, operation, req, context }) => {
  if (context.seatsHandled) return data
  const status = data.status ?? originalDoc?.status ?? 'confirmed'
  if (status !== 'confirmed') return data
  const batchId = idOf(data.batch ?? originalDoc?.batch)
  const userId = idOf(data.user ?? originalDoc?.user)
  const wasConfirmedHere = operation === 'update' && originalDoc?.status === 'confirmed' && idOf(originalDoc.batch) === batchId
  if (wasConfirmedHere && idOf(originalDoc?.user) === userId) return data
  if (!batchId || !userId) return data
  try {
    await requireTransaction(req)
  } catch {
    return data // no transaction (should not happen in Payload operations): the trigger decides
  }
  const batch = await getBatch(req, batchId)
  if (!batch) return data
  await lockMentor(req, batch.mentorId)
  await lockUser(req, userId)
  const seat = batch.status === 'open' ? await currentSeatOf(req, userId) : null
  if (seat?.kind === 'booking' && seat.id !== originalDoc?.id) {
    throw new APIError('This student already has a seat for that period; cancel it first.', 400, undefined, true)
  }
  const [row] = await txQuery<{ n: number }>(
    req,
    sql`SELECT ((SELECT count(*) FROM bookings WHERE batch_id = ${batchId} AND status = 'confirmed' AND id <> ${originalDoc?.id ?? 0})
              + (SELECT count(*) FROM seat_offers WHERE batch_id = ${batchId} AND status = 'held'))::int AS n`,
  )
  const taken = Number(row?.n ?? 0)
  if (taken >= batch.capacity) {
    throw new APIError(
      `This mentor is full (${taken} of ${batch.capacity} seats) in the ${batch.label} batch, counting held seats. Raise the batch’s capacity or add the student to the waitlist.`,
      400,
      undefined,
      true,
    )
  }
  // A seat is paid for (docs/decisions/069): the payment it had (a move), else the student's credit.
  const paymentId = data.payment ? idOf(data.payment) : originalDoc?.payment ? idOf(originalDoc.payment) : null
  if (paymentId) {
    await payForBatch(req, batch, [paymentId])
    return { ...data, payment: paymentId }
  }
  const credit = await takeCredit(req, userId, batch)
  if (credit === null) {
    throw new APIError(
      'This student has no plan to pay for the seat. Grant them a plan (Users → the student → Grant plan) or ask them to buy one; a booking then uses it.',
      400,
      undefined,
      true,
    )
  }
  return { ...data, payment: credit }
}
