import { type Endpoint, getPayload, type Payload, type SanitizedConfig } from 'payload'
import * as qs from 'qs-esm'
import { z } from 'zod'
import { classifyApiError } from './apiErrors'
import { AppError, commonErrors } from './errors'
import { isDatabaseUnavailable, unavailableResponse } from './unavailable'

/**
 * The guard in front of every Payload REST call (docs/decisions/051-one-error-mapping.md), wrapped
 * around the route handlers Next mounts at /api/[...slug]. Before Payload it refuses what Payload
 * would pass on to the database or choke on: a body over its limit (413), a body that is not the
 * JSON or form it claims (400), an id that cannot be an id (404: Payload would ask the database
 * for "payment create-order"), query parameters of the wrong shape (400). After Payload it makes
 * sure every refusal leaves as the error envelope (Payload's own "route not found" does not pass
 * through its error hook). Errors thrown inside Payload are mapped by `mapApiError` (apiErrors.ts).
 */

export const MAX_JSON_BODY_BYTES = 1024 * 1024
/** Uploads (multipart) to an upload collection; everything else is held to the JSON limit. */
export const MAX_UPLOAD_BODY_BYTES = 10 * 1024 * 1024
const MAX_INT4 = 2_147_483_647

type RouteArgs = { params: Promise<{ slug?: string[] }> }
type RouteHandler = (request: Request, args: RouteArgs) => Promise<Response>

/** Our own endpoints (made by `endpoint()`), with the body limit each declares. */
const appEndpoints = new WeakMap<Endpoint['handler'], { maxBodyBytes: number }>()

export function registerAppEndpoint(handler: Endpoint['handler'], opts: { maxBodyBytes: number }): void {
  appEndpoints.set(handler, opts)
}

export function refusal(error: AppError, headers: Record<string, string> = {}): Response {
  const retryAfter: Record<string, string> = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
  return Response.json(error.toBody(), { status: error.status, headers: { 'Cache-Control': 'no-store', ...retryAfter, ...headers } })
}

export const tooLarge = (limit: number) =>
  new AppError('PAYLOAD_TOO_LARGE', 413, `The request body is too large (at most ${Math.floor(limit / 1024)} KB).`, {
    title: 'Request Too Large',
  })

/** An id Payload's PostgreSQL adapter can look up: a positive serial (int4). */
export function isValidId(value: string): boolean {
  return /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_INT4
}

/** A route path like `/:id/duplicate` or `/access/:id?` matched against segments; its params, or null. */
export function matchPath(pattern: string, segments: string[]): Record<string, string> | null {
  const parts = pattern.split('/').filter(Boolean)
  const params: Record<string, string> = {}
  for (let i = 0; i < Math.max(parts.length, segments.length); i++) {
    const part = parts[i]
    const segment = segments[i]
    if (part === undefined) return null
    const optional = part.endsWith('?')
    if (segment === undefined) {
      if (optional && i === parts.length - 1) return params
      return null
    }
    if (part.startsWith(':')) params[part.slice(1).replace(/\?$/, '')] = segment
    else if (part !== segment) return null
  }
  return params
}

type Target = {
  endpoint: Endpoint | null
  params: Record<string, string>
  /** Built-in (Payload's) route of a collection or global, where ids are database ids. */
  builtIn: boolean
  upload: boolean
  /** The collection or global keeps versions. */
  versions: boolean
}

/** The endpoint Payload would run for this call, found the way handleEndpoints finds it (first match wins). */
function findTarget(config: SanitizedConfig, method: string, slug: string[]): Target {
  let segments = slug
  let endpoints: Endpoint[] | false = config.endpoints
  let upload = false
  let versions = false
  let scoped = false
  if (segments[0] === 'globals') {
    const global = config.globals.find((g) => g.slug === segments[1])
    if (global) {
      endpoints = global.endpoints
      versions = Boolean(global.versions)
      segments = segments.slice(2)
      scoped = true
    } else segments = segments.slice(1)
  } else {
    const collection = config.collections.find((c) => c.slug === segments[0])
    if (collection) {
      endpoints = collection.endpoints
      upload = Boolean(collection.upload)
      versions = Boolean(collection.versions)
      segments = segments.slice(1)
      scoped = true
    }
  }
  for (const endpoint of endpoints || []) {
    if (endpoint.method !== method.toLowerCase()) continue
    const params = matchPath(endpoint.path, segments)
    if (params) return { endpoint, params, builtIn: scoped && !appEndpoints.has(endpoint.handler), upload, versions }
  }
  return { endpoint: null, params: {}, builtIn: false, upload, versions }
}

