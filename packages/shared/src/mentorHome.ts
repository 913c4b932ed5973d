import { z } from 'zod'
import type { BatchView } from './batches'
import type { SessionView } from './booking'
import { idSchema } from './booking'
import { istMidnight } from './dates'

/**
 * The mentor's home on the site (docs/decisions/095-mentor-home.md): their running and open batches
 * with seats, students and sessions, and the two things a mentor does there (schedule a session,
 * open the next batch). The CMS answers it (GET /api/mentor-home) for the signed-in mentor only.
 */
export type MentorHomeStudent = { id: number; name: string | null; phone: string | null; email: string | null }

export type MentorHomeBatch = BatchView & {
  capacity: number
  /** Confirmed seats. */
  taken: number
  /** Seats held for a student who still has to pay or renew. */
  held: number
  /** Seats nobody has or holds. */
  left: number
  students: MentorHomeStudent[]
  sessions: MentorHomeSession[]
}

export type AttendanceMark = 'present' | 'absent'

/** A session on the mentor's home, with the attendance recorded so far (marked from its start). */
export type MentorHomeSession = SessionView & {
  cancelled: boolean
  /** It has started, by the CMS's clock: attendance can be marked. */
  started: boolean
  attendance: { userId: number; status: AttendanceMark }[]
}

/** Whether the mentor can open a next batch now, with the dates it would have, or the rule that stops it. */
export type NextBatchOption =
  | { canOpen: true; startsOn: string; endsOn: string; label: string; after: BatchView | null }
  | { canOpen: false; reason: string; open: BatchView }

export type MentorHome = {
  mentor: { id: number; name: string; published: boolean }
  /** This month's (running) and the next (open) batch, oldest first. */
  batches: MentorHomeBatch[]
  /** Students waiting in the mentor's queue. */
  waiting: number
  next: NextBatchOption
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

/**
 * A calendar day typed or picked by a person: "2026-12-05" (what a date input sends), "05/12/2026"
 * (day first, as in India) or "5 Dec 2026". Null when it is not a real day.
 */
export function parseDayInput(input: string): { year: number; month: number; day: number } | null {
  const s = input.trim().toLowerCase()
  let parts: [number, number, number] | null = null
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s)
  if (m) parts = [Number(m[1]), Number(m[2]), Number(m[3])]
  m = parts ? null : /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s)
  if (m) parts = [Number(m[3]), Number(m[2]), Number(m[1])]
  m = parts ? null : /^(\d{1,2})\s+([a-z]{3})[a-z]*,?\s+(\d{4})$/.exec(s)
  if (m && MONTHS.includes(m[2] as string)) parts = [Number(m[3]), MONTHS.indexOf(m[2] as string) + 1, Number(m[1])]
  if (!parts) return null
  const [year, month, day] = parts
  const probe = new Date(Date.UTC(year, month - 1, day))
  if (probe.getUTCFullYear() !== year || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) return null
  return { year, month, day }
}

/** "2026-12-05" for a day: the value of a date input. */
export const dayInputValue = (d: { year: number; month: number; day: number }) =>
  `${d.year}-${String(d.month).padStart(2, '0')}-${String(d.day).padStart(2, '0')}`

const dayField = (what: string) =>
  z
    .string({ error: `Give the ${what}.` })
    .trim()
    .min(1, `Give the ${what}.`)
    .refine((v) => parseDayInput(v) !== null, `The ${what} is not a date: use a date like 5 Dec 2026.`)

const checkbox = z
  .union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')])
  .optional()
  .transform((v) => v === true || v === 'on' || v === 'true')

/** "Schedule a session": a day and time in India, a length and the meeting link. */
export const scheduleSessionSchema = z.object({
  batchId: idSchema,
  date: dayField('session’s date'),
  time: z
    .string({ error: 'Give the start time.' })
    .trim()
    .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, 'Give the start time as hours and minutes, e.g. 18:30.'),
  durationMinutes: z.coerce
    .number({ error: 'Give the length in minutes.' })
    .int('Give the length in whole minutes.')
    .min(15, 'A session lasts at least 15 minutes.')
    .max(240, 'A session lasts at most 240 minutes.'),
  meetingLink: z
    .string({ error: 'Give the meeting link.' })
    .trim()
    .max(500, 'The meeting link is too long.')
    .regex(/^https:\/\/[^\s/]+\.[^\s]+$/, 'Give the meeting link as an https:// address.'),
  title: z.string().trim().max(160, 'The title is at most 160 characters.').optional(),
  confirmWeekday: checkbox,
})
export type ScheduleSessionInput = z.infer<typeof scheduleSessionSchema>

