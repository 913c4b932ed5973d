import {
  formatDateRange,
  formatDateTime,
  type MoveSessionInput,
  now,
  type SessionView,
  sessionStart,
  weekdayOfDay,
} from '@mentorloop/shared'
import type { Session } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { classifyApiError } from '../../lib/apiErrors'
import { AppError, commonErrors } from '../../lib/errors'
import { inTransaction } from '../../lib/transaction'
import { batchEnd, getBatch } from '../batches/batches'
import { lockMentor } from '../booking/seats'
import { cancelSession, moveSession } from '../sessions/changes'
import { overlappingSession } from './overlap'

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const idOf = (v: unknown) => Number(v && typeof v === 'object' ? (v as { id: unknown }).id : v)

const view = (s: Session): SessionView => ({
  id: Number(s.id),
  title: s.title,
  startsAt: new Date(s.startsAt).toISOString(),
  durationMinutes: Number(s.durationMinutes),
  meetingLink: s.status === 'cancelled' ? null : (s.meetingLink ?? null),
  cancelled: s.status === 'cancelled',
})

/**
 * The mentor's own session, still to come and not cancelled, under the mentor's lock (so a move and
 * a scheduling at once cannot both pass the overlap check). Another mentor's session is a 404: it is
 * not theirs to know.
 */
async function ownSessionToChange(req: PayloadRequest, mentorId: number, sessionId: number) {
  await lockMentor(req, mentorId)
  const found = await req.payload.findByID({
    collection: 'sessions',
    id: sessionId,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  if (!found || idOf(found.mentor) !== mentorId) throw commonErrors.notFound('That session is not one of yours.')
  return found
}

const refuseStarted = (session: Session, doing: 'moved' | 'cancelled') => {
  if (new Date(session.startsAt).getTime() <= now().getTime()) {
    throw new AppError(
      'SESSION_STARTED',
      409,
      `“${session.title}” started on ${formatDateTime(session.startsAt)}: a session that has started cannot be ${doing}.`,
      { title: 'The session has started' },
    )
  }
}

/**
 * "Move this session" from the mentor's home: the rules of scheduling (inside the batch's days, still
 * to come, a weekday confirmed, no overlap with another of the mentor's sessions), then the same move
 * as an admin's (services/sessions/changes.ts `moveSession`: the collection's hooks raise the
 * calendar version, drop the reminders of the old time and e-mail everyone the old and new time).
 */
export async function moveOwnSession(req: PayloadRequest, mentorId: number, input: MoveSessionInput): Promise<SessionView> {
  return inTransaction(req, async () => {
    const session = await ownSessionToChange(req, mentorId, input.sessionId)
    if (session.status === 'cancelled') throw new AppError('SESSION_CANCELLED', 409, 'A cancelled session cannot be moved.')
    refuseStarted(session, 'moved')
    const batch = await getBatch(req, idOf(session.batch))
    if (!batch) throw commonErrors.notFound('That session is not one of yours.')
    const startsAt = sessionStart(input.date, input.time)
    const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000)
    if (startsAt < batch.startsOn || endsAt > batchEnd(batch)) {
      const message = `A session of the ${batch.label} batch must fall within its days, ${formatDateRange(batch.startsOn, batch.endsOn)}.`
      throw commonErrors.invalidInput(message, { date: message })
    }
    if (startsAt <= now())
      throw commonErrors.invalidInput('That time has passed: pick a time still to come.', { date: 'That time has passed.' })
    const weekday = weekdayOfDay(input.date)
    if (weekday !== 0 && weekday !== 6 && !input.confirmWeekday) {
      throw new AppError(
        'CONFIRM_WEEKDAY',
        400,
        `${formatDateTime(startsAt).replace(/,.*$/, '')} is a ${WEEKDAY_NAMES[weekday]}; sessions are usually at the weekend. Confirm that you want it on a weekday.`,
        {
          title: 'A weekday session?',
          fieldErrors: { confirmWeekday: `That day is a ${WEEKDAY_NAMES[weekday]}: tick the box to move it to a weekday.` },
        },
      )
    }
    const clash = await overlappingSession(req, { mentorId, startsAt, minutes: input.durationMinutes, exceptId: session.id })
    if (clash) throw new AppError('SESSION_OVERLAP', 409, clash, { title: 'Sessions overlap', fieldErrors: { time: clash } })
    try {
      return view(await moveSession(req, session.id, { startsAt: startsAt.toISOString(), durationMinutes: input.durationMinutes }))
    } catch (error) {
      const mapped = classifyApiError(error)
      throw mapped.status < 500 ? mapped : error
    }
  })
}

/**
 * "Cancel this session" from the mentor's home: the same cancellation as an admin's
 * (services/sessions/changes.ts `cancelSession`: a calendar cancellation to everyone, no reminders).
 * Cancelling twice changes nothing; a session that has started stays.
 */
export async function cancelOwnSession(req: PayloadRequest, mentorId: number, sessionId: number): Promise<SessionView> {
  return inTransaction(req, async () => {
    const session = await ownSessionToChange(req, mentorId, sessionId)
    if (session.status === 'cancelled') return view(session)
    refuseStarted(session, 'cancelled')
    return view(await cancelSession(req, session.id))
  })
}