/** Reads at most `limit` bytes of the body; null when there are more. */
async function readLimited(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => {})
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    out.set(chunk, offset)
    offset += chunk.byteLength
  }
  return out
}

const intString = (max: number, min = 0) =>
  z
    .string()
    .regex(/^\d{1,10}$/, 'must be a whole number')
    .refine((v) => Number(v) >= min && Number(v) <= max, `must be between ${min} and ${max}`)
const bool = z.enum(['true', 'false'], 'must be true or false')
const sortField = /^-?[A-Za-z_][\w.]*$/
const sort = z.union([z.string(), z.array(z.string())]).refine((v) => {
  const fields = (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(','))
  return fields.every((f) => f === '' || sortField.test(f.trim()))
}, 'must be field names, each optionally starting with -')
const objectParam = z.record(z.string(), z.unknown(), 'must be an object of fields')

/** A `where` tree: fields (dot paths) or and/or lists, operators at the leaves. */
function checkWhere(where: unknown, depth = 0): string | null {
  if (depth > 8) return 'is nested too deeply'
  if (!where || typeof where !== 'object' || Array.isArray(where)) return 'must be an object of fields and operators'
  for (const [key, value] of Object.entries(where)) {
    if (key === 'and' || key === 'or') {
      const list = Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : null
      if (!list) return `${key} must be a list of conditions`
      for (const item of list) {
        const bad = checkWhere(item, depth + 1)
        if (bad) return bad
      }
      continue
    }
    if (!/^[A-Za-z_][\w.]*$/.test(key)) return `has a field name that is not valid (${key.slice(0, 40)})`
    if (!value || typeof value !== 'object' || Array.isArray(value)) return `${key} needs an operator, e.g. where[${key}][equals]=…`
    for (const op of Object.keys(value)) {
      if (!/^[a-z_]+$/i.test(op)) return `${key} has an operator that is not valid`
    }
  }
  return null
}

const querySchema = z
  .object({
    depth: intString(10).optional(),
    limit: intString(100_000).optional(),
    page: intString(1_000_000, 1).optional(),
    sort: sort.optional(),
    draft: bool.optional(),
    pagination: bool.optional(),
    trash: bool.optional(),
    autosave: bool.optional(),
    locale: z.string().max(20).optional(),
    'fallback-locale': z.string().max(20).optional(),
    select: objectParam.optional(),
    populate: objectParam.optional(),
    joins: z.union([objectParam, z.literal('false')]).optional(),
    where: z.unknown().optional(),
  })
  .loose()

/** The query string as Payload reads it, or the first thing wrong with it. */
export function checkQuery(search: string): string | null {
  let query: Record<string, unknown>
  try {
    query = qs.parse(search, { allowEmptyArrays: true, arrayLimit: 1000, depth: 10, ignoreQueryPrefix: true }) as Record<string, unknown>
  } catch {
    return 'The query string could not be read.'
  }
  const parsed = querySchema.safeParse(query)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return `The query parameter "${String(issue?.path[0] ?? '?')}" ${issue?.message ?? 'is not valid'}.`
  }
  if (query.where !== undefined) {
    const bad = checkWhere(query.where)
    if (bad) return `The query parameter "where" ${bad}.`
  }
  return null
}

const WRITE_METHODS = new Set(['POST', 'PATCH', 'PUT'])

