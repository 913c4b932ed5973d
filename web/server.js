/**
 * The site's production server: remix-serve's setup (compression, fingerprinted assets cached a
 * year, public files an hour) plus what remix-serve cannot do:
 * - hand each request's socket address to loaders and actions (`context.socketAddress`), so per-IP
 *   limits have an address without a proxy (app/utils/client-ip.server.ts; docs/decisions/054);
 * - serve a stored page for an anonymous visitor before Remix runs the route's loaders
 *   (entry.server.tsx `cachedDocument`, app/utils/document-cache.server.ts; docs/decisions/122);
 * - give every request an id (the proxy's, or a new one), kept for every log line written while it
 *   runs, sent on to the CMS and returned as X-Request-Id; one JSON access-log line per request;
 *   Prometheus metrics at /metrics for METRICS_TOKEN (docs/decisions/132, 133);
 * - read what a request still sends after its answer, so a kept-alive connection is never reset
 *   under the next request (server/http-hygiene.js; docs/decisions/171);
 * - mark every answer to a request with a session `private, no-store`, and every answer
 *   `Vary: Cookie`, in one place for every route (app/utils/cache-policy.server.ts; 170);
 * - refuse a bad production configuration at start: every problem printed, exit 1 (134);
 * - stop on SIGTERM: no new connections, the open ones answered, then exit 0.
 * `node server.js ./build/server/index.js`, PORT and HOST as for remix-serve.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import compression from 'compression'
import express from 'express'
import { cachePolicy, drainBodyAfterAnswer } from './server/http-hygiene.js'

process.env.NODE_ENV = process.env.NODE_ENV ?? 'production'
let build
try {
  build = await import(pathToFileURL(path.resolve(process.argv[2] ?? 'build/server/index.js')).href)
} catch (error) {
  // The environment is parsed as the build loads (app/utils/env.server.ts): say why, and stop.
  console.error(`[web] ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
installGlobals({ nativeFetch: build.future.v3_singleFetch })

const { observability } = build.entry.module
const { logger, metrics } = observability
const routeLabel = observability.routeLabeler(build.routes)
/** Probes, scrapes and built files: counted, not written to the access log. */
const QUIET = new Set(['/healthz', '/readyz', '/metrics', '/assets/*'])
const accessLog = process.env.WEB_ACCESS_LOG !== 'false'

const app = express()
app.disable('x-powered-by')
app.use(drainBodyAfterAnswer)
app.use((req, res, next) => {
  const requestId = observability.requestIdFor(req.headers['x-request-id'])
  // Remix's Request is built from these headers: loaders and the CMS calls see the same id.
  req.headers['x-request-id'] = requestId
  res.setHeader('X-Request-Id', requestId)
  const started = process.hrtime.bigint()
  res.once('finish', () => {
    const seconds = Number(process.hrtime.bigint() - started) / 1e9
    const route = req.path === '/metrics' ? '/metrics' : routeLabel(req.path)
    const m = metrics()
    m.requests.inc({ method: req.method, route, status: String(res.statusCode) })
    m.duration.observe({ method: req.method, route }, seconds)
    if (!accessLog || QUIET.has(route)) return
    observability.runWithRequest({ requestId }, () => {
      const line = { msg: 'request', method: req.method, route, status: res.statusCode, ms: Math.round(seconds * 1000) }
      if (res.statusCode >= 500) logger.warn(line)
      else logger.info(line)
    })
  })
  observability.runWithRequest({ requestId }, next)
})
app.get('/metrics', async (req, res) => {
  const refused = observability.metricsRefusal(req.headers.authorization)
  if (refused) return res.status(refused.status).set('Cache-Control', 'no-store').send(refused.body)
  const { registry } = metrics()
  res.set('Content-Type', registry.contentType).set('Cache-Control', 'no-store').send(await registry.metrics())
})
app.use(compression())
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))
// Built assets and public files above are the same for everyone; every other answer is the page's.
app.use(cachePolicy(build.entry.module.cacheHeadersFor))
const cachedDocument = build.entry.module.cachedDocument
app.get('*', (req, res, next) => {
  let hit = null
  try {
    // Only the path, the query and whether a session could be sent decide (cacheKeyFor).
    const headers = new Headers()
    for (const name of ['cookie', 'authorization', 'x-request-id']) {
      const value = req.headers[name]
      if (typeof value === 'string') headers.set(name, value)
    }
    hit = cachedDocument ? cachedDocument(new Request(new URL(req.originalUrl, 'http://localhost'), { method: req.method, headers })) : null
  } catch {
    hit = null
  }
  if (!hit) return next()
  res.status(hit.status)
  for (const [name, value] of hit.headers) res.setHeader(name, value)
  hit.text().then(
    (html) => res.end(html),
    (error) => next(error),
  )
})
// Where a request that changes something comes from is decided here, by the request guard's own
// check (app/utils/request-guard.server.ts, docs/decisions/172): Remix 2 would answer a foreign
// Origin with a bare 500 before the guard runs; without Origin it lets the action run, and the guard
// refuses with 403 and the page.
const { isSameOriginRequest } = build.entry.module
app.use((req, res, next) => {
  if (req.method === 'GET' || req.method === 'HEAD') return next()
  const headers = new Headers()
  for (const name of ['origin', 'sec-fetch-site', 'referer']) {
    const value = req.headers[name]
    if (typeof value === 'string') headers.set(name, value)
  }
  try {
    res.locals.sameOrigin = isSameOriginRequest(new Request(new URL(req.originalUrl, `${req.protocol}://${req.get('host')}`), { headers }))
  } catch {
    // No usable Host: nothing to compare the request's origin with.
    res.locals.sameOrigin = false
  }
  delete req.headers.origin
  next()
})
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req, res) => ({ socketAddress: req.socket.remoteAddress ?? null, sameOrigin: res.locals.sameOrigin }),
  }),
)

const port = Number(process.env.PORT ?? 3000)
const onListen = () => logger.info({ msg: 'Site listening', port, host: process.env.HOST ?? 'all addresses' })
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen)
// A kept-alive connection stays open longer than any client or proxy in front keeps an idle one
// (Node's default is 5 s): otherwise the server closes it just as the next request is sent on it,
// and that request meets a reset (seen under load in the fuzz suite: HEAD /find-mentors, ECONNRESET;
// behind nginx or a load balancer the same race is a 502). Headers may take a little longer still.
server.keepAliveTimeout = 65_000
server.headersTimeout = 66_000
server.on('error', (error) => {
  logger.error({ msg: 'The site could not listen', err: error })
  process.exit(1)
})
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.once(signal, () => {
    logger.info({ msg: `${signal}: stopping` })
    // Idle kept-alive connections close at once; requests under way are answered first.
    server.close(() => process.exit(0))
    server.closeIdleConnections()
    setTimeout(() => {
      server.closeAllConnections()
      process.exit(0)
    }, 10_000).unref()
  })
}
