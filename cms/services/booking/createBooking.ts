import type { Booking, Waitlist } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload, PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { type GroupAnswer, groupCalls } from '../../lib/groupCalls'
import { metrics } from '../../lib/observability/metrics'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { type EmailMessage, queueEmails } from '../../notifications/queueEmail'
import { getBatch } from '../batches/batches'
import { fillMentorBatches } from '../batches/seating'
import { takeCredit } from '../plans/credits'
import { type MentorSeats, readSeats } from '../seats/seatState'
import { isConstraint, isUniqueViolation } from './dbErrors'
import { emailBookingConfirmed, waitlistJoinedEmail } from './emails'
import { bookingErrors } from './errors'
import { type BookingStudent, bookingStudent, bookingStudents, confirmSeat, enqueueMany, lockMentor, lockUser } from './seats'

export type CreateBookingInput = {
  userId: number
  mentorId: number
  /** From the booking form: stored on the student's profile. Already validated by the caller. */
  name?: string
  phone?: string
}

export type CreateBookingResult =
  | { kind: 'booked'; booking: Booking }
  | { kind: 'waitlisted'; entry: Waitlist; position: number | null; alreadyWaiting: boolean }

/**
 * A student books a seat with a mentor: one seat per student for the coming period (a confirmed
 * booking or a held seat in an open batch); a seat in the mentor's open batch if one is left, paid
 * for by the student's credit (a plan they bought: docs/decisions/069), else "Payment Required"; a
 * full mentor puts the student on the waitlist, which is free and needs no plan (docs/design.md §11).
 * Backed by the database: the per-batch seat-limit trigger, one seat per student per month, one
 * booking per payment, one waiting place per student and mentor.
 *
 * Fast under a rush (docs/decisions/125): the students who book one mentor at the same time are
 * decided together, in arrival order, in one transaction under the mentor's row lock: seats to the
 * first while any are left, the queue for the others in one statement. Within a transaction of the
 * caller's, the student is decided alone (bookAlone).
 */