/** The body checked against the target; the bytes to hand on, or the refusal. */
async function checkBody(request: Request, target: Target): Promise<{ bytes: Uint8Array<ArrayBuffer> | null } | { error: AppError }> {
  const contentType = (request.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase()
  const multipart = contentType.startsWith('multipart/')
  const ours = target.endpoint ? appEndpoints.get(target.endpoint.handler) : undefined
  const limit = ours?.maxBodyBytes ?? (multipart && target.upload ? MAX_UPLOAD_BODY_BYTES : MAX_JSON_BODY_BYTES)
  const declared = Number(request.headers.get('content-length') ?? '0')
  if (declared > limit) return { error: tooLarge(limit) }
  if (!request.body) return { bytes: null }
  const bytes = await readLimited(request.body, limit)
  if (!bytes) return { error: tooLarge(limit) }
  // Our own endpoints read their body themselves (zod, or the raw text a signature covers).
  if (ours || !WRITE_METHODS.has(request.method) || bytes.byteLength === 0) return { bytes }

  if (contentType === 'application/json') {
    let data: unknown
    try {
      data = JSON.parse(new TextDecoder().decode(bytes))
    } catch {
      return { error: commonErrors.invalidInput('The request body must be JSON.') }
    }
    if (!data || typeof data !== 'object' || Array.isArray(data)) {
      return { error: commonErrors.invalidInput('The request body must be a JSON object.') }
    }
    return { bytes }
  }
  if (multipart) {
    try {
      const form = await new Request('http://local/', {
        method: 'POST',
        headers: { 'content-type': request.headers.get('content-type')! },
        body: bytes,
      }).formData()
      const data = form.get('_payload')
      if (data !== null) {
        const parsed = typeof data === 'string' ? JSON.parse(data) : null
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object')
      }
    } catch {
      return { error: commonErrors.invalidInput('The form could not be read: its _payload must be a JSON object.') }
    }
    return { bytes }
  }
  if (contentType === 'application/x-www-form-urlencoded' && isMethodOverride(request)) return { bytes }
  return {
    error: new AppError('UNSUPPORTED_MEDIA_TYPE', 415, 'Send the body as JSON (Content-Type: application/json).', {
      title: 'Invalid Request',
    }),
  }
}

function isMethodOverride(request: Request): boolean {
  return (
    request.method === 'POST' &&
    (request.headers.get('x-payload-http-method-override') === 'GET' || request.headers.get('x-http-method-override') === 'GET')
  )
}

/** A Payload answer that is an error but not our envelope (its "route not found"), as the envelope. */
async function asEnvelope(response: Response): Promise<Response> {
  if (response.status < 400 || !(response.headers.get('content-type') ?? '').includes('application/json')) return response
  const text = await response.clone().text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    return response
  }
  // Only Payload's own shapes ({ errors }, { message }) are rewritten: our envelope has a code, and
  // a custom endpoint's deliberate answer (the sandbox's Razorpay-shaped 402 { error }) stays as it is.
  if (!body || typeof body !== 'object' || 'code' in body || 'error' in body) return response
  // 501 is Payload's answer for a collection without REST endpoints (payload-migrations): nothing there.
  const status = response.status === 501 ? 404 : response.status
  const mapped = status === 404 ? commonErrors.notFound() : classifyApiError({ status, message: 'The request was refused.' })
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  return Response.json({ ...mapped.toBody(), errors: [{ message: mapped.message }] }, { status, headers })
}

/** Checks a call before Payload sees it; the request to hand on (its body re-attached), or the refusal. */
export async function checkRestRequest(config: SanitizedConfig, request: Request, slug: string[]): Promise<Request | Response> {
  const target = findTarget(config, request.method, slug)
  // Version routes of a collection or global without versions (Payload throws reading their config).
  if (target.builtIn && target.endpoint?.path.startsWith('/versions') && !target.versions) return refusal(commonErrors.notFound())
  if (target.builtIn && target.endpoint) {
    // `verify/:id` carries a token, not a database id.
    const id = target.endpoint.path.startsWith('/verify/') ? undefined : target.params.id
    if (id !== undefined && !isValidId(id)) return refusal(commonErrors.notFound())
  }
  const url = new URL(request.url)
  const badQuery = checkQuery(url.search)
  if (badQuery) return refusal(commonErrors.invalidInput(badQuery))
  // A bulk update or delete without `where` is Payload's 500 "Missing 'where' query".
  if (
    target.builtIn &&
    target.endpoint?.path === '/' &&
    (request.method === 'PATCH' || request.method === 'DELETE') &&
    !url.searchParams.toString().includes('where')
  ) {
    return refusal(commonErrors.invalidInput('A bulk change needs a "where" query naming the documents.'))
  }
  // A create or an update needs data: Payload fails outside its error handling on a missing body.
  const savesDocument =
    target.builtIn && WRITE_METHODS.has(request.method) && (target.endpoint?.path === '/' || target.endpoint?.path === '/:id')
  if (!request.body) {
    return savesDocument ? refusal(commonErrors.invalidInput('The request body must be a JSON object.')) : request
  }

  const checked = await checkBody(request, target)
  if (!('error' in checked) && savesDocument && !isMethodOverride(request) && (!checked.bytes || checked.bytes.byteLength === 0)) {
    return refusal(commonErrors.invalidInput('The request body must be a JSON object.'))
  }
  if ('error' in checked) return refusal(checked.error)
  if (isMethodOverride(request) && checked.bytes && request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')) {
    const badBodyQuery = checkQuery(new TextDecoder().decode(checked.bytes))
    if (badBodyQuery) return refusal(commonErrors.invalidInput(badBodyQuery))
  }
  return new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: checked.bytes && checked.bytes.byteLength > 0 ? checked.bytes : undefined,
    signal: request.signal,
  })
}

