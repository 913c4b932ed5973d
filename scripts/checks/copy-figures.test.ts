/**
 * No literal price, batch size or plan length in the site's copy, the seeded CMS content or the
 * e-mails: figures come from the data through placeholders ({price:CODE}, {batchSize},
 * {sessions:CODE}, {holdHours}: packages/shared/src/copy.ts, docs/decisions/091-copy-placeholders.md),
 * so a price staff change on a plan reads the same in the hero, the FAQ, About and the Terms.
 *
 * Scanned: the site (web/app), the seeded content and plans (cms/seed), the shared messages, and
 * the CMS code that writes e-mails and other text people read (cms/services, cms/collections,
 * cms/notifications). Not scanned: tests, the question bank's exam questions (their rupees are
 * arithmetic, not our prices), and the defaults themselves (a plan's `price: 599` field, the
 * default batch size constant), which are data, not copy.
 */
import { describe, expect, it } from 'vitest'
import { findInCopy } from './copy-sources'

/** Lines that name a figure for another reason than stating it, each with that reason. */
const ALLOWED: Record<string, string> = {
  'cms/collections/Payments/index.ts: price "₹7"': 'the admin help explains the unit (paise) with a worked example, not a price',
}

/** What a figure typed into words looks like; each with a line it must catch (checked below). */
export const FIGURES: { name: string; pattern: RegExp; example: string }[] = [
  { name: 'price', pattern: /(?:₹|\bRs\.?|\bINR)\s?\d/, example: 'plans from ₹599 a month' },
  { name: 'price', pattern: /\b\d[\d,]*\s?(?:rupees|\/-)/i, example: 'only 599 rupees' },
  { name: 'batch size', pattern: /\b\d+\s?(?:-|–|to)\s?\d+\s+(?:students|people|learners)\b/i, example: 'a small batch of 2-15 students' },
  {
    name: 'batch size',
    pattern: /\bbatch(?:es)?\s+of\s+(?:just\s+|only\s+|up to\s+|about\s+)?\d+/i,
    example: 'In a batch of just 14 people',
  },
  { name: 'batch size', pattern: /\b\d+\s+(?:students|people)\s+(?:per|in (?:a|each|every))\s+batch/i, example: '15 students per batch' },
  {
    name: 'plan length',
    pattern: /\b\d+[\s-]days?\b[^.'`]{0,40}\bplan|\bplan\b[^.'`]{0,40}\b\d+[\s-]days?\b/i,
    example: 'the plan lasts 30 days',
  },
  {
    name: 'plan length',
    pattern: /\b(?:one|a|1)\s+month\s+from\s+the\s+date\b/i,
    example: 'A plan runs for one month from the date of payment',
  },
  {
    name: 'plan length',
    pattern: /\b\d+(?:\s?(?:-|–)\s?\d+)?\s+(?:live\s+)?(?:one-hour\s+|1-hour\s+)?sessions\b/i,
    example: '3-4 live sessions every month',
  },
]

function findFigures(): string[] {
  return findInCopy(FIGURES)
    .filter((hit) => !ALLOWED[`${hit.file}: ${hit.name} "${hit.match}"`])
    .map((hit) => hit.where)
}

describe('figures in copy come from the data', () => {
  it('each pattern catches the kind of line it is for', () => {
    for (const f of FIGURES) expect(f.pattern.test(f.example), `${f.name}: ${f.example}`).toBe(true)
    // …and the placeholders that replace them pass.
    for (const f of FIGURES)
      expect(f.pattern.test('plans from {price:BEGINNER_TECHY}, batches of {batchSize}, {sessions:BEGINNER_TECHY} sessions')).toBe(false)
  })

  it('finds no literal price, batch size or plan length in the site, the seeded content or the e-mails', () => {
    expect(findFigures()).toEqual([])
  })
})
