/**
 * Calendar entries of live sessions (RFC 5545), one builder for the e-mails (a session scheduled,
 * moved, cancelled, a reminder) and the feeds (the dashboard's download, the private token URL), so
 * every copy a person has of one session carries the same UID and the latest SEQUENCE: a calendar
 * app replaces the entry it has when the SEQUENCE is higher (docs/decisions/106).
 */
export type CalendarSession = {
  id: number
  title: string
  startsAt: string | Date
  durationMinutes: number
  meetingLink?: string | null
  sequence?: number | null
  status?: 'scheduled' | 'cancelled' | null
  mentorName: string
}

export type CalendarMethod = 'PUBLISH' | 'REQUEST' | 'CANCEL'

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '')

const escapeText = (s: string) => s.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Lines longer than 75 octets are folded (RFC 5545 3.1); ASCII-safe split by characters, 73 per line. */
const fold = (line: string) => (line.length <= 73 ? line : (line.match(/.{1,73}/g)?.join('\r\n ') ?? line))

/** The one UID of a session, in every e-mail and feed. */
export const sessionUid = (id: number) => `session-${id}@mentorloop`

function event(s: CalendarSession, dtstamp: string, cancelled: boolean): string[] {
  const start = new Date(s.startsAt)
  const end = new Date(start.getTime() + s.durationMinutes * 60_000)
  return [
    'BEGIN:VEVENT',
    `UID:${sessionUid(s.id)}`,
    `SEQUENCE:${Math.max(0, Number(s.sequence ?? 0))}`,
    `DTSTAMP:${dtstamp}`,
    `DTSTART:${stamp(start)}`,
    `DTEND:${stamp(end)}`,
    fold(`SUMMARY:${escapeText(`${s.title} with ${s.mentorName}`)}`),
    ...(s.meetingLink ? [fold(`LOCATION:${escapeText(s.meetingLink)}`), fold(`URL:${s.meetingLink}`)] : []),
    `STATUS:${cancelled ? 'CANCELLED' : 'CONFIRMED'}`,
    'END:VEVENT',
  ]
}

/**
 * A calendar of sessions. `CANCEL` marks every event cancelled (an e-mail about a cancellation);
 * in a feed (`PUBLISH`) a cancelled session stays listed as CANCELLED with its higher SEQUENCE, so
 * a subscribed calendar drops it rather than keep the old time. `at` is the DTSTAMP (the clock's now).
 */
export function buildCalendar(sessions: CalendarSession[], opts: { method: CalendarMethod; at: Date }): string {
  const dtstamp = stamp(opts.at)
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//MentorLoop//Sessions//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${opts.method}`,
    'X-WR-CALNAME:MentorLoop sessions',
  ]
  for (const s of sessions) lines.push(...event(s, dtstamp, opts.method === 'CANCEL' || s.status === 'cancelled'))
  lines.push('END:VCALENDAR')
  return `${lines.join('\r\n')}\r\n`
}

/** The METHOD line of a calendar text (nodemailer's `icalEvent.method`). */
export const methodOf = (ics: string): CalendarMethod => (/^METHOD:(\w+)/m.exec(ics)?.[1]?.toUpperCase() as CalendarMethod) ?? 'PUBLISH'
