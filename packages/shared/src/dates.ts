/**
 * The site's dates, one style per context, always in India time (docs/vocabulary.md "Dates"):
 *
 * | context                                    | style      | example                    |
 * |--------------------------------------------|------------|----------------------------|
 * | a day (paid on, renewal opens, expires)    | `day`      | 26 Dec 2026                |
 * | a batch, a plan's cover (first–last day)   | range      | 1–31 Dec 2026              |
 * | a moment (session start, a held seat's end)| `dateTime` | Fri 27 Nov, 6:25 am IST    |
 * | a time on a known day                      | `time`     | 6:25 am                    |
 * | a month (a batch's name)                   | `month`    | December 2026              |
 * | time left until a moment                   | countdown  | 23 h 56 min left           |
 *
 * India has one offset all year (UTC+5:30, no daylight saving), so the parts are computed here
 * rather than by `Intl`: the server's render and the browser's hydration read the same words
 * whatever their zone or ICU version ("Sep", never "Sept" on one and "Sep" on the other).
 */
const IST_OFFSET_MS = 330 * 60_000

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const
const MONTHS_LONG = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const

/** The named styles of {@link formatDate}. */
export type DateStyle =
  | 'day'
  | 'dateTime'
  | 'time'
  | 'month'
  /** @deprecated the one day style is `day` ("26 Dec 2026") */
  | 'date'
  /** @deprecated the one day style is `day` */
  | 'dayFirst'
  /** @deprecated the one day style is `day` */
  | 'longDate'
  /** @deprecated a moment is `dateTime` ("Fri 27 Nov, 6:25 am IST") */
  | 'full'

type IstParts = { year: number; month: number; day: number; weekday: number; hour: number; minute: number }

function toDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

function istParts(date: Date): IstParts {
  const s = new Date(date.getTime() + IST_OFFSET_MS)
  return {
    year: s.getUTCFullYear(),
    month: s.getUTCMonth() + 1,
    day: s.getUTCDate(),
    weekday: s.getUTCDay(),
    hour: s.getUTCHours(),
    minute: s.getUTCMinutes(),
  }
}

const dayText = (p: IstParts) => `${p.day} ${MONTHS[p.month - 1]} ${p.year}`
const timeText = (p: IstParts) => `${p.hour % 12 || 12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'am' : 'pm'}`

/** A date or instant in India time in one of the named styles; "—" when there is none or it is not a date. */
export function formatDate(value: string | Date | null | undefined, style: DateStyle = 'day'): string {
  const date = toDate(value)
  if (!date) return '—'
  const p = istParts(date)
  switch (style) {
    case 'dateTime':
    case 'full':
      return `${WEEKDAYS[p.weekday]} ${p.day} ${MONTHS[p.month - 1]}, ${timeText(p)} IST`
    case 'time':
      return timeText(p)
    case 'month':
      return `${MONTHS_LONG[p.month - 1]} ${p.year}`
    default:
      return dayText(p)
  }
}

/** A day: "26 Dec 2026". */
export const formatDay = (value: string | Date | null | undefined) => formatDate(value, 'day')

/** A moment, with the zone named: "Fri 27 Nov, 6:25 am IST". */
export const formatDateTime = (value: string | Date | null | undefined) => formatDate(value, 'dateTime')

/** @deprecated the same as {@link formatDateTime}. */
export const formatIst = formatDateTime

/**
 * The days from `first` to `last` (both included; a batch's `startsOn`/`endsOn`), as short as it
 * reads clearly: "1–31 Dec 2026", "28 Nov – 3 Dec 2026", "28 Dec 2026 – 3 Jan 2027", "5 Dec 2026".
 */
export function formatDateRange(first: string | Date | null | undefined, last: string | Date | null | undefined): string {
  const a = toDate(first)
  const b = toDate(last)
  if (!a || !b) return a ? formatDay(a) : b ? formatDay(b) : '—'
  const x = istParts(a)
  const y = istParts(b)
  if (x.year !== y.year) return `${dayText(x)} – ${dayText(y)}`
  if (x.month !== y.month) return `${x.day} ${MONTHS[x.month - 1]} – ${dayText(y)}`
  if (x.day !== y.day) return `${x.day}–${dayText(y)}`
  return dayText(y)
}

/** Time left until a moment, in words: "2 days left", "23 h 56 min left", "5 min left", "time is up". */
export function formatCountdown(ms: number): string {
  if (!(ms > 0)) return 'time is up'
  const minutes = Math.floor(ms / 60_000)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  if (days >= 2) return `${days} days left`
  if (hours >= 1) return `${hours} h ${minutes % 60} min left`
  return `${Math.max(1, minutes)} min left`
}

/** The calendar day in India (year, month 1-12, day) of an instant. */
export function istDay(value: Date): { year: number; month: number; day: number } {
  const { year, month, day } = istParts(value)
  return { year, month, day }
}

/** Midnight in India at the start of the given calendar day (month 1-12; overflow rolls over). */
export function istMidnight(year: number, month: number, day: number): Date {
  return new Date(Date.UTC(year, month - 1, day) - IST_OFFSET_MS)
}

/** The calendar month after the one `value` falls in (India time): first and last day, and its name. */
export function nextIstMonth(value: Date): { startsOn: Date; endsOn: Date; label: string } {
  const { year, month } = istDay(value)
  return istMonth(year, month + 1)
}

/** A calendar month in India time: first and last day at midnight, and "January 2027". */
export function istMonth(year: number, month: number): { startsOn: Date; endsOn: Date; label: string } {
  const startsOn = istMidnight(year, month, 1)
  const endsOn = istMidnight(year, month + 1, 0)
  return { startsOn, endsOn, label: formatDate(startsOn, 'month') }
}
