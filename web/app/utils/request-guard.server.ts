import type { ActionFunction, ServerBuild } from '@remix-run/node'
import { env } from './env.server'

/**
 * The site's one guard for requests that change something (docs/decisions/052-site-request-guard.md):
 * every route action runs behind it. An action answers POST only (405 with `Allow` otherwise: a
 * PUT or DELETE to /book or /logout is not a form being sent), only to a request sent from the
 * site's own pages (403 otherwise, docs/decisions/172-same-origin-actions.md), and reads a form: a
 * body that is no form, or a form that does not parse, is 400 before the action sees it; a body
 * over 1 MB is 413. The routes that read JSON or signed text say so below. Loaders are untouched
 * (GET and HEAD only). The body is never cancelled here (that would reset the connection): what a
 * refused request still sends is read by the production server after the answer (server.js).
 */
export const MAX_ACTION_BODY_BYTES = 1024 * 1024
export const ALLOWED_METHODS = 'GET, HEAD, POST'

/** Actions that read their body as JSON or raw text, not as a form. */
const NON_FORM_ROUTES = new Set(['routes/api.revalidate', 'routes/resources.sandbox-checkout'])
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])

const refusal = (status: number, message: string, headers: Record<string, string> = {}) =>
  new Response(message, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', ...headers } })

export const FOREIGN_ORIGIN_MESSAGE =
  'This form was sent from another website, so nothing was changed. Open the page on MentorLoop and send it again.'

const originOf = (value: string | null | undefined): string | null => {
  if (!value) return null
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

/**
 * Whether a request that changes something comes from the site's own pages. A browser says where a
 * request comes from: `Sec-Fetch-Site` (same-site is a sibling subdomain, which SameSite=Lax cookies
 * do not stop), else `Origin` (every current browser sends it on a POST; `null` from a sandboxed
 * frame or a privacy redirect is foreign too). A request with neither, as an old browser or a server
 * sends, passes unless its `Referer` names another site. The site's origin is its public address or
 * the address the request was sent to (a local stack reached as 127.0.0.1).
 */
export function isSameOriginRequest(request: Request, publicUrl: string = env.WEB_PUBLIC_URL): boolean {
  const allowed = new Set([originOf(publicUrl), new URL(request.url).origin].filter(Boolean))
  const site = request.headers.get('sec-fetch-site')?.trim().toLowerCase()
  if (site && site !== 'same-origin' && site !== 'none') return false
  const origin = request.headers.get('origin')
  if (origin !== null) return allowed.has(originOf(origin.trim()))
  if (site) return true
  const referer = request.headers.get('referer')
  return !referer || allowed.has(originOf(referer))
}

/**
 * The body's bytes, or null when it is over `max`. It reads a copy and stops at the limit without
 * cancelling: cancelling the body would close the connection under the client.
 */
async function readUpTo(request: Request, max: number): Promise<ArrayBuffer | null> {
  const reader = request.clone().body?.getReader()
  if (!reader) return new ArrayBuffer(0)
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > max) {
      reader.releaseLock()
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out.buffer
}

/**
 * What the production server found about where a request came from, before Remix saw it (server.js):
 * Remix 2 compares `Origin` with `Host` itself and answers a mismatch with a bare 500 before any
 * action runs, so the server decides first, takes `Origin` away and hands its verdict on here.
 */
export type GuardContext = { sameOrigin?: boolean } | null | undefined

declare module '@remix-run/node' {
  interface AppLoadContext {
    /** The production server's verdict on the request's origin (server.js); absent elsewhere. */
    sameOrigin?: boolean
  }
}

/** The refusal for an action request that is not a form sent by POST from the site's own pages, or null when it may go on. */
export async function checkActionRequest(request: Request, routeId: string, context?: GuardContext): Promise<Response | null> {
  if (request.method !== 'POST') {
    return refusal(405, `This page does not accept ${request.method} requests.`, { Allow: ALLOWED_METHODS })
  }
  if (context?.sameOrigin === false || !isSameOriginRequest(request)) return refusal(403, FOREIGN_ORIGIN_MESSAGE)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > MAX_ACTION_BODY_BYTES) return refusal(413, 'The form is too large.')
  if (NON_FORM_ROUTES.has(routeId)) return null
  const type = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  if (!FORM_TYPES.has(type)) return refusal(400, 'The request must be a form.')
  try {
    const body = await readUpTo(request, MAX_ACTION_BODY_BYTES)
    if (!body) return refusal(413, 'The form is too large.')
    await new Request(request.url, { method: 'POST', headers: request.headers, body }).formData()
  } catch {
    return refusal(400, 'The form could not be read.')
  }
  return null
}

/** Runs `checkActionRequest` before the action; a refusal is thrown, so pages show it in their ErrorBoundary. */
export function guardAction(routeId: string, action: ActionFunction): ActionFunction {
  return async (args) => {
    const refused = await checkActionRequest(args.request, routeId, args.context)
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
