import { formatDateRange, formatDay } from './dates'

/**
 * What a payment buys, in words, for the checkout, the confirmation, the dashboard, the e-mails and
 * the admin's grant dialog (docs/decisions/183). No zod here: the landing's plan cards use these,
 * and a module that builds schemas at load would put zod into the landing page's JavaScript
 * (bench/landing keeps it under its budget).
 */
export type PaymentCover =
  | { kind: 'seat'; mentor: string; batch: { label: string; startsOn: string; endsOn: string }; sessions: number }
  | { kind: 'credit'; until: string }

/**
 * The day a credit is refunded automatically (a complimentary one lapses) if no seat has used it:
 * the last day before its deadline (the end of the next month, cms/services/plans/credits.ts),
 * India time. One function for every screen, e-mail and the admin's grant dialog, so the same
 * credit never reads "by 1 Jan 2027" in one place and "until 31 Dec 2026" in another.
 */
export const creditLastDay = (until: string | Date): string => formatDay(new Date(new Date(until).getTime() - 1))

/** "a credit for your next seat, refunded if no seat uses it by 31 Dec 2026" (a granted one lapses instead). */
export function creditLine(until: string | Date, opts: { complimentary?: boolean } = {}): string {
  return opts.complimentary
    ? `a credit for your next seat; it lapses unused if no seat uses it by ${creditLastDay(until)}`
    : `a credit for your next seat, refunded if no seat uses it by ${creditLastDay(until)}`
}

/** What the checkout says a payment buys, before paying: "Beginner Techy Plan: a credit for your next seat, refunded if …". */
export const checkoutDescription = (planName: string, buys: PaymentCover | null): string =>
  buys ? `${planName}: ${coverPhrase(buys)}` : planName

/**
 * The confirmation after paying, repeating what the payment bought: the seat it found at once, or
 * a credit with its deadline (never "Your plan is now active" for a credit that pays for nothing yet).
 */
export function paidMessage(covers: PaymentCover | null): string | null {
  if (!covers) return null
  if (covers.kind === 'seat') return `It pays for ${coverPhrase(covers)}.`
  return `It is ${coverPhrase(covers)}. The first seat you get (a booking, or a seat from a waitlist) uses it.`
}

/** What a payment pays for in one phrase: "your seat in Aarav Mehta's December 2026 batch (1–31 Dec 2026, 4 live sessions)" or a credit. */
export function coverPhrase(c: PaymentCover, opts: { complimentary?: boolean } = {}): string {
  if (c.kind === 'credit') return creditLine(c.until, opts)
  const sessions = c.sessions > 0 ? `, ${c.sessions} live sessions` : ''
  return `your seat in ${c.mentor}'s ${c.batch.label} batch (${formatDateRange(c.batch.startsOn, c.batch.endsOn)}${sessions})`
}
