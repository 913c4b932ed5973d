import {
  formatDateRange,
  formatDateTime,
  now,
  type ScheduleSessionInput,
  type SessionView,
  sessionStart,
  weekdayOfDay,
} from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { classifyApiError } from '../../lib/apiErrors'
import { AppError, commonErrors } from '../../lib/errors'
import { inTransaction } from '../../lib/transaction'
import { batchEnd, getBatch } from '../batches/batches'
import { lockMentor } from '../booking/seats'
import { ANNOUNCED_TOGETHER } from '../sessions/changes'
import { OUTSIDE_CONFIRMED, overlappingSession } from './overlap'

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

const invalid = (field: string, message: string) => commonErrors.invalidInput(message, { [field]: message })

/**
 * "Schedule a session" from the mentor's home, in one transaction under the mentor's lock (so two
 * sessions saved at once cannot both pass the overlap check): the batch is the mentor's own (404
 * otherwise: another mentor's batch is not theirs to know), open or running; the session falls
 * inside the batch's days and has not started yet; a weekday needs the mentor's confirmation
 * (sessions are at weekends by default, docs/design.md §11); it does not overlap another of the
 * mentor's sessions. The batch's students are e-mailed by the collection's hook, in the same
 * transaction. A layout (layoutSessions.ts) creates its sessions through here too; a day outside
 * the batch passes only with `outsideConfirmed`, which it sets after an admin confirmed it.
 */
export async function scheduleSession(
  req: PayloadRequest,
  mentorId: number,
  input: ScheduleSessionInput,
  opts: { outsideConfirmed?: boolean; announceTogether?: boolean } = {},
): Promise<SessionView> {
  return inTransaction(req, async () => {
    await lockMentor(req, mentorId)
    const batch = await getBatch(req, input.batchId)
    if (!batch || batch.mentorId !== mentorId) throw commonErrors.notFound('That batch is not one of yours.')
    if (batch.status !== 'open' && batch.status !== 'running') {
      throw invalid('batchId', `The ${batch.label} batch is ${batch.status}: schedule sessions in an open or running batch.`)
    }
    const startsAt = sessionStart(input.date, input.time)
    const endsAt = new Date(startsAt.getTime() + input.durationMinutes * 60_000)
    // Outside the batch's days only as an admin's layout (issue 37): never on a mentor's word.
    const outsideAllowed = opts.outsideConfirmed === true && (!req.user || checkRole(req.user, 'admin'))
    if (!outsideAllowed && (startsAt < batch.startsOn || endsAt > batchEnd(batch))) {
      throw invalid(
        'date',
        `A session of the ${batch.label} batch must fall within its days, ${formatDateRange(batch.startsOn, batch.endsOn)}.`,
      )
    }
    if (startsAt <= now()) throw invalid('date', 'That time has passed: pick a time still to come.')
    const weekday = weekdayOfDay(input.date)
    const weekend = weekday === 0 || weekday === 6
    if (!weekend && !input.confirmWeekday) {
      throw new AppError(
        'CONFIRM_WEEKDAY',
        400,
        `${formatDateTime(startsAt).replace(/,.*$/, '')} is a ${WEEKDAY_NAMES[weekday]}; sessions are usually at the weekend. Confirm that you want a weekday session.`,
        {
          title: 'A weekday session?',
          fieldErrors: { confirmWeekday: `That day is a ${WEEKDAY_NAMES[weekday]}: tick the box to schedule it on a weekday.` },
        },
      )
    }
    const clash = await overlappingSession(req, { mentorId, startsAt, minutes: input.durationMinutes })
    if (clash) throw new AppError('SESSION_OVERLAP', 409, clash, { title: 'Sessions overlap', fieldErrors: { time: clash } })
    try {
      const doc = await req.payload.create({
        collection: 'sessions',
        data: {
          batch: batch.id,
          title: input.title || (weekend ? 'Weekend mentorship session' : 'Mentorship session'),
          startsAt: startsAt.toISOString(),
          durationMinutes: input.durationMinutes,
          meetingLink: input.meetingLink,
        },
        depth: 0,
        overrideAccess: true,
        // A day outside the batch that the mentor or an admin confirmed (a layout, layoutSessions.ts).
        // A layout's sessions are announced together, in one e-mail (layoutSessions.ts).
        context: {
          ...(opts.outsideConfirmed ? { [OUTSIDE_CONFIRMED]: true } : {}),
          ...(opts.announceTogether ? { [ANNOUNCED_TOGETHER]: true } : {}),
        },
        req,
      })
      return {
        id: Number(doc.id),
        title: doc.title,
        startsAt: new Date(doc.startsAt).toISOString(),
        durationMinutes: Number(doc.durationMinutes),
        meetingLink: doc.meetingLink ?? null,
      }
    } catch (error) {
      // The collection's own rules (hooks, validation) refuse in Payload's words: the caller's 400.
      const mapped = classifyApiError(error)
      throw mapped.status < 500 ? mapped : error
    }
  })
}
