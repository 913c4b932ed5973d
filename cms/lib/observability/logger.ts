import { isClientError, scrub, scrubFields, serializeError } from '@mentorloop/shared/logging'
import type { LoggerOptions } from 'pino'
import { currentRequest } from './context'

/**
 * The one logger configuration of every CMS process (the Next server, the worker, the scripts),
 * handed to Payload (`logger.options`), so Payload's own lines and ours are alike
 * (docs/decisions/132-logs.md):
 * - JSON, with the request's id (and the signed-in user's id) on every line written while a
 *   request runs;
 * - no personal data: fields named like secrets dropped, e-mail addresses, phone numbers and
 *   tokens in any string replaced, errors reduced to type, message, SQLSTATE and status (never
 *   the failed statement's parameters);
 * - a refusal (4xx) is not an error: Payload logs every APIError it answers at error level with
 *   its stack (a wrong /admin password among them); such a line is written at info, without stack.
 */
export function loggerOptions(level = process.env.LOG_LEVEL ?? 'info'): LoggerOptions {
  return {
    level,
    base: { service: 'cms' },
    timestamp: () => `,"time":"${new Date().toISOString()}"`,
    mixin() {
      const context = currentRequest()
      return context ? { requestId: context.requestId, ...(context.userId !== undefined ? { userId: context.userId } : {}) } : {}
    },
    serializers: { err: serializeError, error: serializeError },
    hooks: {
      logMethod(args, method, levelNumber) {
        const safe = (args as unknown[]).map((arg) => (typeof arg === 'string' ? scrub(arg) : scrubFields(arg)))
        const first = (args as unknown[])[0] as { err?: unknown } | undefined
        if (levelNumber >= 50 && first && typeof first === 'object' && isClientError(first.err)) {
          const err = serializeError(first.err)
          return this.info(
            { ...(safe[0] as object), err: { type: err.type, message: err.message, status: err.status } },
            ...(safe.slice(1) as []),
          )
        }
        return method.apply(this, safe as Parameters<typeof method>)
      },
    },
  }
}
