import config from '@payload-config'
import { getPayload } from 'payload'
import { env } from '@/lib/env'
import { metrics, registerDatabaseGauges } from '@/lib/observability/metrics'
import { metricsAuthorized } from '@/lib/observability/metricsAccess'
import { serveApi } from '@/lib/observability/serveApi'

/**
 * Prometheus metrics (docs/decisions/133-health-and-metrics.md), for `Authorization: Bearer
 * <METRICS_TOKEN>`; 404 without METRICS_TOKEN configured, 401 with a wrong one.
 */
export const dynamic = 'force-dynamic'

export const GET = serveApi(
  async (request) => {
    const refused = metricsAuthorized(request.headers.get('authorization'), env.METRICS_TOKEN)
    if (refused) return refused
    const payload = await getPayload({ config }).catch(() => null)
    if (payload) registerDatabaseGauges(payload)
    const { registry } = metrics()
    return new Response(await registry.metrics(), { headers: { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' } })
  },
  { route: '/metrics', quiet: true },
)
