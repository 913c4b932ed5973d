import { serveApi } from '@/lib/observability/serveApi'

/** Liveness: the process answers (readiness, with the database and migrations, is /readyz). */
export const dynamic = 'force-dynamic'

export const GET = serveApi(() => Response.json({ status: 'up' }, { headers: { 'Cache-Control': 'no-store' } }), {
  route: '/healthz',
  quiet: true,
})
