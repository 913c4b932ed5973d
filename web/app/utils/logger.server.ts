import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { isClientError, REQUEST_ID_HEADER, requestIdFrom, scrub, scrubFields, serializeError } from '@mentorloop/shared/logging'
import pino from 'pino'

/**
 * The site's logs (docs/decisions/132-logs.md): JSON lines from pino, each with the request's id
 * (kept per request by server.js, sent on to the CMS by every call, returned as X-Request-Id), and
 * no personal data: e-mail addresses, phone numbers and tokens are replaced in every string, fields
 * named like secrets dropped, errors reduced to type, message and code. A refusal (4xx) is never
 * logged as an error.
 */
export type RequestContext = { requestId: string }

const KEY = Symbol.for('mentorloop.site.requestContext')
const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>
globals[KEY] ??= new AsyncLocalStorage<RequestContext>()
const storage: AsyncLocalStorage<RequestContext> = globals[KEY]

export const currentRequestId = (): string | undefined => storage.getStore()?.requestId

export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn)
}

/** The id of an incoming request: a proxy's or the browser's when it looks like one, else a new one. */
export const requestIdFor = (given: string | null | undefined): string => requestIdFrom(given, randomUUID)

/** Headers for a call to the CMS on behalf of the current request: its id goes along. */
export function requestIdHeaders(): Record<string, string> {
  const id = currentRequestId()
  return id ? { [REQUEST_ID_HEADER]: id } : {}
}

export const logger = pino({
  level: process.env.LOG_LEVEL ?? 'info',
  enabled: process.env.NODE_ENV !== 'test',
  base: { service: 'web' },
  timestamp: pino.stdTimeFunctions.isoTime,
  mixin() {
    const requestId = currentRequestId()
    return requestId ? { requestId } : {}
  },
  serializers: { err: serializeError, error: serializeError },
  hooks: {
    logMethod(args, method, level) {
      const safe = (args as unknown[]).map((arg) => (typeof arg === 'string' ? scrub(arg) : scrubFields(arg)))
      const first = (args as unknown[])[0] as { err?: unknown } | undefined
      if (level >= 50 && first && typeof first === 'object' && isClientError(first.err)) {
        return this.info(safe[0] as object, ...(safe.slice(1) as []))
      }
      return method.apply(this, safe as Parameters<typeof method>)
    },
  },
})
