import type { AfterErrorHook } from 'payload'
import { AppError, commonErrors } from './errors'

/**
 * The one error mapping of the CMS's REST API (docs/decisions/051-one-error-mapping.md): whatever
 * Payload or the database throws while answering a REST call leaves as our error envelope with a
 * status that says whose fault it was. Input the database refuses (a value of the wrong type, out
 * of range, a reference to nothing, a sort or filter on something that is not a column) is the
 * caller's fault: 400 with a plain sentence. Payload's own refusals keep their status and message.
 * Anything else is 500 with no detail. No answer carries a stack trace or the database's text.
 */

/** SQLSTATE codes (https://www.postgresql.org/docs/current/errcodes-appendix.html) that bad input causes. */
function fromSqlState(code: string): AppError | null {
  if (code === '23505') return new AppError('CONFLICT', 409, 'A record with this value already exists.', { title: 'Conflict' })
  if (code === '23503') return commonErrors.invalidInput('The request refers to a record that does not exist.')
  if (code === '23502') return commonErrors.invalidInput('A required value is missing.')
  if (code === '23514') return new AppError('CONFLICT', 409, 'The change breaks a rule of the data.', { title: 'Conflict' })
  // Class 22, data exception: invalid text for a number or date, out of range, bad escape...
  if (code.startsWith('22')) return commonErrors.invalidInput('A value in the request has the wrong type or is out of range.')
  // Class 42, syntax or undefined object: a sort or filter on a path that is no column.
  if (code.startsWith('42')) return commonErrors.invalidInput('The query is not valid.')
  return null
}

/** The SQLSTATE of a database error, looking through the wrappers (drizzle's query error keeps it in `cause`). */
export function sqlStateOf(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return null
}

const CODE_BY_STATUS: Record<number, string> = {
  400: 'INVALID_INPUT',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
}

type PayloadErrorShape = { status?: unknown; isPublic?: unknown; message?: unknown; name?: unknown; data?: unknown }

/** Field errors of Payload's ValidationError (`data.errors: [{ path, message }]`), keyed by path. */
function fieldErrorsOf(data: unknown): Record<string, string> | undefined {
  const errors = (data as { errors?: unknown } | null)?.errors
  if (!Array.isArray(errors)) return undefined
  const out: Record<string, string> = {}
  for (const e of errors as { path?: unknown; field?: unknown; message?: unknown }[]) {
    const key = String(e.path ?? e.field ?? '_')
    if (typeof e.message === 'string') out[key] ??= e.message
  }
  return Object.keys(out).length ? out : undefined
}

/** Payload's refusal as the AppError it stands for, or null when it is not a refusal (a 500). */
function fromPayloadError(error: PayloadErrorShape): AppError | null {
  const status = typeof error.status === 'number' ? error.status : 500
  if (status >= 500 || status < 400 || error.isPublic === false) return null
  const message = typeof error.message === 'string' && error.message ? error.message : 'The request was refused.'
  const code = CODE_BY_STATUS[status] ?? (error.name === 'ValidationError' ? 'INVALID_INPUT' : `HTTP_${status}`)
  const fieldErrors = error.name === 'ValidationError' ? fieldErrorsOf(error.data) : undefined
  return new AppError(code, status, message, { fieldErrors, title: status === 400 ? 'Invalid Request' : undefined })
}

/** Any error thrown while answering a REST call, as the refusal we answer with (500 when it is ours to fix). */
export function classifyApiError(error: unknown): AppError {
  if (error instanceof AppError) return error
  const refusal = error && typeof error === 'object' ? fromPayloadError(error as PayloadErrorShape) : null
  if (refusal) return refusal
  const state = sqlStateOf(error)
  const fromDb = state ? fromSqlState(state) : null
  return fromDb ?? new AppError('INTERNAL', 500, 'Something went wrong.')
}

/**
 * Payload's `afterError` hook: the answer of every REST error (Payload has logged it already).
 * Payload's own `errors` list is kept beside the envelope for its own refusals (the admin panel
 * reads it for its field messages); for everything else it says only the envelope's sentence.
 */
export const mapApiError: AfterErrorHook = ({ error, result }) => {
  const mapped = classifyApiError(error)
  const fromPayload = !(error instanceof AppError) && mapped.status < 500 && !sqlStateOf(error)
  const errors = fromPayload && result?.errors ? result.errors : [{ message: mapped.message }]
  return { status: mapped.status, response: { ...mapped.toBody(), errors } }
}