export async function createBooking(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult> {
  const { seatDecisions } = metrics()
  try {
    const result = await decideBooking(req, input)
    seatDecisions.inc({ outcome: result.kind === 'booked' ? 'seated' : 'waitlisted' })
    return result
  } catch (error) {
    if (error instanceof AppError) seatDecisions.inc({ outcome: 'refused' })
    throw error
  }
}

async function decideBooking(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult> {
  if ((await req.transactionID) !== undefined) return bookAlone(req, input)
  let book = groupsOf.get(req.payload)
  if (!book) {
    const payload = req.payload
    book = groupCalls((mentorId: number, inputs: CreateBookingInput[]) => bookGroup(payload, mentorId, inputs), { max: 200 })
    groupsOf.set(payload, book)
  }
  return book(input.mentorId, input)
}

/** Per Payload instance: the bookings of one mentor, gathered while the group before runs (at most 200 at a time). */
const groupsOf = new WeakMap<Payload, (mentorId: number, input: CreateBookingInput) => Promise<CreateBookingResult>>()

/**
 * One group: the mentor's row lock and seats, a seat for each student in turn while seats are left
 * (a student refused, say for want of a plan, leaves it to the next), the queue for the rest. A
 * student's refusal is theirs; any other failure rolls the group back and each student is then
 * decided alone, so one student's failure is never another's.
 */
async function bookGroup(payload: Payload, mentorId: number, inputs: CreateBookingInput[]): Promise<GroupAnswer<CreateBookingResult>[]> {
  try {
    const req = await newRequest(payload)
    return await inTransaction(req, async () => {
      const mentor = await lockMentor(req, mentorId)
      if (!mentor?.published) return inputs.map(() => ({ ok: false, error: bookingErrors.mentorNotFound() }))
      let left = mentor.open && mentor.batch ? mentor.seatsLeft : 0
      const batch = left > 0 && mentor.batch ? await getBatch(req, mentor.batch.id) : null
      const answers: GroupAnswer<CreateBookingResult>[] = []
      const waiting: number[] = []
      for (const [i, input] of inputs.entries()) {
        if (left === 0) {
          waiting.push(i)
          continue
        }
        answers[i] = await refusalOr(() => seat(req, input, mentor, batch))
        if (answers[i]!.ok) left--
      }
      // No seat is free for these (this transaction holds the lock): nothing for the queue's fill.
      const queued = await queueMany(
        req,
        mentor,
        waiting.map((i) => inputs[i]!),
      )
      waiting.forEach((i, k) => {
        const answer = queued[k]!
        answers[i] = answer.ok ? { ok: true, value: answer.value.result } : answer
      })
      return answers
    })
  } catch (error) {
    payload.logger.warn({
      msg: 'A group of bookings failed as a whole; deciding each alone',
      mentorId,
      bookings: inputs.length,
      err: error,
    })
    // One after another, in arrival order, as the group would have decided them: side by side, a
    // later arrival could take the seat or the earlier place in line (measured under load, decision 214).
    const answers: GroupAnswer<CreateBookingResult>[] = []
    for (const input of inputs) {
      try {
        answers.push({ ok: true, value: await bookAlone(await newRequest(payload), input) })
      } catch (error) {
        answers.push({ ok: false, error })
      }
    }
    return answers
  }
}

/** A refusal of ours (AppError) is the student's answer; any other error fails the whole transaction. */
async function refusalOr<T>(step: () => T | Promise<T>): Promise<GroupAnswer<T>> {
  try {
    return { ok: true, value: await step() }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, error }
    throw error
  }
}

/**
 * One student, in `req`'s transaction when it has one: a hint without locks first, then the seat
 * path under the mentor's row lock while the hint says a seat is free, else (or when the lock found
 * none) the queue under the same lock, taken again; a seat that opened meanwhile is handed out
 * right after (the queue's own fill).
 */
async function bookAlone(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult> {
  const hint = await readSeats(req, input.mentorId)
  if (!hint?.published) throw bookingErrors.mentorNotFound()
  try {
    if (hint.open) {
      const booked = await inTransaction(req, () => book(req, input))
      if (booked !== FULL) return booked
      // Full (or paused) by the time the lock came: that transaction only read, and its commit let
      // the next one in line decide; this student joins the queue beside the others.
    }
    const queued = await inTransaction(req, () => queue(req, input))
    if (!queued.seatFree) return queued.result
    // A seat opened while they joined: the queue hands it out in order (maybe to them).
    const fill = await newRequest(req.payload)
    const outcomes = await inTransaction(fill, () => fillMentorBatches(fill, input.mentorId))
    const mine = outcomes.find((o) => o.userId === input.userId && o.kind === 'seated')
    if (mine?.kind === 'seated') {
      const booking = await req.payload.findByID({ collection: 'bookings', id: mine.bookingId, depth: 0, overrideAccess: true })
      return { kind: 'booked', booking }
    }
    return queued.result
  } catch (error) {
    // A parallel request of the same student won the race for their one booking.
    if (isConstraint(error, 'bookings_one_seat_per_period') || isUniqueViolation(error, 'bookings', 'user_id')) {
      throw bookingErrors.mentorAlreadyBooked()
    }
    throw error
  }
}

type Recipient = { email: string; name: string | null }
type Queued = { result: Extract<CreateBookingResult, { kind: 'waitlisted' }>; seatFree: boolean }

/**
 * The student, checked (reads only): no seat for the coming period elsewhere or here; on the way
 * to the queue (`joiningQueue`) also not seated with this mentor now (running batch or a held
 * seat): continuing into the next batch is the renewal's priority, not a queue place, the same rule
 * as joinWaitlist, so both doors to the queue answer alike.
 */
function checkedStudent(input: CreateBookingInput, user: BookingStudent | null | undefined, joiningQueue: boolean): Recipient {
  if (!user) throw bookingErrors.userNotFound()
  if (user.seat) throw user.seat.mentorId === input.mentorId ? bookingErrors.alreadyBooked() : bookingErrors.mentorAlreadyBooked()
  if (joiningQueue && user.seatedWithMentor) throw bookingErrors.alreadyBooked()
  // The form's name becomes the account's (saveContact), so this e-mail and every later one greet the same name.
  return { email: user.email, name: formName(input) ?? user.name }
}

const formName = (input: CreateBookingInput): string | null => input.name?.trim() || null

/**
 * The booking form's name and phone go on the account, once the student has a seat or a place:
 * one name per student (issue 32), the one the mentor, the admin and every e-mail use.
 */
async function saveContact(req: PayloadRequest, input: CreateBookingInput, user: { phone: string | null; name: string | null }) {
  const phone = input.phone && input.phone !== user.phone ? input.phone : null
  const typed = formName(input)
  const name = typed && typed !== user.name?.trim() ? typed : null
  if (!phone && !name) return
  await txQuery(
    req,
    sql`UPDATE users SET phone = COALESCE(${phone}, phone), name = COALESCE(${name}, name), updated_at = now() WHERE id = ${input.userId}`,
  )
}

const FULL = Symbol('full')

/**
 * The seat path alone: the mentor's row lock and a seat if one is left. A student who finds no
 * seat under the lock returns at once (FULL) and joins the queue in a transaction of its own.
 */
async function book(req: PayloadRequest, input: CreateBookingInput): Promise<CreateBookingResult | typeof FULL> {
  const mentor = await lockMentor(req, input.mentorId)
  if (!mentor?.published) throw bookingErrors.mentorNotFound()
  if (!mentor.open || !mentor.batch) return FULL
  return seat(req, input, mentor, await getBatch(req, mentor.batch.id))
}

/**
 * A seat in the mentor's open batch for the student, who is checked under their own row lock
 * (taken after the mentor's: docs/decisions/069, "Locks") and pays with a credit. The caller holds
 * the mentor's lock and has counted a free seat.
 */
async function seat(
  req: PayloadRequest,
  input: CreateBookingInput,
  mentor: MentorSeats,
  batch: Awaited<ReturnType<typeof getBatch>>,
): Promise<CreateBookingResult> {
  await lockUser(req, input.userId)
  const user = await bookingStudent(req, input.userId, input.mentorId)
  const recipient = checkedStudent(input, user, false)
  const paymentId = batch ? await takeCredit(req, input.userId, batch) : null
  if (paymentId === null || !batch) throw bookingErrors.paymentRequired()
  // Before the seat: the mentor's e-mail about it gives the number.
  await saveContact(req, input, user!)
  const booking = await confirmSeat(req, { userId: input.userId, mentorId: input.mentorId, batchId: batch.id, source: 'direct', paymentId })
  await emailBookingConfirmed(req, recipient, mentor.name, batch)
  return { kind: 'booked', booking }
}

/**
 * The queue path alone: the mentor's row lock (a seat decision never runs in between, and each
 * joiner counts the places taken before it), the seats read after it, the place in line, and
 * whether a seat is free now (then the caller runs the queue's fill after this commits).
 */
async function queue(req: PayloadRequest, input: CreateBookingInput): Promise<Queued> {
  // The mentor's exclusive lock: two students joining at once each count the other's place (under a
  // shared lock both were told the same number; decision 214). A rush joins in groups, not here.
  const seats = await readSeats(req, input.mentorId, { lock: true })
  if (!seats?.published) throw bookingErrors.mentorNotFound()
  const [answer] = await queueMany(req, seats, [input])
  if (!answer!.ok) throw answer!.error
  return answer!.value
}

/**
 * Students join the mentor's queue together, in arrival order, in the caller's transaction, which
 * holds a lock of the mentor's row and read `seats` after it: every student checked in one
 * statement, the places in one INSERT, the e-mails in another. A student refused (no such user, a
 * seat already) gets their own error and the others join.
 */
async function queueMany(req: PayloadRequest, seats: MentorSeats, inputs: CreateBookingInput[]): Promise<GroupAnswer<Queued>[]> {
  if (inputs.length === 0) return []
  const users = await bookingStudents(
    req,
    inputs.map((i) => i.userId),
    seats.mentorId,
  )
  const checked = await Promise.all(inputs.map((input) => refusalOr(() => checkedStudent(input, users.get(input.userId), true))))
  const joining = inputs.filter((_, i) => checked[i]!.ok).map((i) => i.userId)
  const queued = await enqueueMany(req, joining, seats.mentorId)
  const mail: EmailMessage[] = []
  const answered = new Set<number>()
  const answers = inputs.map((input, i): GroupAnswer<Queued> => {
    const recipient = checked[i]!
    if (!recipient.ok) return recipient
    const place = queued.get(input.userId)
    if (!place) return { ok: false, error: new Error(`No waiting entry for user ${input.userId} after joining the queue`) }
    // The same student twice in one group: the second answer is "already waiting", as it would be
    // one transaction later.
    const alreadyWaiting = place.alreadyWaiting || answered.has(input.userId)
    answered.add(input.userId)
    if (!alreadyWaiting) mail.push(waitlistJoinedEmail(recipient.value, seats.name, place.position))
    return { ok: true, value: { result: { kind: 'waitlisted', ...place, alreadyWaiting }, seatFree: seats.open } }
  })
  for (const [i, input] of inputs.entries()) {
    const user = users.get(input.userId)
    if (answers[i]!.ok && user) await saveContact(req, input, user)
  }
  await queueEmails(req, mail)
  return answers
}
