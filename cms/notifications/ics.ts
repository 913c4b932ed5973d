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

/**
 * A TEXT value (RFC 5545 3.3.11): backslash, semicolon and comma escaped, every line break (CRLF,
 * a bare CR or LF, Unicode's line and paragraph separators) written as the two characters `\n`, a tab as a space,
 * and every other control character (NUL, DEL, C1) dropped: a bare carriage return in a title must not
 * start a line of its own, which some calendar apps read as a new property or a new event.
 */
export const escapeText = (s: string) =>
  s
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|[\r\n\u2028\u2029]/g, '\\n')
    .replace(/\t/g, ' ')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')

/** A URI value: no control character and no space may stand in it (it would end or break the line). */
const cleanUri = (s: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  s.replace(/[\u0000-\u0020\u007f-\u009f\u2028\u2029]/g, '')

const FOLD_OCTETS = 75
const encoder = new TextEncoder()

/**
 * A content line folded at 75 octets (RFC 5545 3.1): each continuation starts with a space, which
 * counts toward its 75, and a fold never falls inside a UTF-8 character (nor between the halves of
 * a surrogate pair: iterating the string walks code points).
 */
export function fold(line: string): string {
  const parts: string[] = []
  let current = ''
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    const limit = parts.length === 0 ? FOLD_OCTETS : FOLD_OCTETS - 1
    if (octets + size > limit) {
      parts.push(current)
      current = ''
      octets = 0
    }
    current += char
    octets += size
  }
  parts.push(current)
  return parts.join('\r\n ')
}

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
    // A cancelled session's entry carries no link: nobody should join a call that is not on.
    ...(s.meetingLink && !cancelled ? [fold(`LOCATION:${escapeText(s.meetingLink)}`), fold(`URL:${cleanUri(s.meetingLink)}`)] : []),
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
