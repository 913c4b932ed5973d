import { istDay } from '@mentorloop/shared'
import type { PayloadRequest } from 'payload'
import { type InsightsFilters, monthKey } from './filters'
import { type InsightTable, readInsight } from './queries'
import type { InsightView } from './views'

/**
 * The Insights figures as read at most `INSIGHTS_FRESH_MS` ago, shared by everyone on this CMS
 * instance (docs/decisions/209-insights-cache.md). Each view is a set of aggregates over months of
 * payments, seats and waiting students: 150-250 ms of PostgreSQL at 50,000 students, and seven at
 * once per page. Ten staff opening the page within the minute now cost one read, not ten, and a
 * page and its CSV links show the same figures. The page says when its figures were read and offers
 * to read them again (`fresh`). Readers asking at once share one read in flight; a read that fails
 * is not kept. From 45 s on, a kept table is read again behind the readers (served until the new one
 * is ready), so a page viewed through the minute never waits for a read.
 */
export const INSIGHTS_FRESH_MS = 60_000
/** A table older than this is still served, and read again behind it: a page viewed through the minute never waits for a read. */
export const INSIGHTS_REFRESH_AFTER_MS = 45_000
const MAX_ENTRIES = 200

export type ReadTable = InsightTable & { readAt: string }

type Entry = { at: number; table: Promise<ReadTable>; refreshing?: boolean }
const entries = new Map<string, Entry>()

/**
 * The key holds everything a table depends on besides the data: the view, the filters, and this
 * month in India time (the default range and the renewals' "begun" column move with it).
 */
function keyOf(view: InsightView, f: InsightsFilters, now: Date) {
  const { year, month } = istDay(now)
  return [view, monthKey(f.from), monthKey(f.to), f.mentorId ?? '', f.planCode ?? '', monthKey({ year, month })].join('|')
}

export async function cachedInsight(
  req: PayloadRequest,
  view: InsightView,
  filters: InsightsFilters,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<ReadTable> {
  const key = keyOf(view, filters, now)
  const at = now.getTime()
  const kept = entries.get(key)
  // A clock moved back (tests do) counts as stale too.
  if (kept && !options.fresh && at >= kept.at && at - kept.at < INSIGHTS_FRESH_MS) {
    if (at - kept.at >= INSIGHTS_REFRESH_AFTER_MS && !kept.refreshing) {
      // Read again behind the kept table; it replaces the kept one when it is ready (not before:
      // the readers of this minute keep the figures they were shown).
      kept.refreshing = true
      const next = read(req, view, filters, now)
      next.then(
        () => {
          if (entries.get(key) === kept) keep(key, { at, table: next })
        },
        () => {
          kept.refreshing = false
        },
      )
    }
    return kept.table
  }
  const table = read(req, view, filters, now)
  const entry = { at, table }
  keep(key, entry)
  table.catch(() => {
    if (entries.get(key) === entry) entries.delete(key)
  })
  return table
}

const read = (req: PayloadRequest, view: InsightView, filters: InsightsFilters, now: Date): Promise<ReadTable> =>
  readInsight(req, view, filters, now).then((t) => ({ ...t, readAt: now.toISOString() }))

function keep(key: string, entry: Entry) {
  entries.delete(key)
  entries.set(key, entry)
  while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
}

/** Forget every kept table (tests that change data between two reads at the same instant). */
export function forgetInsights() {
  entries.clear()
}
