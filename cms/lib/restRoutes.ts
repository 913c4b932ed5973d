import { REST_DELETE, REST_GET, REST_OPTIONS, REST_PATCH, REST_POST, REST_PUT } from '@payloadcms/next/routes'
import type { SanitizedConfig } from 'payload'
import { guardRest } from './restGuard'

/** Payload's REST route handlers behind the guard: what Next mounts at /api/[...slug], and what the tests call. */
export function restRoutes(config: Promise<SanitizedConfig> | SanitizedConfig) {
  return {
    GET: guardRest(config, REST_GET(config)),
    POST: guardRest(config, REST_POST(config)),
    DELETE: guardRest(config, REST_DELETE(config)),
    PATCH: guardRest(config, REST_PATCH(config)),
    PUT: guardRest(config, REST_PUT(config)),
    OPTIONS: guardRest(config, REST_OPTIONS(config)),
  }
}
