import { DEFAULT_OFFER_HOLD_HOURS, DEFAULT_REFUND_WINDOW_HOURS, REFUND_ARRIVES_WITHIN, REFUND_DECIDED_WITHIN } from './constants'
import { formatRupees } from './money'

/**
 * Figures in marketing copy come from the data, never from the words (docs/decisions/091-copy-placeholders.md):
 * staff write a placeholder in the CMS and the site puts the current value in its place, after its
 * content cache, on every page and in the admin's live preview. A price staff change on a plan, or
 * the batch size they state in the site settings, then reads the same in the hero, the FAQ, About
 * and the policy pages. A placeholder that names no known plan stays as written, so the preview
 * shows the mistake to staff.
 */
export type CopyValues = {
  /** The batch size the site states ("12–15"): Site settings → General → Batch size. */
  batchSize: string
  /** How long an opened seat is held for a waiting student without a plan (Business rules). */
  holdHours: number
  /** The refund promise's window after Session 1, in hours (Business rules; docs/decisions/107). */
  refundWindowHours: number
  /** The plans on sale, by code. */
  plans: Record<string, { price: number; strikePrice?: number | null; sessionsIncluded?: number | null }>
}

/** What staff see in the editor: every placeholder and what it becomes. */
export const COPY_PLACEHOLDERS = [
  { token: '{batchSize}', means: 'the batch size set in Site settings → General' },
  { token: '{price:CODE}', means: 'the price of the plan with that code, e.g. {price:BEGINNER_TECHY}' },
  { token: '{strikePrice:CODE}', means: 'that plan’s struck-through price, e.g. {strikePrice:PLACEMENT_FOCUSED}' },
  { token: '{sessions:CODE}', means: 'the live sessions that plan pays for, e.g. {sessions:BEGINNER_TECHY}' },
  { token: '{holdHours}', means: 'the hours an opened seat is held for a waiting student (Business rules)' },
  { token: '{refundWindowHours}', means: 'the hours after Session 1 ends in which a refund is approved at once (Business rules)' },
  { token: '{refundDays}', means: `how long an approved refund takes to reach the student (${REFUND_ARRIVES_WITHIN})` },
  {
    token: '{refundDecideDays}',
    means: `how long our team takes at most to decide a refund request; one undecided then is approved automatically (${REFUND_DECIDED_WITHIN})`,
  },
] as const

/** The editor's help text for a collection or global whose copy may hold placeholders. */
export const COPY_PLACEHOLDERS_HELP = `Prices, batch sizes and plan figures are never typed into copy: write a placeholder and the site (and the live preview) fills it in. ${COPY_PLACEHOLDERS.map(
  (p) => `${p.token}: ${p.means}`,
).join('; ')}.`

/** The batch size stated before staff set one (docs/spec.md §1: "12-15 students"). */
export const DEFAULT_BATCH_SIZE = '12–15'

/** A plan's figure by placeholder name, or null when the plan or the figure is unknown. */
function planFigure(values: CopyValues, kind: string, code: string): string | null {
  const plan = values.plans[code]
  if (!plan) return null
  if (kind === 'price') return formatRupees(plan.price)
  if (kind === 'strikePrice') return plan.strikePrice ? formatRupees(plan.strikePrice) : null
  if (kind === 'sessions') return plan.sessionsIncluded ? String(plan.sessionsIncluded) : null
  return null
}

const TOKEN = /\{(batchSize|holdHours|refundWindowHours|refundDays|refundDecideDays)\}|\{(price|strikePrice|sessions):([A-Z0-9_]+)\}/g
const HAS_TOKEN = /\{(?:batchSize|holdHours|refundWindowHours|refundDays|refundDecideDays|price:|strikePrice:|sessions:)/

/** One string with its placeholders filled. */
export function fillCopyText(text: string, values: CopyValues): string {
  if (!HAS_TOKEN.test(text)) return text
  return text.replace(TOKEN, (token, simple: string | undefined, kind: string | undefined, code: string | undefined) => {
    if (simple === 'batchSize') return values.batchSize.trim() || DEFAULT_BATCH_SIZE
    if (simple === 'holdHours') return String(values.holdHours > 0 ? values.holdHours : DEFAULT_OFFER_HOLD_HOURS)
    if (simple === 'refundDays') return REFUND_ARRIVES_WITHIN
    if (simple === 'refundDecideDays') return REFUND_DECIDED_WITHIN
    if (simple === 'refundWindowHours') return String(values.refundWindowHours > 0 ? values.refundWindowHours : DEFAULT_REFUND_WINDOW_HOURS)
    return (kind && code && planFigure(values, kind, code)) ?? token
  })
}

/** Every placeholder in the strings of a value (deeply: settings, plans, rich text) filled. */
export function fillCopy<T>(value: T, values: CopyValues): T {
  if (typeof value === 'string') return fillCopyText(value, values) as T
  if (Array.isArray(value)) return value.map((v) => fillCopy(v, values)) as T
  if (value && typeof value === 'object') {
    if (!HAS_TOKEN.test(JSON.stringify(value))) return value
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fillCopy(v, values)])) as T
  }
  return value
}

/** The values from the plans on sale, the stated batch size, the hold and the refund window: one place builds them. */
export function copyValues(input: {
  batchSize?: string | null
  holdHours?: number | null
  refundWindowHours?: number | null
  plans: { code: string; price: number; strikePrice?: number | null; sessionsIncluded?: number | null }[]
}): CopyValues {
  return {
    batchSize: input.batchSize?.trim() || DEFAULT_BATCH_SIZE,
    holdHours: input.holdHours && input.holdHours > 0 ? input.holdHours : DEFAULT_OFFER_HOLD_HOURS,
    refundWindowHours: input.refundWindowHours && input.refundWindowHours > 0 ? input.refundWindowHours : DEFAULT_REFUND_WINDOW_HOURS,
    plans: Object.fromEntries(
      input.plans.map((p) => [
        p.code,
        { price: p.price, strikePrice: p.strikePrice ?? null, sessionsIncluded: p.sessionsIncluded ?? null },
      ]),
    ),
  }
}
