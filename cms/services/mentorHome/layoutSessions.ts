import {
  DAY_MS,
  dayInputValue,
  formatDateRange,
  formatDateTime,
  istDay,
  LAYOUT_DAYS,
  type LayoutPlan,
  type LayoutSessionsInput,
  type LayoutSlot,
  now,
  SESSIONS_PER_LAYOUT,
  type SessionView,
  sessionStart,
  weekdayOfDay,
} from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { AppError, commonErrors } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { type BatchRow, batchEnd, getBatch } from '../batches/batches'
import { lockMentor } from '../booking/seats'
import { announceScheduledTogether } from '../sessions/changes'
import { overlappingSession } from './overlap'
import { scheduleSession } from './scheduleSession'

/** How far past a batch's first day the dates are looked for (a batch is a month; the rest spill over). */
const SEARCH_DAYS = 62

/** The week (Monday to Sunday) of a day typed as "2026-12-05": a number that is the same for the days of one week. */
const weekOf = (date: string) => {
  const [y, m, d] = date.split('-').map(Number)
  // 1 January 1970 was a Thursday: three days on, weeks start on Mondays.
  return Math.floor((Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1) / DAY_MS + 3) / 7)
}

/**
 * The dates of a layout, India time, one a week by default ("every weekend your mentor runs a live
 * session"): from the batch's first day, the first chosen weekday of each week whose start is still
 * to come. When the batch has fewer such weeks left than sessions, the other chosen days inside the
 * batch come next (two on a weekend), and only then the weeks after it (outside the batch: those
 * need a confirmation).
 */
export function layoutDates(
  batch: Pick<BatchRow, 'startsOn'> & Partial<Pick<BatchRow, 'endsOn'>>,
  input: Pick<LayoutSessionsInput, 'days' | 'time'>,
  at: Date,
): string[] {
  const weekdays = new Set<number>(input.days.map((d) => LAYOUT_DAYS[d].weekday))
  const lastDay = batch.endsOn ? dayInputValue(istDay(batch.endsOn)) : null
  const weekly: string[] = []
  const others: string[] = []
  for (let i = 0; i < SEARCH_DAYS && weekly.length < SESSIONS_PER_LAYOUT; i++) {
    const date = dayInputValue(istDay(new Date(batch.startsOn.getTime() + i * DAY_MS)))
    if (!weekdays.has(weekdayOfDay(date)) || sessionStart(date, input.time) <= at) continue
    const previous = weekly.at(-1)
    if (previous === undefined || weekOf(previous) !== weekOf(date)) weekly.push(date)
    else others.push(date)
  }
  const inside = (date: string) => lastDay === null || date <= lastDay
  const chosen = weekly.filter(inside)
  for (const date of others) if (chosen.length < SESSIONS_PER_LAYOUT && inside(date)) chosen.push(date)
  for (const date of weekly) if (chosen.length < SESSIONS_PER_LAYOUT && !inside(date)) chosen.push(date)
  return chosen.sort().slice(0, SESSIONS_PER_LAYOUT)
}

/** The slots of a layout, each with what needs confirming and what it overlaps; writes nothing. */
async function planSlots(req: PayloadRequest, batch: BatchRow, input: LayoutSessionsInput): Promise<LayoutSlot[]> {
  const [{ n } = { n: 0 }] = await txQuery<{ n: string | number }>(
    req,
    sql`SELECT count(*) AS n FROM sessions WHERE batch_id = ${batch.id} AND COALESCE(status, 'scheduled') <> 'cancelled'`,
  )
  const dates = input.dates ?? layoutDates(batch, input, now())
  const minutes = input.durationMinutes
  const slots: LayoutSlot[] = []
  for (const [i, date] of dates.entries()) {
    const startsAt = sessionStart(date, input.time)
    const endsAt = new Date(startsAt.getTime() + minutes * 60_000)
    const weekday = weekdayOfDay(date)
    const earlier = slots.find((s) => {
      const t = Date.parse(s.startsAt)
      return t < endsAt.getTime() && t + minutes * 60_000 > startsAt.getTime()
    })
    slots.push({
      date,
      startsAt: startsAt.toISOString(),
      title: `Session ${Number(n) + i + 1}`,
      weekday: weekday !== 0 && weekday !== 6,
      outside: startsAt < batch.startsOn || endsAt > batchEnd(batch),
      clash: earlier
        ? `${formatDateTime(startsAt)} overlaps ${earlier.title} of this plan (${formatDateTime(earlier.startsAt)}): pick another day.`
        : await overlappingSession(req, { mentorId: batch.mentorId, startsAt, minutes }),
    })
  }
  return slots
}

const view = (b: BatchRow) => ({
  id: b.id,
  label: b.label,
  startsOn: b.startsOn.toISOString(),
  endsOn: b.endsOn.toISOString(),
  status: b.status,
})

