import { SERVICE_KEY_HEADER } from '@mentorloop/shared'
import config from '@payload-config'
import { getPayload } from 'payload'
import { env } from '@/lib/env'
import { operationalState } from '@/lib/observability/operationalState'
import { readiness } from '@/lib/observability/readiness'
import { serveApi } from '@/lib/observability/serveApi'
import { isValidServiceKey } from '@/lib/serviceKey'

/**
 * Readiness (docs/decisions/133-health-and-metrics.md): 200 once the configuration was checked at
 * start, the database answers within 2 s and every committed migration is applied; else 503. Up or
 * down only, with which check failed. `?detail` with the service key adds what an operator needs
 * to see at once: the worker's heartbeat age, the oldest queued e-mail, the oldest due job and the
 * refunds not finished.
 */
export const dynamic = 'force-dynamic'

export const GET = serveApi(
  async (request) => {
    const { ready, checks } = await readiness()
    const body: Record<string, unknown> = { status: ready ? 'up' : 'down', checks }
    const url = new URL(request.url)
    if (url.searchParams.has('detail')) {
      if (!isValidServiceKey(request.headers.get(SERVICE_KEY_HEADER), env.SERVICE_KEY)) {
        return Response.json(
          { code: 'UNAUTHORIZED', message: 'The detail needs the service key.' },
          { status: 401, headers: { 'Cache-Control': 'no-store' } },
        )
      }
      if (checks.database) {
        const s = await operationalState(await getPayload({ config }))
        const oldest = (ages: number[]) => (ages.length ? Math.max(...ages) : 0)
        body.detail = {
          workerHeartbeatAgeSeconds: s.workerHeartbeatAgeSeconds,
          workersAlive: s.workersAlive,
          oldestQueuedEmailAgeSeconds: oldest(s.outbox.filter((o) => o.state !== 'failed').map((o) => o.oldestAgeSeconds)),
          emailsFailed: s.outbox.filter((o) => o.state === 'failed').reduce((n, o) => n + o.count, 0),
          oldestDueJobAgeSeconds: oldest(
            s.jobs.filter((j) => j.state === 'due' || j.state === 'processing').map((j) => j.oldestDueAgeSeconds),
          ),
          jobsFailed: s.jobs.filter((j) => j.state === 'failed').reduce((n, j) => n + j.count, 0),
          refundsPending: Object.fromEntries(s.refunds.map((r) => [r.state, r.count])),
          oldestPendingRefundAgeSeconds: oldest(s.refunds.map((r) => r.oldestAgeSeconds)),
        }
      }
    }
    return Response.json(body, { status: ready ? 200 : 503, headers: { 'Cache-Control': 'no-store' } })
  },
  { route: '/readyz', quiet: true },
)
