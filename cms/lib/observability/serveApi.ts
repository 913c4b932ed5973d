import { REQUEST_ID_HEADER } from '@mentorloop/shared/logging'
import config from '@payload-config'
import { getPayload, type SanitizedConfig } from 'payload'
import { routeTemplate } from '../restGuard'
import { isDatabaseUnavailable, unavailableResponse } from '../unavailable'
import { currentRequest, requestIdOf, runWithRequest } from './context'
import { metrics } from './metrics'
import { migrationsCurrent, migrationsPendingResponse } from './readiness'
import { requestStarted } from './shutdown'

type Handler<A> = (request: Request, args: A) => Promise<Response> | Response

type Options<A> = {
  /** The route template it is logged and counted under, from the call (bounded values). */
  route: string | ((config: SanitizedConfig, request: Request, args: A) => Promise<string> | string)
  /** Refuse with 503 while the release step (migrations) has not run: everything but health. */
  needsCurrentSchema?: boolean
  /** Health probes are counted but not written to the access log (one line every few seconds each). */
  quiet?: boolean
}

/**
 * Every Next route handler of the CMS runs inside this (docs/decisions/132-logs.md, 133): the
 * request's id (the site's, or a new one) on every log line written meanwhile and on the answer's
 * `x-request-id`; one access-log line (method, route template, status, ms, user id; never a query
 * string, an e-mail or a token); the request counted and timed in the metrics; and, while
 * migrations are pending, a 503 instead of an answer from a schema the code does not match.
 */
export function serveApi<A>(handler: Handler<A>, opts: Options<A>): (request: Request, args: A) => Promise<Response> {
  return async (request, args) => {
    const requestId = requestIdOf(request.headers)
    return runWithRequest({ requestId }, async () => {
      const started = performance.now()
      const ended = requestStarted()
      let response: Response
      try {
        if (opts.needsCurrentSchema && !(await migrationsCurrent())) response = migrationsPendingResponse()
        else response = await handler(request, args)
      } catch (error) {
        const payload = await getPayload({ config }).catch(() => null)
        payload?.logger.error({ msg: 'Request failed outside the error handling', err: error })
        response = unavailableResponseOr500(error)
      } finally {
        ended()
      }
      const route = await routeOf(opts, request, args)
      const status = response.status
      const ms = Math.round(performance.now() - started)
      const m = metrics()
      m.http.requests.inc({ method: request.method, route, status: String(status) })
      m.http.duration.observe({ method: request.method, route }, ms / 1000)
      if (!opts.quiet) {
        const payload = await getPayload({ config }).catch(() => null)
        const line = { msg: 'request', method: request.method, route, status, ms, userId: currentRequest()?.userId }
        if (status >= 500) payload?.logger.warn(line)
        else payload?.logger.info(line)
      }
      return withRequestId(response, requestId)
    })
  }
}

async function routeOf<A>(opts: Options<A>, request: Request, args: A): Promise<string> {
  if (typeof opts.route === 'string') return opts.route
  try {
    return await opts.route(await config, request, args)
  } catch {
    return 'unknown'
  }
}

function unavailableResponseOr500(error: unknown): Response {
  if (isDatabaseUnavailable(error)) return unavailableResponse()
  return Response.json({ code: 'INTERNAL', message: 'Something went wrong.' }, { status: 500, headers: { 'Cache-Control': 'no-store' } })
}

function withRequestId(response: Response, requestId: string): Response {
  try {
    response.headers.set(REQUEST_ID_HEADER, requestId)
    return response
  } catch {
    // A response whose headers are immutable (a fetch's): copied with the header added.
    const headers = new Headers(response.headers)
    headers.set(REQUEST_ID_HEADER, requestId)
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
  }
}

/** The route template of a call to Payload's REST API (`/api/[...slug]`). */
export const restRoute = async (
  cfg: SanitizedConfig,
  request: Request,
  args: { params: Promise<{ slug?: string[] }> },
): Promise<string> => {
  const slug = (await args.params)?.slug
  return routeTemplate(cfg, request.method, Array.isArray(slug) ? slug : [])
}