/**
 * "Lay out the sessions" of a batch in one step (issue 21), from the mentor's home (`mentorId`: the
 * caller's own profile; another mentor's batch is a 404) or by an admin in /admin (`mentorId`
 * null: any batch). One transaction under the mentor's lock: the plan's dates are computed in
 * India time (or taken from the preview), checked (a past time is refused; a weekday or a day
 * outside the batch needs its confirmation, 400 CONFIRM_WEEKDAY / CONFIRM_OUTSIDE, and a day outside
 * the batch is an admin's only, 403 OUTSIDE_NEEDS_ADMIN for a mentor; an overlap with
 * another of the mentor's sessions or within the plan is 409 SESSION_OVERLAP) and then created one
 * by one through scheduleSession, the one-by-one path, so reminders, calendar entries and every rule
 * are the same; the e-mail is one for the whole layout (each person hears once, with every date). Any refusal rolls all of them back. `preview` answers the plan only.
 */
export async function layoutSessions(
  req: PayloadRequest,
  caller: { mentorId: number | null },
  input: LayoutSessionsInput,
): Promise<{ plan: LayoutPlan; created: SessionView[] }> {
  return inTransaction(req, async () => {
    const found = await getBatch(req, input.batchId)
    if (!found || (caller.mentorId !== null && found.mentorId !== caller.mentorId)) {
      throw commonErrors.notFound(caller.mentorId === null ? 'That batch does not exist.' : 'That batch is not one of yours.')
    }
    await lockMentor(req, found.mentorId)
    const batch = (await getBatch(req, input.batchId))!
    if (batch.status !== 'open' && batch.status !== 'running') {
      throw commonErrors.invalidInput(`The ${batch.label} batch is ${batch.status}: lay out sessions in an open or running batch.`, {
        batchId: `The ${batch.label} batch is ${batch.status}.`,
      })
    }
    const slots = await planSlots(req, batch, input)
    const plan: LayoutPlan = {
      batch: view(batch),
      slots,
      needsConfirmWeekday: slots.some((s) => s.weekday),
      needsConfirmOutside: slots.some((s) => s.outside),
    }
    if (slots.length < SESSIONS_PER_LAYOUT) {
      throw commonErrors.invalidInput(
        `Fewer than ${SESSIONS_PER_LAYOUT} such days are still to come: pick both weekend days or another time.`,
        {
          days: 'Not enough days still to come.',
        },
      )
    }
    const past = slots.find((s) => Date.parse(s.startsAt) <= now().getTime())
    if (past) {
      const message = `${formatDateTime(past.startsAt)} has passed: pick a time still to come.`
      throw commonErrors.invalidInput(message, { dates: message })
    }
    if (input.preview) return { plan, created: [] }
    if (plan.needsConfirmWeekday && !input.confirmWeekday) {
      const days = slots.filter((s) => s.weekday).map((s) => formatDateTime(s.startsAt))
      throw new AppError(
        'CONFIRM_WEEKDAY',
        400,
        `${days.join(', ')} ${days.length === 1 ? 'is a weekday' : 'are weekdays'}; sessions are usually at the weekend. Confirm that you want ${days.length === 1 ? 'it' : 'them'} on a weekday.`,
        { title: 'A weekday session?', fieldErrors: { confirmWeekday: 'Tick the box to schedule on a weekday.' } },
      )
    }
    if (plan.needsConfirmOutside && caller.mentorId !== null) {
      // A session outside the batch's days moves what students were promised (its Session 1, its
      // dates): an admin places it, not the mentor's own confirmation (issue 37).
      const days = slots.filter((s) => s.outside).map((s) => formatDateTime(s.startsAt))
      throw new AppError(
        'OUTSIDE_NEEDS_ADMIN',
        403,
        `${days.join(', ')} ${days.length === 1 ? 'falls' : 'fall'} outside the ${batch.label} batch (${formatDateRange(batch.startsOn, batch.endsOn)}). Only an admin can schedule a session outside the batch’s days; pick days inside it, or ask an admin.`,
        { title: 'Outside the batch', fieldErrors: { dates: 'Pick days inside the batch.' } },
      )
    }
    if (plan.needsConfirmOutside && !input.confirmOutside) {
      const days = slots.filter((s) => s.outside).map((s) => formatDateTime(s.startsAt))
      throw new AppError(
        'CONFIRM_OUTSIDE',
        400,
        `${days.join(', ')} ${days.length === 1 ? 'falls' : 'fall'} outside the ${batch.label} batch (${formatDateRange(batch.startsOn, batch.endsOn)}). Confirm that you want ${days.length === 1 ? 'it' : 'them'} there.`,
        { title: 'Outside the batch?', fieldErrors: { confirmOutside: 'Tick the box to schedule outside the batch’s days.' } },
      )
    }
    const clash = slots.find((s) => s.clash)
    if (clash?.clash)
      throw new AppError('SESSION_OVERLAP', 409, clash.clash, { title: 'Sessions overlap', fieldErrors: { dates: clash.clash } })
    const created: SessionView[] = []
    for (const slot of slots) {
      created.push(
        await scheduleSession(
          req,
          batch.mentorId,
          {
            batchId: batch.id,
            date: slot.date,
            time: input.time,
            durationMinutes: input.durationMinutes,
            meetingLink: input.meetingLink,
            title: slot.title,
            confirmWeekday: true,
          },
          { outsideConfirmed: slot.outside, announceTogether: true },
        ),
      )
    }
    // One e-mail per person for the whole layout, not one per session.
    await announceScheduledTogether(
      req,
      created.map((s) => s.id),
    )
    return { plan, created }
  })
}