/**
 * What an auth collection runs around Payload's password sign-in (its `custom.loginGuard`): the
 * sign-in limits of docs/decisions/176 for `users` (services/auth/passwordSignIn.ts).
 */
export type LoginGuard = (payload: Payload, request: Request, run: () => Promise<Response>) => Promise<Response>

/** The login guard of the collection a `POST /api/<slug>/login` names, if it declares one. */
function loginGuardFor(config: SanitizedConfig, method: string, slug: string[]): LoginGuard | null {
  if (method !== 'POST' || slug.length !== 2 || slug[1] !== 'login') return null
  const guard = config.collections.find((c) => c.slug === slug[0] && c.auth)?.custom?.loginGuard
  return typeof guard === 'function' ? (guard as LoginGuard) : null
}

/** Wraps one of Payload's REST route handlers with the guard. */
export function guardRest(configPromise: SanitizedConfig | Promise<SanitizedConfig>, handler: RouteHandler): RouteHandler {
  return async (request, args) => {
    try {
      const config = await configPromise
      // GraphQL's route is not a dynamic one: Next passes it no params.
      const { slug = [] } = ((await args?.params) ?? {}) as { slug?: string[] }
      const checked = await checkRestRequest(config, request, slug)
      if (checked instanceof Response) return checked
      const loginGuard = loginGuardFor(config, request.method, slug)
      if (loginGuard) return await loginGuard(await getPayload({ config }), checked, async () => asEnvelope(await handler(checked, args)))
      // GraphQL's loginUser would be a way around the sign-in limits: password sign-in has one door.
      if (slug.length === 0 && request.method === 'POST' && /\bloginUser\b/.test(await checked.clone().text())) {
        return refusal(commonErrors.forbidden('Sign in with a password through /api/users/login.'))
      }
      return await asEnvelope(await handler(checked, args))
    } catch (error) {
      // The sign-in limits could not ask the database: an outage (503), never "allowed".
      if (isDatabaseUnavailable(error)) return unavailableResponse()
      // Payload answers its own errors; this is only what escapes it (it has logged nothing).
      console.error('REST request failed outside Payload', request.method, new URL(request.url).pathname)
      return refusal(new AppError('INTERNAL', 500, 'Something went wrong.'))
    }
  }
}

/**
 * The route a REST call is logged and counted under: the path pattern of the endpoint Payload runs
 * (`/api/bookings/user/:id`, `/api/payments/:id`), found the way Payload finds it; `/api/<slug>/*`
 * or `/api/*` for what matches nothing. Never an id or a token: a bounded set of values.
 */
export function routeTemplate(config: SanitizedConfig, method: string, slug: string[]): string {
  const target = findTarget(config, method, slug)
  const scope =
    slug[0] === 'globals'
      ? config.globals.some((g) => g.slug === slug[1])
        ? `/globals/${slug[1]}`
        : ''
      : config.collections.some((c) => c.slug === slug[0])
        ? `/${slug[0]}`
        : ''
  if (target.endpoint) return `/api${scope}${target.endpoint.path === '/' ? '' : target.endpoint.path}`
  return `/api${scope}/*`
}
