import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { cachedInsight, type ReadTable } from './cache'
import { InsightsFilterError, type InsightsFilters, parseInsightsFilters } from './filters'
import { type InsightView, insightViewsFor } from './views'

export type InsightsPage = {
  /** The views this user may see, in page order; empty for anyone but admins and staff. */
  views: InsightView[]
  filters: InsightsFilters
  /** Filters that did not parse: the page says so and shows the default range. */
  filterError: string | null
  tables: ReadTable[]
  /** When the oldest table shown was read (see cache.ts); null without tables. */
  readAt: string | null
  mentors: { id: number; name: string }[]
}

/**
 * Everything the Insights page shows, for the signed-in user of `req` (the page's data loading,
 * decided here on the server): only the views the user may see are read at all, so a staff
 * member's page never carries a money figure, and a mentor's or student's page reads nothing.
 */
export async function loadInsightsPage(
  req: PayloadRequest,
  searchParams: Record<string, unknown>,
  now: Date,
  options: { fresh?: boolean } = {},
): Promise<InsightsPage> {
  const views = insightViewsFor(req.user)
  let filters: InsightsFilters
  let filterError: string | null = null
  try {
    filters = parseInsightsFilters(searchParams, now)
  } catch (error) {
    if (!(error instanceof InsightsFilterError)) throw error
    filterError = error.message
    filters = parseInsightsFilters({}, now)
  }
  if (views.length === 0) return { views, filters, filterError, tables: [], mentors: [], readAt: null }
  const [mentors, tables] = await Promise.all([
    txQuery<{ id: number; name: string | null }>(req, sql`SELECT id, name FROM mentors ORDER BY name, id`).then((rows) =>
      rows.map((r) => ({ id: Number(r.id), name: r.name ?? `Mentor ${r.id}` })),
    ),
    Promise.all(views.map((v) => cachedInsight(req, v, filters, now, options))),
  ])
  const readAt = tables.map((t) => t.readAt).sort()[0] ?? null
  return { views, filters, filterError, tables, mentors, readAt }
}
