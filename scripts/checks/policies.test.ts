/**
 * The policy pages state the product's rules (docs/decisions/180-policies-from-the-rules.md): the
 * seeded Terms, Cancellation and refunds, Privacy and Cookies pages name no rule the product does
 * not have, state the figures that are rules through the copy's placeholders (so staff edit the
 * words, and a rule changed in the data reads the same on the page), say what a mentor sees as the
 * mentor home shows it, and name exactly the cookies the site sets.
 */
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { pages } from '../../cms/seed/content/pages'
import { COPY_PLACEHOLDERS } from '../../packages/shared/src/copy'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const read = (rel: string) => readFileSync(path.join(ROOT, rel), 'utf8')

/** Rules the product does not have, as a policy page might state them; each with a line it must catch. */
export const NOT_OUR_RULES: { rule: string; pattern: RegExp; example: string }[] = [
  {
    rule: 'a refund per session',
    pattern: /\brefunds? (?:for|of) (?:that|a|each|an individual|the) session\b/i,
    example: 'you receive a full refund for that session',
  },
  {
    rule: 'cancelling a single session',
    pattern: /\bcancel(?:ling)? an individual (?:booked )?session\b/i,
    example: 'how you can cancel an individual booked session',
  },
  {
    rule: 'a cancellation fee',
    pattern: /\b(?:incur|charge|pay)s? a cancellation fee\b|\bcancellation fees? (?:apply|applies|of)\b/i,
    example: 'within 24 hours incur a cancellation fee',
  },
  { rule: 'non-refundable fees', pattern: /\bnon-?refundable\b/i, example: 'Premium fees are non-refundable unless otherwise specified' },
  {
    rule: 'no cancelling once paid',
    pattern: /\bcannot be cancell?ed once\b/i,
    example: 'A subscription cannot be cancelled once it has been paid for.',
  },
  {
    rule: 'hours-before-session notice',
    pattern: /\b\d+ hours (?:or more )?(?:in advance|before (?:a|the) session)\b/i,
    example: 'If you cancel 48 hours or more in advance',
  },
  {
    rule: 'a recurring subscription',
    pattern: /\bsubscriptions?\b|\bmonthly plans?\b|\bper month\b|\/ ?month\b/i,
    example: 'the Beginner Techy Plan at {price:BEGINNER_TECHY} per month',
  },
  {
    rule: 'e-mail refund requests within days',
    pattern: /\bwithin \d+ days of the (?:session|payment)\b/i,
    example: 'by e-mailing support within 7 days of the session',
  },
  {
    rule: 'local storage',
    pattern: /\blocal storage\b(?! ?[.;:]?$)(?!.*\bdoes not\b)/i,
    example: 'We use essential cookies and local storage to keep you signed in',
  },
  {
    rule: 'a refund time typed in',
    pattern: /\b(?:refunds?|reach(?:es)?|returned|processed)\b[^.]{0,60}\b\d+\s?[-–]\s?\d+ business days\b/i,
    example: 'Approved refunds are processed within 5-10 business days.',
  },
]

const POLICIES = ['terms', 'privacy', 'cancellation', 'cookies'] as const
const page = (slug: string) => {
  const found = pages.find((p) => p.slug === slug)
  if (!found) throw new Error(`no seeded page ${slug}`)
  return found
}
const textOf = (slug: string) => {
  const p = page(slug)
  return [p.title, p.summary, ...p.sections.flatMap((s) => [s.heading, ...s.paragraphs])]
}

