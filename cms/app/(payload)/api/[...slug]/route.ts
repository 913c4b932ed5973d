import config from '@payload-config'
import '@payloadcms/next/css'
import { restRoutes } from '@/lib/restRoutes'
import { answerUnavailable } from '@/lib/unavailable'

// Payload's REST API behind the one guard and error mapping (docs/decisions/051-one-error-mapping.md);
// an unreachable database answers 503, never an anonymous answer (053).
const routes = restRoutes(config)

export const GET = answerUnavailable(routes.GET)
export const POST = answerUnavailable(routes.POST)
export const DELETE = answerUnavailable(routes.DELETE)
export const PATCH = answerUnavailable(routes.PATCH)
export const PUT = answerUnavailable(routes.PUT)
export const OPTIONS = routes.OPTIONS
