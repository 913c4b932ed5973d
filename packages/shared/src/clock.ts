/**
 * "Now", for every piece of code that decides something by the time (plan windows, batches, seat
 * offers, jobs). Code asks `now()` instead of `new Date()`, so tests move time: Vitest fake timers
 * (`vi.setSystemTime`) move `Date.now()` underneath, and a browser test's server can be moved
 * forward with `setClockOffset` (test runs only, see docs/decisions/043-one-clock.md).
 */
/**
 * The offset lives on the process, not in this module: a Next.js build bundles this module more
 * than once (route handlers, the admin panel's server components), and every copy must read the
 * one offset the test clock set.
 */
const OFFSET = Symbol.for('mentorloop.clockOffsetMs')
const clockState = globalThis as typeof globalThis & { [OFFSET]?: number }
const offset = () => clockState[OFFSET] ?? 0

export function now(): Date {
  return new Date(Date.now() + offset())
}

export function nowMs(): number {
  return Date.now() + offset()
}

export function nowIso(): string {
  return now().toISOString()
}

/** Test runs only: every later `now()` is this many milliseconds ahead of the system clock. */
export function setClockOffset(ms: number): void {
  clockState[OFFSET] = ms
}

export function clockOffset(): number {
  return offset()
}

export const DAY_MS = 86_400_000
export const HOUR_MS = 3_600_000

export function addDays(date: Date, days: number): Date {
  return new Date(date.getTime() + days * DAY_MS)
}
