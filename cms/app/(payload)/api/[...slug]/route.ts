import config from '@payload-config'
import '@payloadcms/next/css'
import { restRoute, serveApi } from '@/lib/observability/serveApi'
import { restRoutes } from '@/lib/restRoutes'
import { answerUnavailable } from '@/lib/unavailable'

// Payload's REST API behind the one guard and error mapping (docs/decisions/051-one-error-mapping.md);
// an unreachable database answers 503, never an anonymous answer (053); every call with its request
// id, access-log line and metrics, and refused while migrations are pending (132, 133, 131).
const routes = restRoutes(config)
const serve = (handler: (typeof routes)['GET']) => serveApi(answerUnavailable(handler), { route: restRoute, needsCurrentSchema: true })

export const GET = serve(routes.GET)
export const POST = serve(routes.POST)
export const DELETE = serve(routes.DELETE)
export const PATCH = serve(routes.PATCH)
export const PUT = serve(routes.PUT)
export const OPTIONS = routes.OPTIONS
