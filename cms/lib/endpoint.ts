import { MESSAGES, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import type { User } from '@mentorloop/shared/payload-types'
import type { Endpoint, PayloadRequest } from 'payload'
import { z } from 'zod'
import { checkRole } from '../access/checkRole'
import { classifyApiError, sqlStateOf } from './apiErrors'
import { env } from './env'
import { AppError, commonErrors } from './errors'
import { MAX_JSON_BODY_BYTES, registerAppEndpoint, tooLarge } from './restGuard'
import { isValidServiceKey } from './serviceKey'
import { databaseUnavailable, isDatabaseUnavailable, markDatabaseUnavailable, wasDatabaseUnavailable } from './unavailable'

/**
 * The one shape of a custom endpoint (docs/decisions/042-one-endpoint-shape.md): who may call it,
 * zod schemas for its URL segments, query and body, and a handler that calls a service. Every
 * refusal leaves as the one error envelope; anything unexpected is logged and answered with the
 * endpoint's `failure` text and no detail.
 */
export type Auth = 'public' | 'user' | 'admin' | 'service'

type CallerFor<A extends Auth> = A extends 'user' | 'admin' ? User : User | null

export type EndpointContext<A extends Auth, P, Q, B> = {
  req: PayloadRequest
  user: CallerFor<A>
  params: P
  query: Q
  body: B
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete'

export type EndpointDefinition<A extends Auth, P, Q, B> = {
  path: string
  method: Method
  auth: A
  params?: z.ZodType<P>
  query?: z.ZodType<Q>
  /** A zod schema for a JSON body, or `rawBody` for the unparsed text (webhooks sign the raw body). */
  body?: z.ZodType<B>
  /**
   * The refusal for a body that does not parse, when a published contract names its own code or
   * text (the spec's "Invalid payment response", the sign-in exchange's INVALID_REQUEST); by
   * default INVALID_INPUT with the first issue's message and the field errors.
   */
  invalidBody?: (message: string, fieldErrors: Record<string, string>) => AppError
  /** What a person reads when something unexpected fails (the spec's "Failed to …" texts). */
  failure: string
  /** Public answers may be kept briefly by proxies; everything else is private and never stored. */
  cache?: CachePolicy
  /**
   * A write that costs money, sends mail or changes a seat: counted per signed-in account across
   * every instance, and over its limit answered 429 with `Retry-After`: `perAccount(name)` of
   * services/auth/rateLimits.ts.
   */
  limit?: (req: PayloadRequest, userId: number) => Promise<void>
  /** The largest body accepted (413 above it); 1 MB unless the endpoint says less (webhooks). */
  maxBodyBytes?: number
  handler: (ctx: EndpointContext<A, P, Q, B>) => Promise<Response | object>
}

/** The body schema of an endpoint that reads its body as text, unparsed (a webhook's signature covers the raw bytes). */
export const rawBody = z.string()

export type CachePolicy = 'private' | 'public'

const CACHE_CONTROL: Record<CachePolicy, string> = {
  private: 'no-store',
  // Seats and content change often: a shared cache may keep a public answer only a moment.
  public: 'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
}

/** The one JSON answer of our endpoints. */
export function json(body: unknown, init: { status?: number; cache?: CachePolicy; headers?: Record<string, string> } = {}): Response {
  return Response.json(body, {
    status: init.status ?? 200,
    headers: { 'Cache-Control': CACHE_CONTROL[init.cache ?? 'private'], ...init.headers },
  })
}

/** The same answer from JSON text already serialised (a kept list: services/mentors/cardsCache.ts). */
export function jsonText(body: string, init: { status?: number; cache?: CachePolicy } = {}): Response {
  return new Response(body, {
    status: init.status ?? 200,
    headers: { 'Content-Type': 'application/json', 'Cache-Control': CACHE_CONTROL[init.cache ?? 'private'] },
  })
}

/** The first message per field of a zod error, keyed by the field's path. */
export function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of error.issues) {
    const key = issue.path.map(String).join('.') || '_'
    out[key] ??= issue.message
  }
  return out
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, what: string): T {
  if (!schema) return undefined as T
  const parsed = schema.safeParse(input)
  if (parsed.success) return parsed.data
  const first = parsed.error.issues[0]?.message
  throw commonErrors.invalidInput(first ?? `Invalid ${what}.`, fieldErrorsOf(parsed.error))
}

/**
 * The body as text, refused with 413 over `limit`. The REST guard (restGuard.ts) has already held
 * HTTP calls to the endpoint's limit; this keeps the limit for calls that reach the handler otherwise.
 */
