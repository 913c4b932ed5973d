/** Role names, plan codes and status enums shared by the CMS and the site. */

export const ROLES = ['student', 'mentor', 'staff', 'admin'] as const
export type Role = (typeof ROLES)[number]

export const MENTORSHIP_PLAN_CODES = ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED'] as const
export const QUESTION_BANK_PLAN_CODES = ['QB_FREE', 'PLAN1'] as const
export const PLAN_CODES = [...MENTORSHIP_PLAN_CODES, ...QUESTION_BANK_PLAN_CODES] as const
export type PlanCode = (typeof PLAN_CODES)[number]
export type MentorshipPlanCode = (typeof MENTORSHIP_PLAN_CODES)[number]

export const PLAN_PRODUCTS = ['mentorship', 'question-bank'] as const
export type PlanProduct = (typeof PLAN_PRODUCTS)[number]

export const BOOKING_STATUSES = ['confirmed', 'cancelled', 'completed'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

/** How a seat was taken: booked directly, from the waitlist, kept into the mentor's next batch, or a claimed offer. */
export const BOOKING_SOURCES = ['direct', 'waitlist', 'continuing', 'offer'] as const
export type BookingSource = (typeof BOOKING_SOURCES)[number]

export const WAITLIST_STATUSES = ['waiting', 'assigned', 'removed'] as const
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number]

/** A batch takes bookings while open, meets while running, and ends completed (or cancelled). */
export const BATCH_STATUSES = ['open', 'running', 'completed', 'cancelled'] as const
export type BatchStatus = (typeof BATCH_STATUSES)[number]

/** A seat held for a waiting student without a plan until it is claimed, expires or is declined. */
export const OFFER_STATUSES = ['held', 'claimed', 'expired', 'declined', 'cancelled'] as const
export type OfferStatus = (typeof OFFER_STATUSES)[number]

export const PAYMENT_STATUSES = ['created', 'completed', 'failed', 'refunded'] as const
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number]

/**
 * A request is decided once (approved or rejected); an approved one is refunded through the gateway
 * after the decision commits: `approved` (queued, retried) -> `pending` (the gateway took it) ->
 * `refunded`, or `failed` (retries used up or the gateway refused; an admin may approve it again).
 * docs/decisions/056-refunds-after-commit.md.
 */
export const REFUND_STATUSES = ['requested', 'approved', 'pending', 'refunded', 'failed', 'rejected'] as const
export type RefundStatus = (typeof REFUND_STATUSES)[number]

/** The eight reasons of docs/spec.md §5, in the spec's order and wording. */
export const REFUND_REASONS = [
  "I didn't feel enough clarity or direction",
  'I expected more interaction with the mentor',
  'The session felt too fast / too slow',
  "The mentor's style didn't match my learning preference",
  "Timing didn't work for me",
  'Not ready to continue with the subscription',
  'I plan to rejoin in the future',
  'Other (please share below)',
] as const
export type RefundReason = (typeof REFUND_REASONS)[number]
export const REFUND_REASON_OTHER: RefundReason = 'Other (please share below)'

/** Reasons about a session a student can only have once a session happened (docs/decisions/181). */
export const SESSION_REFUND_REASONS: readonly RefundReason[] = [
  "I didn't feel enough clarity or direction",
  'I expected more interaction with the mentor',
  'The session felt too fast / too slow',
  "The mentor's style didn't match my learning preference",
]

/** The reasons offered: those about a session only after one happened. */
export const refundReasonsFor = ({ sessionHeld }: { sessionHeld: boolean }): readonly RefundReason[] =>
  sessionHeld ? REFUND_REASONS : REFUND_REASONS.filter((r) => !SESSION_REFUND_REASONS.includes(r))

/**
 * What a student reads for a reason. The stored value stays the spec's text (the database's enum),
 * and the words follow docs/vocabulary.md ("plan", not "subscription").
 */
const REFUND_REASON_WORDS: Partial<Record<RefundReason, string>> = {
  'Not ready to continue with the subscription': 'Not ready to continue with the plan',
  'Other (please share below)': 'Other (tell us below)',
}
export const refundReasonLabel = (reason: RefundReason): string => REFUND_REASON_WORDS[reason] ?? reason
export const REFUND_FEEDBACK_MAX_WORDS = 50

export const CURRENCY = 'INR' as const
export const DEFAULT_MENTOR_CAPACITY = 15
export const DEFAULT_PLAN_DURATION_DAYS = 30
export const CONTACT_DIGITS = 10
export const TIME_ZONE = 'Asia/Kolkata'
export const DEFAULT_OFFER_HOLD_HOURS = 24
/** Renewal of a plan opens this many days before it ends (and stays open after). */
export const RENEWAL_WINDOW_DAYS = 7
/** The renewal reminder goes this many days before a plan ends. */
export const RENEWAL_REMINDER_DAYS = 3

/** The refund promise (docs/decisions/107): hours after the end of a student's Session 1 in which a refund is approved at once. */
export const DEFAULT_REFUND_WINDOW_HOURS = 72

/**
 * How long a refund takes to reach the student once approved: the refund dialog's figure
 * (docs/spec.md §9), the one figure every dialog, e-mail and policy page states (the copy's
 * `{refundDays}`; docs/decisions/180-policies-from-the-rules.md). The spec's policy said 5-10.
 */
export const REFUND_ARRIVES_WITHIN = '5-7 business days'

/**
 * Our team decides a refund request within this many days of it; one still undecided then is
 * approved automatically by the minute's tick (docs/decisions/215), so "our team decides by …" on
 * the dialog, the Payments page, the e-mail and the policy (the copy's `{refundDecideDays}`) is a
 * promise the rules keep.
 */
export const REFUND_DECIDED_WITHIN_DAYS = 3

/** The same, in words: "3 days". */
export const REFUND_DECIDED_WITHIN = `${REFUND_DECIDED_WITHIN_DAYS} days`

/** When a refund request asked at `requestedAt` is decided at the latest (approved automatically if nobody did). */
export function refundDecideBy(requestedAt: string | Date): Date {
  return new Date(new Date(requestedAt).getTime() + REFUND_DECIDED_WITHIN_DAYS * 24 * 60 * 60 * 1000)
}
