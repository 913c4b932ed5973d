import config from '@payload-config'
import { GRAPHQL_POST, REST_OPTIONS } from '@payloadcms/next/routes'
import { serveApi } from '@/lib/observability/serveApi'
import { guardRest } from '@/lib/restGuard'
import { answerUnavailable } from '@/lib/unavailable'

// GraphQL behind the same body checks as REST (docs/decisions/051-one-error-mapping.md): a body
// that is no JSON object, or over 1 MB, is refused before Payload reads it.
export const POST = serveApi(answerUnavailable(guardRest(config, GRAPHQL_POST(config))), {
  route: '/api/graphql',
  needsCurrentSchema: true,
})
export const OPTIONS = REST_OPTIONS(config)
