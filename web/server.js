/**
 * The site's production server: remix-serve's setup (compression, fingerprinted assets cached a
 * year, public files an hour) plus one thing remix-serve cannot do: hand each request's socket
 * address to loaders and actions (`context.socketAddress`), so per-IP limits have an address
 * without a proxy (app/utils/client-ip.server.ts; docs/decisions/054-access-written-out.md).
 * `node server.js ./build/server/index.js`, PORT and HOST as for remix-serve.
 *
 * And a stored page for an anonymous visitor is served before Remix runs the route's loaders
 * (entry.server.tsx `cachedDocument`, app/utils/document-cache.server.ts; docs/decisions/122).
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler } from '@remix-run/express'
import { installGlobals } from '@remix-run/node'
import compression from 'compression'
import express from 'express'

process.env.NODE_ENV = process.env.NODE_ENV ?? 'production'
const build = await import(pathToFileURL(path.resolve(process.argv[2] ?? 'build/server/index.js')).href)
installGlobals({ nativeFetch: build.future.v3_singleFetch })

const app = express()
app.disable('x-powered-by')
app.use(compression())
app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: '1y' }))
app.use(express.static('public', { maxAge: '1h' }))
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
app.all(
  '*',
  createRequestHandler({
    build,
    mode: process.env.NODE_ENV,
    getLoadContext: (req) => ({ socketAddress: req.socket.remoteAddress ?? null }),
  }),
)

const port = Number(process.env.PORT ?? 3000)
const onListen = () => console.log(`[site] http://localhost:${port}`)
const server = process.env.HOST ? app.listen(port, process.env.HOST, onListen) : app.listen(port, onListen)
for (const signal of ['SIGTERM', 'SIGINT']) process.once(signal, () => server.close())
