import type { ActionFunction, ServerBuild } from '@remix-run/node'

/**
 * The site's one guard for requests that change something (docs/decisions/052-site-request-guard.md):
 * every route action runs behind it. An action answers POST only (405 with `Allow` otherwise: a
 * PUT or DELETE to /book or /logout is not a form being sent), and reads a form: a body that is no
 * form, or a form that does not parse, is 400 before the action sees it; a body over 1 MB is 413.
 * The routes that read JSON or signed text say so below. Loaders are untouched (GET and HEAD only).
 */
export const MAX_ACTION_BODY_BYTES = 1024 * 1024
export const ALLOWED_METHODS = 'GET, HEAD, POST'

/** Actions that read their body as JSON or raw text, not as a form. */
const NON_FORM_ROUTES = new Set(['routes/api.revalidate', 'routes/resources.sandbox-checkout'])
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })

/** The refusal for an action request that is not a form sent by POST, or null when it may go on. */
export async function checkActionRequest(request: Request, routeId: string): Promise<Response | null> {
  if (request.method !== 'POST') {
    return refusal(405, `This page does not accept ${request.method} requests.`, { Allow: ALLOWED_METHODS })
  }
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_ACTION_BODY_BYTES) return refusal(413, 'The form is too large.')
  if (NON_FORM_ROUTES.has(routeId)) return null
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) return refusal(400, 'The request must be a form.')
  try {
    const body = await request.clone().arrayBuffer()
    if (body.byteLength > MAX_ACTION_BODY_BYTES) return refusal(413, 'The form is too large.')
    await new Request(request.url, { method: 'POST', headers: request.headers, body }).formData()
  } catch {
    return refusal(400, 'The form could not be read.')
  }
  return null
}

/** Runs `checkActionRequest` before the action; a refusal is thrown, so pages show it in their ErrorBoundary. */
export function guardAction(routeId: string, action: ActionFunction): ActionFunction {
  return async (args) => {
    const refused = await checkActionRequest(args.request, routeId)
    if (refused) throw refused
    return action(args)
  }
}

/** The build's routes with every action behind the guard (web/server/build.js hands them to the server). */
export function guardRoutes(routes: ServerBuild['routes']): ServerBuild['routes'] {
  const out: ServerBuild['routes'] = {}
  for (const [id, route] of Object.entries(routes)) {
    const action = route?.module.action
    out[id] = route && action ? { ...route, module: { ...route.module, action: guardAction(id, action) } } : route
  }
  return out
}
