import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client'

/**
 * The site's Prometheus metrics (docs/decisions/133-health-and-metrics.md), served by server.js at
 * /metrics for `Authorization: Bearer <METRICS_TOKEN>`: requests by route template and status with
 * their latency, calls to the CMS by outcome, and the process's own (rate limits are decided, and
 * counted, by the CMS). One
 * registry per process, on globalThis (server.js and the Remix build load this module apart).
 */
function createMetrics() {
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  return {
    registry,
    requests: new Counter({
      name: 'mentorloop_http_requests_total',
      help: 'HTTP requests answered, by method, route template and status',
      labelNames: ['method', 'route', 'status'] as const,
      registers: [registry],
    }),
    duration: new Histogram({
      name: 'mentorloop_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and route template',
      labelNames: ['method', 'route'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    cmsCalls: new Counter({
      name: 'mentorloop_cms_calls_total',
      help: "The site's calls to the CMS, by outcome (ok, refused, unavailable)",
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
  }
}

type Metrics = ReturnType<typeof createMetrics>
const KEY = Symbol.for('mentorloop.site.metrics')
const globals = globalThis as unknown as Record<symbol, Metrics | undefined>

export function metrics(): Metrics {
  globals[KEY] ??= createMetrics()
  return globals[KEY]
}