async function readText(req: PayloadRequest, limit = MAX_JSON_BODY_BYTES): Promise<string> {
  const text = req.text ? await req.text() : ''
  if (Buffer.byteLength(text) > limit) throw tooLarge(limit)
  return text
}

async function readBody(req: PayloadRequest): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const text = await readText(req)
  try {
    return { ok: true, value: text === '' ? undefined : JSON.parse(text) }
  } catch {
    return { ok: false }
  }
}

/**
 * The request's JSON body parsed with `schema`; a body that is not JSON or does not parse is a 400
 * (INVALID_INPUT with the first issue's message and the field errors, unless `invalidBody` says
 * otherwise). The wrapper calls it for `body`; a handler that must act before reading the body
 * (a rate limit that counts bad requests too) calls it itself.
 */
export async function parseJsonBody<T>(
  req: PayloadRequest,
  schema: z.ZodType<T>,
  invalidBody?: EndpointDefinition<Auth, unknown, unknown, T>['invalidBody'],
): Promise<T> {
  const read = await readBody(req)
  // No body at all, for a schema that allows none (an optional answer): what it makes of nothing.
  if (read.ok && read.value === undefined) {
    const empty = schema.safeParse(undefined)
    if (empty.success) return empty.data
  }
  const parsed = read.ok && read.value !== undefined ? schema.safeParse(read.value) : null
  if (parsed?.success) return parsed.data
  const message = parsed ? (parsed.error.issues[0]?.message ?? 'Invalid request.') : 'The request body must be JSON.'
  const fieldErrors = parsed ? fieldErrorsOf(parsed.error) : {}
  throw invalidBody?.(message, fieldErrors) ?? commonErrors.invalidInput(message, fieldErrors)
}

function authorize(req: PayloadRequest, auth: Auth): void {
  if (auth === 'public') return
  if (auth === 'service') {
    if (!isValidServiceKey(req.headers.get(SERVICE_KEY_HEADER), env.SERVICE_KEY)) {
      throw new AppError('SERVICE_KEY_INVALID', 401, 'A valid service key is required.')
    }
    return
  }
  if (!req.user) throw commonErrors.unauthenticated(MESSAGES.PLEASE_LOGIN)
  if (auth === 'admin' && !checkRole(req.user, 'admin')) throw commonErrors.forbidden('Only admins may do this.')
}

/** An error as its HTTP answer: ours as the envelope, anything else logged and answered with `failure`. */
export function errorResponse(req: PayloadRequest, error: unknown, failure: string): Response {
  if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
    markDatabaseUnavailable(req)
    return errorResponse(req, databaseUnavailable(), failure)
  }
  if (error instanceof AppError) {
    const headers: Record<string, string> = error.retryAfterSeconds ? { 'Retry-After': String(error.retryAfterSeconds) } : {}
    return json(error.toBody(), { status: error.status, headers })
  }
  // A value the database refuses as data (an id past int4, a malformed date) is the caller's 400 (apiErrors.ts).
  if (sqlStateOf(error)?.startsWith('22')) {
    const mapped = classifyApiError(error)
    return json(mapped.toBody(), { status: mapped.status })
  }
  req.payload.logger.error({ msg: failure, err: error, path: req.pathname })
  return json(new AppError('INTERNAL', 500, failure).toBody(), { status: 500 })
}

export function endpoint<A extends Auth, P = undefined, Q = undefined, B = undefined>(def: EndpointDefinition<A, P, Q, B>): Endpoint {
  const maxBodyBytes = def.maxBodyBytes ?? MAX_JSON_BODY_BYTES
  const handler: Endpoint['handler'] = async (req) => {
    try {
      // The session lookup could not ask the database: not an anonymous caller, an outage.
      if (wasDatabaseUnavailable(req)) throw databaseUnavailable()
      authorize(req, def.auth)
      if (def.limit && req.user) await def.limit(req, req.user.id)
      const params = parse(def.params, req.routeParams ?? {}, 'address')
      const query = parse(def.query, Object.fromEntries(req.searchParams ?? []), 'query')
      let body: unknown
      if ((def.body as unknown) === rawBody) {
        body = await readText(req, maxBodyBytes)
      } else if (def.body) {
        body = await parseJsonBody(req, def.body, def.invalidBody)
      }
      const result = await def.handler({ req, user: (req.user ?? null) as CallerFor<A>, params, query, body: body as B })
      return result instanceof Response ? result : json(result, { cache: def.cache })
    } catch (error) {
      return errorResponse(req, error, def.failure)
    }
  }
  registerAppEndpoint(handler, { maxBodyBytes })
  return { path: def.path, method: def.method, handler }
}
