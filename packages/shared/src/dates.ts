import { TIME_ZONE } from './constants'

/**
 * The one date formatter: Indian English, India time, whatever the server's or browser's zone,
 * so the server render and the hydrated page agree and every screen and e-mail reads the same.
 */
const FORMATS = {
  /** Nov 22, 2026: the spec's short date (month, day, year; docs/spec.md §2), assembled below */
  date: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 22 Nov 2026: the Indian order, where no spec text fixes another */
  dayFirst: { day: 'numeric', month: 'short', year: 'numeric' },
  /** 22 November 2026 */
  longDate: { day: 'numeric', month: 'long', year: 'numeric' },
  /** 10:00 am */
  time: { hour: 'numeric', minute: '2-digit' },
  /** Sat, 5 Dec 2026, 10:00 am */
  dateTime: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' },
  /** Saturday, 5 December 2026 at 10:00 am */
  full: { dateStyle: 'full', timeStyle: 'short' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>

export type DateStyle = keyof typeof FORMATS

const formatters = new Map<DateStyle, Intl.DateTimeFormat>()

/** A date or instant in India time; "—" when there is none or it is not a date. */
export function formatDate(value: string | Date | null | undefined, style: DateStyle = 'date'): string {
  if (!value) return '—'
  const date = value instanceof Date ? value : new Date(value)
  if (Number.isNaN(date.getTime())) return '—'
  let formatter = formatters.get(style)
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-IN', { ...FORMATS[style], timeZone: TIME_ZONE })
    formatters.set(style, formatter)
  }
  if (style !== 'date') return formatter.format(date)
  const parts = formatter.formatToParts(date)
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? ''
  return `${part('month')} ${part('day')}, ${part('year')}`
}

/** A session's start, with the zone named: "Sat, 5 Dec 2026, 10:00 am IST". */
export const formatIst = (value: string | Date) => `${formatDate(value, 'dateTime')} IST`

const IST_OFFSET_MS = 330 * 60_000

/** The calendar day in India (year, month 1-12, day) of an instant. */
export function istDay(value: Date): { year: number; month: number; day: number } {
  const shifted = new Date(value.getTime() + IST_OFFSET_MS)
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth() + 1, day: shifted.getUTCDate() }
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
  const label = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: TIME_ZONE }).format(startsOn)
  return { startsOn, endsOn, label }
}
