/**
 * What may reach a log line, for every process (the site, the CMS, the worker, the scripts): one
 * request id per request, and no personal data — no e-mail address, phone number, token, cookie,
 * feed token or SQL parameter (docs/decisions/132-logs.md). Pure functions; each app builds its
 * pino logger with them (cms/lib/observability/logger.ts, web/app/utils/logger.server.ts).
 */

/** The header that carries one request's id from the browser's request through the site to the CMS and back. */
export const REQUEST_ID_HEADER = 'x-request-id'

const REQUEST_ID = /^[A-Za-z0-9._:-]{8,100}$/

/** A request id we were sent, when it looks like one (a proxy's or the site's); otherwise a new one. */
export function requestIdFrom(given: string | null | undefined, make: () => string): string {
  return given && REQUEST_ID.test(given) ? given : make()
}

/** Object keys whose values never reach a log line, whatever they hold. */
export const SECRET_KEYS = new Set([
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'token',
  'accesstoken',
  'refreshtoken',
  'idtoken',
  'id_token',
  'access_token',
  'feedtoken',
  'secret',
  'apikey',
  'x-service-key',
  'email',
  'phone',
  'contact',
  'params',
  'parameters',
  'values',
  'query',
  'body',
  'signature',
  'razorpay_signature',
])

const EMAIL = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi
// A ten-digit number standing alone, with or without India's +91: the form's phone numbers.
const PHONE = /(?<![\w.])(?:\+?91[\s-]?)?\d{10}(?![\w.])/g
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g
// Feed tokens, keys, passwords: a run of 24 or more base64url characters mixing upper and lower
// case (random text does; names like 20261128_120000_worker_heartbeats do not). Signatures and
// digests: 32 or more hex digits.
const MIXED_TOKEN = /(?<![\w-])(?=[\w-]*[a-z])(?=[\w-]*[A-Z])[A-Za-z0-9_-]{24,}(?![\w-])/g
const HEX_TOKEN = /(?<![\w-])[0-9a-fA-F]{32,}(?![\w-])/g
// node-postgres and drizzle put the statement's parameters into the message ("params: 7,a@b.in").
const SQL_PARAMS = /\n?\s*params:[\s\S]*$/i

/** A string with every e-mail address, phone number and token replaced by a mark. */
export function scrub(text: string): string {
  return text
    .replace(SQL_PARAMS, ' params: [redacted]')
    .replace(JWT, '[token]')
    .replace(EMAIL, '[email]')
    .replace(MIXED_TOKEN, '[token]')
    .replace(HEX_TOKEN, '[token]')
    .replace(PHONE, '[phone]')
}

export type SerializedError = {
  type: string
  message: string
  /** SQLSTATE (PostgreSQL) or the system's code (ECONNREFUSED): what an operator searches for. */
  code?: string
  status?: number
  stack?: string
  cause?: SerializedError
}

/**
 * An error as a log line keeps it: its type, message, code (SQLSTATE) and status; the stack for a
 * server error only; never the failed statement's text or parameters (drizzle's `query` and
 * `params`, node-postgres's `parameters`), which held user ids and phone numbers.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!error || typeof error !== 'object') return { type: typeof error, message: scrub(String(error)) }
  const e = error as { name?: unknown; message?: unknown; code?: unknown; status?: unknown; stack?: unknown; cause?: unknown }
  const status = typeof e.status === 'number' ? e.status : undefined
  const message = scrub(
    typeof e.message === 'string' ? e.message.replace(/^Failed query:[\s\S]*$/i, 'Failed query [statement redacted]') : '',
  )
  const out: SerializedError = { type: typeof e.name === 'string' ? e.name : 'Error', message }
  if (typeof e.code === 'string' || typeof e.code === 'number') out.code = String(e.code)
  if (status !== undefined) out.status = status
  if ((status === undefined || status >= 500) && typeof e.stack === 'string') {
    // The first line of a stack repeats the message: keep only the frames.
    out.stack = scrub(e.stack.split('\n').slice(1, 12).join('\n'))
  }
  if (e.cause !== undefined && depth < 3) out.cause = serializeError(e.cause, depth + 1)
  return out
}

/** Whether `error` is a refusal (4xx), which is logged at info or warn, without a stack. */
export function isClientError(error: unknown): boolean {
  const status = error && typeof error === 'object' ? (error as { status?: unknown }).status : undefined
  return typeof status === 'number' && status >= 400 && status < 500
}

/**
 * A log line's fields made safe: secret keys removed, strings scrubbed, errors serialized; bounded
 * in depth and size so a log call cannot walk a whole document.
 */
export function scrubFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrub(value)
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Error) return serializeError(value)
  if (value instanceof Date) return value.toISOString()
  if (depth >= 4) return '[object]'
  if (Array.isArray(value)) return value.slice(0, 20).map((v) => scrubFields(v, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [key, v] of Object.entries(value as Record<string, unknown>).slice(0, 50)) {
    if (SECRET_KEYS.has(key.toLowerCase())) {
      out[key] = '[redacted]'
      continue
    }
    out[key] = key === 'err' || key === 'error' ? serializeError(v) : scrubFields(v, depth + 1)
  }
  return out
}
