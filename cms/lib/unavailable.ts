import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Config, Payload } from 'payload'
import { AppError } from './errors'

/**
 * A database that cannot be reached is a 503 with `Retry-After`, in the one error envelope, never
 * a 401, an anonymous answer, a 500 or the driver's text (docs/decisions/053-database-outage.md).
 * Three places feed one mark per request: the session lookup (Payload's JWT strategy answers "no
 * user" whatever went wrong), Payload's error route (`afterError`) and our endpoint wrapper; the
 * REST route handlers answer 503 for a marked request whatever the operation answered.
 */
export const RETRY_AFTER_SECONDS = 5

export const databaseUnavailable = () =>
  new AppError('SERVICE_UNAVAILABLE', 503, 'Temporarily unavailable, please try again.', {
    title: 'Temporarily unavailable',
    retryAfterSeconds: RETRY_AFTER_SECONDS,
  })

// Socket-level failures (node), a pool too busy to serve in time (queuedPool.ts), and PostgreSQL's SQLSTATE classes 08 (connection exception) and
// 57P01-57P03 (the server is shutting down, crashed or still starting).
const NETWORK_CODES = new Set([
  'POOL_BUSY',
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])
const PG_CODES = new Set(['57P01', '57P02', '57P03', '53300'])
// node-postgres says these in words only (no code), and Payload's transaction start rethrows the
// driver's error as a new Error with only its text ("Error: cannot begin transaction: connect
// ECONNREFUSED ..."); BEGIN itself fails for no reason but the connection.
const PG_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connection timeout',
  'client has encountered a connection error',
  'client was closed and is not queryable',
  'the database system is',
  'terminating connection',
  'cannot begin transaction',
  'econnrefused',
  'econnreset',
  'sorry, too many clients',
]

function isConnectionFailure(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false
  const { code, message } = error as { code?: unknown; message?: unknown }
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || PG_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
  const text = typeof message === 'string' ? message.toLowerCase() : ''
  return PG_MESSAGES.some((m) => text.includes(m))
}

/** Whether `error` (or what it wraps: drizzle and Payload keep the driver's error as `cause`) says the database cannot be reached. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const seen = new Set<unknown>()
  const queue: unknown[] = [error]
  while (queue.length > 0) {
    const e = queue.shift()
    if (!e || typeof e !== 'object' || seen.has(e)) continue
    seen.add(e)
    if (isConnectionFailure(e)) return true
    const { cause, errors } = e as { cause?: unknown; errors?: unknown }
    queue.push(cause)
    if (Array.isArray(errors)) queue.push(...errors)
  }
  return false
}

// Payload's request object is the route's own Request, extended in place (createPayloadRequest),
// so the route handler and Payload's hooks and strategies see the same object.
const unavailableRequests = new WeakSet<object>()

export function markDatabaseUnavailable(req: object | null | undefined): void {
  if (req) unavailableRequests.add(req)
}

export function wasDatabaseUnavailable(req: object | null | undefined): boolean {
  return Boolean(req && unavailableRequests.has(req))
}

/** The envelope answer of a 503. */
export function unavailableResponse(): Response {
  const error = databaseUnavailable()
  return Response.json(error.toBody(), {
    status: 503,
    headers: { 'Retry-After': String(RETRY_AFTER_SECONDS), 'Cache-Control': 'no-store' },
  })
}

/**
 * node-postgres emits an idle connection's failure (the server shut down) on the pool; with no
 * listener that is an uncaught exception. The pool opens new connections on demand afterwards.
 */
export function watchPool(payload: Payload): void {
  const pool = (payload.db as unknown as { pool?: { on: (event: 'error', fn: (error: Error) => void) => void } }).pool
  pool?.on('error', (error) =>
    payload.logger.warn({ msg: 'A database connection was lost; new ones open on demand.', code: (error as { code?: string }).code }),
  )
}

/** `select 1`, within `timeoutMs`: whether the database answers now. */
export async function databaseAnswers(payload: Payload, timeoutMs = 2_000): Promise<boolean> {
  const db = (payload.db as unknown as { drizzle: { execute: (q: unknown) => Promise<unknown> } }).drizzle
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs)
  })
  try {
    return await Promise.race([db.execute(sql`select 1`).then(() => true as const), timeout])
  } catch {
    return false
  } finally {
    clearTimeout(timer)
  }
}

type AfterErrorHook = NonNullable<NonNullable<Config['hooks']>['afterError']>[number]

/** Payload's error route: a database failure anywhere in an operation answers 503. */
export const mapDatabaseErrors: AfterErrorHook = ({ error, req }) => {
  if (!isDatabaseUnavailable(error)) return
  markDatabaseUnavailable(req)
  return { status: 503, response: { ...databaseUnavailable().toBody() } }
}

type RouteHandler = (request: Request, ctx: { params: Promise<{ slug: string[] }> }) => Promise<Response>

/**
 * Wraps a Payload REST route handler: a request whose session lookup or operation met an
 * unreachable database answers 503 with `Retry-After` and the envelope, whatever the operation
 * answered (an anonymous answer, a 401, a 500).
 */
export function answerUnavailable<H extends RouteHandler>(handler: H): H {
  return (async (request, ctx) => {
    try {
      const response = await handler(request, ctx)
      return wasDatabaseUnavailable(request) ? unavailableResponse() : response
    } catch (error) {
      if (wasDatabaseUnavailable(request) || isDatabaseUnavailable(error)) return unavailableResponse()
      throw error
    }
  }) as H
}
