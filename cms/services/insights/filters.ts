import { istDay, istMidnight, istMonth } from '@mentorloop/shared'
import { z } from 'zod'

/**
 * What the Insights page and its CSV export are asked for (docs/decisions/199-insights.md): a range
 * of calendar months in India time, and optionally one mentor and one plan. The same URL search
 * params drive the page (a plain GET form, so it works without JavaScript) and the CSV endpoint.
 */
export const MAX_MONTHS = 24
export const DEFAULT_MONTHS = 6

export const PLAN_CODES = ['BEGINNER_TECHY', 'PLACEMENT_FOCUSED', 'QB_FREE', 'PLAN1'] as const
export type PlanCode = (typeof PLAN_CODES)[number]

const monthText = z
  .string()
  .trim()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is written as YYYY-MM, e.g. 2027-03.')

/** An empty field of the form ("All mentors") means no filter. */
const blankAsMissing = (v: unknown) => (v === '' || v === null ? undefined : v)

export const insightsQuerySchema = z.object({
  from: z.preprocess(blankAsMissing, monthText.optional()),
  to: z.preprocess(blankAsMissing, monthText.optional()),
  mentor: z.preprocess(
    blankAsMissing,
    z.coerce
      .number({ message: 'Choose a mentor from the list.' })
      .int('Choose a mentor from the list.')
      .positive('Choose a mentor from the list.')
      .optional(),
  ),
  plan: z.preprocess(blankAsMissing, z.enum(PLAN_CODES, { message: 'Choose a plan from the list.' }).optional()),
})

export type Month = { year: number; month: number }

export type InsightsFilters = {
  from: Month
  to: Month
  mentorId: number | null
  planCode: PlanCode | null
}

/** One calendar month of the range: its key (YYYY-MM), its name, and its first instant and the next month's, India time. */
export type MonthSpan = { key: string; label: string; starts: Date; ends: Date }

export const monthKey = (m: Month) => `${m.year}-${String(m.month).padStart(2, '0')}`
const parseMonth = (text: string): Month => ({ year: Number(text.slice(0, 4)), month: Number(text.slice(5, 7)) })
const index = (m: Month) => m.year * 12 + (m.month - 1)
const fromIndex = (i: number): Month => ({ year: Math.floor(i / 12), month: (i % 12) + 1 })

export class InsightsFilterError extends Error {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(message)
  }
}

/**
 * The filters from URL search params; missing months default to the last `DEFAULT_MONTHS` months
 * up to this one (India time). A range that is reversed, longer than `MAX_MONTHS` or wholly in the
 * future is refused with a message (the page shows it, the CSV endpoint answers 400).
 */
export function parseInsightsFilters(params: URLSearchParams | Record<string, unknown>, now: Date): InsightsFilters {
  const raw =
    params instanceof URLSearchParams
      ? Object.fromEntries(['from', 'to', 'mentor', 'plan'].map((k) => [k, params.get(k) ?? undefined]))
      : Object.fromEntries(['from', 'to', 'mentor', 'plan'].map((k) => [k, firstOf(params[k])]))
  const parsed = insightsQuerySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new InsightsFilterError(issue.message, String(issue.path[0] ?? 'from'))
  }
  const today = istDay(now)
  const current = { year: today.year, month: today.month }
  const to = parsed.data.to ? parseMonth(parsed.data.to) : current
  const from = parsed.data.from ? parseMonth(parsed.data.from) : fromIndex(index(to) - (DEFAULT_MONTHS - 1))
  if (index(from) > index(to)) throw new InsightsFilterError('The first month must not be after the last month.', 'from')
  if (index(to) - index(from) + 1 > MAX_MONTHS) throw new InsightsFilterError(`Choose at most ${MAX_MONTHS} months at a time.`, 'from')
  if (index(from) > index(current)) throw new InsightsFilterError('The months chosen have not begun yet.', 'from')
  return { from, to, mentorId: parsed.data.mentor ?? null, planCode: parsed.data.plan ?? null }
}

function firstOf(v: unknown): unknown {
  return Array.isArray(v) ? v[0] : v
}

/** Every month of the range, oldest first. */
export function monthsOf(filters: Pick<InsightsFilters, 'from' | 'to'>): MonthSpan[] {
  const out: MonthSpan[] = []
  for (let i = index(filters.from); i <= index(filters.to); i++) {
    const m = fromIndex(i)
    out.push({
      key: monthKey(m),
      label: istMonth(m.year, m.month).label,
      starts: istMidnight(m.year, m.month, 1),
      ends: istMidnight(m.year, m.month + 1, 1),
    })
  }
  return out
}

/** The filters as URL search params (the page's links and the CSV links keep them). */
export function filtersToParams(filters: InsightsFilters): URLSearchParams {
  const p = new URLSearchParams({ from: monthKey(filters.from), to: monthKey(filters.to) })
  if (filters.mentorId) p.set('mentor', String(filters.mentorId))
  if (filters.planCode) p.set('plan', filters.planCode)
  return p
}