describe('the policy pages state the product’s rules (docs/decisions/180)', () => {
  it('each pattern catches the kind of line it is for', () => {
    for (const r of NOT_OUR_RULES) expect(r.pattern.test(r.example), `${r.rule}: ${r.example}`).toBe(true)
    const ours = [
      'Before a batch starts, a refund of the plan that pays for your seat is approved at once.',
      'An approved refund reaches you within {refundDays}.',
      'it does not keep your details in your browser’s local storage.',
      'the Beginner Techy Plan at {price:BEGINNER_TECHY} per batch',
    ]
    for (const line of ours) for (const r of NOT_OUR_RULES) expect(r.pattern.test(line), `${r.rule} in ${line}`).toBe(false)
  })

  it('no seeded policy page names a rule the product does not have', () => {
    const hits = pages.flatMap((p) =>
      textOf(p.slug).flatMap((line) =>
        NOT_OUR_RULES.filter((r) => r.pattern.test(line)).map((r) => `/${p.slug}: ${r.rule}: “${line.slice(0, 80)}…”`),
      ),
    )
    expect(hits).toEqual([])
  })

  it('the figures that are rules come through the placeholders the rest of the copy uses', () => {
    const known = new Set(COPY_PLACEHOLDERS.map((p) => p.token.replace(/:CODE\}$/, ':')))
    const cancellation = textOf('cancellation').join('\n')
    const terms = textOf('terms').join('\n')
    // The promise window, the refund time and the held seat are rules with a number: never typed.
    for (const token of ['{refundWindowHours}', '{refundDays}']) expect(cancellation).toContain(token)
    for (const token of ['{refundWindowHours}', '{holdHours}', '{price:BEGINNER_TECHY}', '{sessions:BEGINNER_TECHY}', '{batchSize}'])
      expect(terms).toContain(token)
    // Every placeholder used on a policy page is one the site fills.
    for (const slug of POLICIES)
      for (const token of textOf(slug)
        .join('\n')
        .match(/\{[a-zA-Z]+(?::[A-Z0-9_]+)?\}/g) ?? [])
        expect(known.has(token) || known.has(token.replace(/:[A-Z0-9_]+\}$/, ':')), `${slug}: ${token}`).toBe(true)
    // The rules the refund service applies, in words: before a batch starts, credits, the promise, a team's decision.
    expect(cancellation).toMatch(/before your batch starts/i)
    expect(cancellation).toMatch(/approved at once/)
    expect(cancellation).toMatch(/credit/)
    expect(cancellation).toMatch(/withdraw/)
    expect(cancellation).toMatch(/no cancellation fees/i)
  })

  it('the Privacy Policy names everything the mentor home shows a mentor about a student', () => {
    const shown = read('packages/shared/src/mentorHome.ts').match(/export type MentorHomeStudent = \{([^}]*)\}/)?.[1] ?? ''
    const fields = [...shown.matchAll(/(\w+):/g)].map((m) => m[1]).filter((f) => f !== 'id')
    expect(fields.length).toBeGreaterThan(0)
    const words: Record<string, string> = { name: 'name', email: 'e-mail address', phone: 'mobile number' }
    const mentorLine = textOf('privacy').find((l) => /\bYour mentor sees\b/.test(l)) ?? ''
    for (const f of fields) expect(mentorLine, `the mentor home shows ${f}`).toContain(words[f] ?? f)
  })

  it('the Cookie Policy names exactly the cookies the site sets, and the site keeps nothing in local storage', () => {
    const dir = 'web/app/utils'
    const sources = readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith('.server.ts') && !f.endsWith('.test.ts'))
      .map((f) => read(`${dir}/${f}`))
    const names = sources.flatMap((s) => [...s.matchAll(/createCookie\('([\w-]+)'|name: '(ml_[\w-]+)'/g)].map((m) => m[1] ?? m[2]))
    expect(names.length).toBeGreaterThan(0)
    const cookies = textOf('cookies').join('\n')
    for (const name of names) expect(cookies, `cookie ${name}`).toContain(name)
    for (const named of cookies.match(/\bml_\w+/g) ?? []) expect(names, `the policy names ${named}`).toContain(named)
    const site = readdirSync(path.join(ROOT, 'web/app'), { recursive: true, encoding: 'utf8' })
      .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f))
      .filter((f) => /\b(?:localStorage|sessionStorage)\b/.test(read(`web/app/${f}`)))
    expect(site).toEqual([])
  })
})
