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
    ]
    for (const line of ours) for (const w of NEVER) expect(w.pattern.test(line), `${w.name} in ${line}`).toBe(false)
  })

  it('finds none of the "never" words in the copy people read', () => {
    expect(findInCopy(NEVER).map((hit) => `${hit.where} (say: ${NEVER.find((w) => w.name === hit.name)?.instead})`)).toEqual([])
  })
})
