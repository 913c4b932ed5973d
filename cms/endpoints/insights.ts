import { now } from '@mentorloop/shared'
import { z } from 'zod'
import { endpoint } from '../lib/endpoint'
import { commonErrors } from '../lib/errors'
import {
  cachedInsight,
  canSeeInsight,
  INSIGHT_VIEWS,
  InsightsFilterError,
  insightCsv,
  monthKey,
  parseInsightsFilters,
} from '../services/insights'

/**
 * GET /api/insights/:view.csv?from=YYYY-MM&to=YYYY-MM&mentor=ID&plan=CODE — one Insights view as
 * CSV (issue 35; docs/decisions/199-insights.md), the same table the page shows (services/insights/cache.ts). Signed-in admins
 * get every view, marketing staff the marketing views; money views answer 403 to staff, every view
 * 403 to mentors and students, 401 without a session.
 */
export const insightsCsvEndpoint = endpoint({
  path: '/insights/:view',
  method: 'get',
  auth: 'user',
  params: z.object({
    view: z
      .string()
      .max(40)
      .transform((v) => v.replace(/\.csv$/, ''))
      .pipe(z.enum(INSIGHT_VIEWS, { message: 'No such Insights view.' })),
  }),
  failure: 'Failed to export the figures.',
  handler: async ({ req, user, params }) => {
    if (!canSeeInsight(user, params.view)) throw commonErrors.forbidden('These figures are not yours to see.')
    const search = new URL(req.url ?? '', 'http://localhost').searchParams
    let filters: ReturnType<typeof parseInsightsFilters>
    try {
      filters = parseInsightsFilters(search, now())
    } catch (error) {
      if (error instanceof InsightsFilterError) throw commonErrors.invalidInput(error.message, { [error.field]: error.message })
      throw error
    }
    // The figures the page shows (read at most a minute ago; `fresh=1` reads them again).
    const table = await cachedInsight(req, params.view, filters, now(), { fresh: search.get('fresh') === '1' })
    const name = `mentorloop-${params.view}-${monthKey(filters.from)}-to-${monthKey(filters.to)}${filters.mentorId ? `-mentor-${filters.mentorId}` : ''}${filters.planCode ? `-${filters.planCode}` : ''}.csv`
    return new Response(insightCsv(table), {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="${name}"`,
        'Cache-Control': 'no-store',
      },
    })
  },
})
