import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import { REQUEST_ID_HEADER, requestIdFrom } from '@mentorloop/shared/logging'

/**
 * One request's context, for every log line written while it runs: its id (sent by the site, or
 * made here) and, once the session lookup has found them, the signed-in user's id. Kept on
 * globalThis: Next bundles route handlers and the Payload config separately, and both must see
 * the same storage.
 */
export type RequestContext = { requestId: string; userId?: number | string; route?: string }

const KEY = Symbol.for('mentorloop.requestContext')
const globals = globalThis as unknown as Record<symbol, AsyncLocalStorage<RequestContext> | undefined>
globals[KEY] ??= new AsyncLocalStorage<RequestContext>()
const storage: AsyncLocalStorage<RequestContext> = globals[KEY]

export const currentRequest = (): RequestContext | undefined => storage.getStore()

export function runWithRequest<T>(context: RequestContext, fn: () => T): T {
  return storage.run(context, fn)
}

/** The id of an incoming request: the caller's (the site's, a proxy's) when it looks like one. */
export function requestIdOf(headers: Headers): string {
  return requestIdFrom(headers.get(REQUEST_ID_HEADER), randomUUID)
}

/** The signed-in user, for the access log line (never their e-mail). */
export function noteUser(id: number | string | undefined): void {
  const context = storage.getStore()
  if (context && id !== undefined) context.userId = id
}
