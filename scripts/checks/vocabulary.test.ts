/**
 * One vocabulary (docs/vocabulary.md): the words its "never" column lists, where a person reads
 * them, are not in the site's copy, the seeded content, the messages or the CMS's e-mails and
 * admin help. Only what reads as words is matched: a quoted or JSX text "Login" or "log in", not
 * the `/login` route or a `LoginFailedDialog` component; comments are not copy.
 */
import { describe, expect, it } from 'vitest'
import { findInCopy } from './copy-sources'

/** A word docs/vocabulary.md says never to use; each with a line it must catch (checked below). */
export const NEVER: { name: string; pattern: RegExp; example: string; instead: string }[] = [
  { name: 'login', pattern: /["'`>“][^"'`<”]*\b(?:Log ?in|Log ?out)\b(?![-_(])/, example: `label: 'Login'`, instead: 'Sign in / Sign out' },
  { name: 'log in', pattern: /\blog (?:in|out)\b/i, example: `'Please log in to check Email address'`, instead: 'sign in' },
  { name: 'waitlist token', pattern: /\bwaitlist token\b/i, example: `title: 'Waitlist Token Raised'`, instead: 'You’re on … waitlist' },
  { name: 'vacancy', pattern: /\bvacanc(?:y|ies)\b/i, example: `'contact you via mail if any vacancy'`, instead: 'a seat opens' },
  { name: 'via mail', pattern: /\bvia mail\b/i, example: `'we will contact you via mail'`, instead: 'by e-mail' },
  { name: 'session planner', pattern: /\bSession planner\b/i, example: `<h1>Session planner</h1>`, instead: 'Dashboard' },
  { name: 'mentor database', pattern: /\bMentor database\b/i, example: `'Mentor database'`, instead: 'Find a mentor' },
  { name: 'Question Bank', pattern: /\bQuestion Bank\b/, example: `title="Question Bank Subscription"`, instead: 'Question bank' },
  { name: 'QB', pattern: /["'`>][^"'`<]*\bQB\b/, example: `'QB Plus'`, instead: 'question bank' },
  { name: 'cohort', pattern: /["'`>][^"'`<]*\bcohorts?\b/i, example: `'your cohort starts on'`, instead: 'batch' },
  // Issue 32's slips: a plan is not a subscription, a seat is not "a booking" to cancel, a request is not "initiated".
  {
    name: 'please subscribe',
    pattern: /\bplease subscribe\b/i,
    example: `'Please subscribe to a plan before booking sessions.'`,
    instead: 'Choose a plan',
  },
  {
    name: 'subscription (a plan)',
    pattern: /\b(?:subscription (?:updated|status|ends|starts)|(?:no active|continue with the) subscription\b)/i,
    example: `'Payment successful and subscription updated!'`,
    instead: 'plan',
  },
  {
    name: 'Subscription Ends',
    pattern: /\bSubscription (?:Ends|Starts)\b/,
    example: `label: 'Subscription Ends'`,
    instead: 'Covers until / Pays for',
  },
  // Issue 35: what a student types at checkout is a discount code (docs/vocabulary.md, decision 195).
  { name: 'coupon', pattern: /["'`>][^"'`<]*\b(?:coupons?|promo ?codes?)\b/i, example: `label: 'Apply coupon'`, instead: 'discount code' },
  { name: 'per month', pattern: /["'`>][^"'`<]*(?:\/\s?month\b|\bper month\b)/i, example: `<span>/ month</span>`, instead: 'per batch' },
  { name: 'Refund Initiated', pattern: /\bRefund Initiated\b/i, example: `title="Refund Initiated ✅"`, instead: 'Refund requested' },
  {
    name: 'Select Mentor for Refund',
    pattern: /\bSelect Mentor for Refund\b/i,
    example: `title="Select Mentor for Refund"`,
    instead: 'Which payment should we refund?',
  },
  {
    name: 'Mentor not assigned',
    pattern: /\bMentor not assigned\b/i,
    example: `'Mentor not assigned yet'`,
    instead: 'A credit for your next seat',
  },
  {
    name: 'Cancel booking',
    pattern: /["'`>]\s*(?:Cancel|Yes, cancel) booking\b/,
    example: `trigger="Cancel booking"`,
    instead: 'Cancel your seat',
  },
  {
    name: 'password login',
    pattern: /\bpassword login\b/i,
    example: `label: 'Allow password login to /admin'`,
    instead: 'password sign-in',
  },
  {
    name: 'refund time typed in',
    pattern: /["'`>][^"'`<]*\b(?:refund|money|reach|processed|reversed)\w*\b[^"'`<]{0,60}\b\d+\s?[-–]\s?\d+ business days\b/i,
    example: `'processed within 5-7 business days'`,
    instead: 'REFUND_ARRIVES_WITHIN / {refundDays}',
  },
]

describe('one vocabulary (docs/vocabulary.md)', () => {
  it('each pattern catches the kind of line it is for, and passes what we say instead', () => {
    for (const w of NEVER) expect(w.pattern.test(w.example), `${w.name}: ${w.example}`).toBe(true)
    const ours = [
      `label: 'Sign in'`,
      `<LoginFailedDialog reason={reason} />`,
      `redirect('/login?redirectTo=/book')`,
      `MESSAGES.LOGIN_SUCCESS`,
      `'You’re on Aarav Mehta’s waitlist (number 2). Joining is free.'`,
      `title="Question bank subscription"`,
      `<Link to="/question-bank/practice">Question bank</Link>`,
      `trigger="Cancel your seat"`,
      `<span>per batch</span>`,
      `title="Refund requested"`,
      `'Failed to cancel booking'`,
      `'{price:BEGINNER_TECHY} per batch'`,
      `'/question-bank/subscription'`,
      `'Subscribe Now'`,
      `within \${REFUND_ARRIVES_WITHIN}`,
    ]
    for (const line of ours) for (const w of NEVER) expect(w.pattern.test(line), `${w.name} in ${line}`).toBe(false)
  })

  it('finds none of the "never" words in the copy people read', () => {
    expect(findInCopy(NEVER).map((hit) => `${hit.where} (say: ${NEVER.find((w) => w.name === hit.name)?.instead})`)).toEqual([])
  })
})
