import { createHash, timingSafeEqual } from 'node:crypto'
import { env } from './env.server'
import { logger, requestIdFor, runWithRequest } from './logger.server'
import { metrics } from './metrics.server'
import { routeLabeler } from './route-label.server'

/**
 * What server.js (plain JavaScript, outside the Vite build) needs to make every site request
 * observable (docs/decisions/132-logs.md, 133): the request id, the logger, the metrics and the
 * route labels; handed over through the server build's entry module, so there is one copy of each.
 */
export const observability = {
  logger,
  metrics,
  requestIdFor,
  routeLabeler,
  runWithRequest,
  /** Null when the caller may read /metrics; else the refusal (404 without METRICS_TOKEN configured, 401 with a wrong one). */
  metricsRefusal(authorization: string | undefined): { status: number; body: string } | null {
    if (!env.METRICS_TOKEN) return { status: 404, body: 'Not Found' }
    const given = authorization?.match(/^Bearer\s+(.+)$/i)?.[1] ?? ''
    const a = createHash('sha256').update(given).digest()
    const b = createHash('sha256').update(env.METRICS_TOKEN).digest()
    return given && timingSafeEqual(a, b) ? null : { status: 401, body: 'Unauthorized' }
  },
}
