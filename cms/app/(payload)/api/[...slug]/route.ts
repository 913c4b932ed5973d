import config from '@payload-config'
import '@payloadcms/next/css'
import { restRoutes } from '@/lib/restRoutes'

// Payload's REST API behind the one guard and error mapping (docs/decisions/051-one-error-mapping.md).
const routes = restRoutes(config)

export const GET = routes.GET
export const POST = routes.POST
export const DELETE = routes.DELETE
export const PATCH = routes.PATCH
export const PUT = routes.PUT
export const OPTIONS = routes.OPTIONS
