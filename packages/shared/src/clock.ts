/**
 * "Now", for every piece of code that decides something by the time (plan windows, batches, seat
 * offers, jobs). Code asks `now()` instead of `new Date()`, so tests move time: Vitest fake timers
 * (`vi.setSystemTime`) move `Date.now()` underneath, and a browser test's server can be moved
 * forward with `setClockOffset` (test runs only, see docs/decisions/043-one-clock.md).
 */
let offsetMs = 0

export function now(): Date {
  return new Date(Date.now() + offsetMs)
}

export function nowMs(): number {
  return Date.now() + offsetMs
}

export function nowIso(): string {
  return now().toISOString()
}

/** Test runs only: every later `now()` is this many milliseconds ahead of the system clock. */
export function setClockOffset(ms: number): void {
  offsetMs = ms
}

export function clockOffset(): number {
  return offsetMs
}

export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS)
}