/**
 * "Move this session" from the mentor's home: the new day and time in India, and its length (the
 * same rules as scheduling: inside the batch's days, still to come, a weekday confirmed, no overlap).
 */
export const moveSessionSchema = scheduleSessionSchema
  .pick({ date: true, time: true, durationMinutes: true, confirmWeekday: true })
  .extend({ sessionId: idSchema })
export type MoveSessionInput = z.infer<typeof moveSessionSchema>

/** "Cancel this session" from the mentor's home. */
export const cancelSessionSchema = z.object({ sessionId: idSchema })
export type CancelSessionInput = z.infer<typeof cancelSessionSchema>

/** How many sessions "Lay out the sessions" plans for a batch (issue 21: the plan includes 4). */
export const SESSIONS_PER_LAYOUT = 4

/** The weekend days a layout can meet on, with the weekday number (0 = Sunday) and their names. */
export const LAYOUT_DAYS = { sat: { weekday: 6, name: 'Saturday' }, sun: { weekday: 0, name: 'Sunday' } } as const
export type LayoutDay = keyof typeof LAYOUT_DAYS

/** A form sends one value or several under one name; JSON sends an array: always an array here. */
const manyValues = (v: unknown) => (v === undefined || v === null || v === '' ? [] : Array.isArray(v) ? v : [v])

/**
 * "Lay out the sessions" of a batch in one step: the weekend days and a start time in India, one
 * length and one meeting link. The server computes the dates (the first chosen weekend days of the
 * batch still to come); `dates` sends them back from the preview, changed or not. A weekday or a
 * day outside the batch needs its confirmation; `preview` computes and checks without writing.
 */
export const layoutSessionsSchema = scheduleSessionSchema
  .pick({ batchId: true, time: true, durationMinutes: true, meetingLink: true, confirmWeekday: true })
  .extend({
    days: z.preprocess(
      manyValues,
      z
        .array(z.enum(['sat', 'sun'], { error: 'Pick Saturday, Sunday or both.' }))
        .min(1, 'Pick Saturday, Sunday or both.')
        .max(2, 'Pick Saturday, Sunday or both.'),
    ),
    dates: z.preprocess(
      (v) => (manyValues(v).length === 0 ? undefined : manyValues(v)),
      z.array(dayField('session’s date')).length(SESSIONS_PER_LAYOUT, `Give the ${SESSIONS_PER_LAYOUT} dates of the plan.`).optional(),
    ),
    confirmOutside: checkbox,
    preview: checkbox,
  })
export type LayoutSessionsInput = z.infer<typeof layoutSessionsSchema>

/** One session of a layout, as the preview shows it and the layout creates it. */
export type LayoutSlot = {
  date: string
  startsAt: string
  title: string
  /** Not a Saturday or Sunday: needs `confirmWeekday`. */
  weekday: boolean
  /** Outside the batch's days: needs `confirmOutside`. */
  outside: boolean
  /** The sentence naming the session it overlaps (another of the mentor's, or an earlier one of this plan). */
  clash: string | null
}

export type LayoutPlan = {
  batch: BatchView
  slots: LayoutSlot[]
  needsConfirmWeekday: boolean
  needsConfirmOutside: boolean
}

/** "Mark attendance" of a session from the mentor's home: present or absent for each seated student. */
export const markAttendanceSchema = z.object({
  sessionId: idSchema,
  marks: z
    .array(z.object({ userId: idSchema, status: z.enum(['present', 'absent'], { error: 'Mark each student present or absent.' }) }))
    .min(1, 'Mark at least one student present or absent.')
    .max(500, 'Too many marks at once.'),
})
export type MarkAttendanceInput = z.infer<typeof markAttendanceSchema>

/** "Open the next batch": its first and last day. */
export const openBatchSchema = z.object({
  startsOn: dayField('first day'),
  endsOn: dayField('last day'),
})
export type OpenBatchInput = z.infer<typeof openBatchSchema>

/** The day of the week (0 = Sunday) of a day typed or picked (see parseDayInput); NaN when it is not a day. */
export function weekdayOfDay(date: string): number {
  const d = parseDayInput(date)
  return d ? new Date(Date.UTC(d.year, d.month - 1, d.day)).getUTCDay() : Number.NaN
}

/** The instant a session starts: a day and "HH:MM" in India time. */
export function sessionStart(date: string, time: string): Date {
  const d = parseDayInput(date)
  const [h, min] = time.split(':').map(Number)
  if (!d) return new Date(Number.NaN)
  return new Date(istMidnight(d.year, d.month, d.day).getTime() + ((h ?? 0) * 60 + (min ?? 0)) * 60_000)
}
