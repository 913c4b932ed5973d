import { createHash, randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { contentGeneration } from '~/models/content-cache.server'
import { deferHydration } from '~/utils/defer-hydration.server'
import { cacheKeyFor, getCachedDocument, reuseDocument, type StoredCopy, storeDocument } from '~/utils/document-cache.server'
import { logger } from '~/utils/logger.server'
import { NonceProvider } from '~/utils/nonce-provider'
import { securityHeaders } from '~/utils/security-headers.server'

// The production server wraps every route action with the request guard (web/server/build.js),
// logs, counts and ids every request with these, and sets who may keep a copy of each answer (server.js).
export { cacheHeadersFor } from '~/utils/cache-policy.server'
export { observability } from '~/utils/observability.server'
export { guardRoutes, isSameOriginRequest } from '~/utils/request-guard.server'

const ABORT_DELAY = 5_000

/**
 * A stored page for an anonymous visitor (document-cache.server.ts), with a fresh nonce, the
 * security headers and a request id; null when there is none to serve. The production server asks
 * before Remix runs the route's loaders (server.js), so a hit costs no loader; a miss goes on to
 * Remix, whose render below stores the page.
 */
export function cachedDocument(request: Request): Response | null {
  const cacheKey = cacheKeyFor(request)
  if (!cacheKey) return null
  const nonce = randomBytes(16).toString('base64')
  const hit = getCachedDocument(cacheKey, nonce)
  return hit ? sendCopy(hit, nonce) : null
}

/**
 * A stored page as this request's answer, with its nonce's CSP and security headers. (The request
 * id header is server.js's, on every answer: docs/decisions/132.)
 */
function sendCopy(copy: StoredCopy, nonce: string): Response {
  for (const [k, v] of Object.entries(securityHeaders(nonce))) copy.headers.set(k, v)
  return new Response(copy.html, { status: copy.status, headers: copy.headers })
}

/**
 * A digest of what the route's loaders returned, from which the page is rendered; null when it holds
 * something other than plain data (a promise), which a digest cannot stand for.
 */
function dataFingerprint(context: EntryContext, status: number): string | null {
  const { loaderData, actionData } = context.staticHandlerContext
  let plain = true
  const json = JSON.stringify({ status, loaderData, actionData }, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && typeof (value as { then?: unknown }).then === 'function') plain = false
    return value
  })
  return plain ? createHash('sha256').update(json).digest('base64') : null
}

export default function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const nonce = randomBytes(16).toString('base64')
  // Stored pages are served by cachedDocument before Remix (server.js); here the page is rendered
  // and, when it may be, stored; or, when its data is what the stored copy was rendered from, that
  // copy is served again without a render.
  const cacheKey = cacheKeyFor(request)
  const generation = contentGeneration()
  const fingerprint = cacheKey ? dataFingerprint(remixContext, responseStatusCode) : null
  const same = cacheKey && fingerprint ? reuseDocument(cacheKey, fingerprint, generation, nonce) : null
  if (same) return sendCopy(same, nonce)
  for (const [k, v] of Object.entries(securityHeaders(nonce))) responseHeaders.set(k, v)

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // A page load is sent complete (streamed sections included), so it works before and
        // without JavaScript; client-side navigations still stream through their data requests.
        onAllReady() {
          shellRendered = true
          // Everything is rendered: the document is collected, its scripts deferred to the load
          // event (defer-hydration.server.ts), sent, and kept for the next anonymous visitors
          // when it may be (document-cache.server.ts).
          const body = new PassThrough()
          const chunks: Buffer[] = []
          body.on('data', (c: Buffer) => chunks.push(c))
          body.on('error', reject)
          body.on('end', () => {
            const html = deferHydration(Buffer.concat(chunks).toString('utf8'))
            responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
            if (cacheKey)
              storeDocument(cacheKey, { html, nonce, status: responseStatusCode, headers: responseHeaders, generation, fingerprint })
            resolve(new Response(html, { headers: responseHeaders, status: responseStatusCode }))
          })
          pipe(body)
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) logger.error({ msg: 'Rendering a page failed', err: error })
        },
      },
    )
    setTimeout(abort, ABORT_DELAY + 1000)
  })
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  for (const [k, v] of Object.entries(securityHeaders(''))) {
    if (k !== 'Content-Security-Policy') response.headers.set(k, v)
  }
  return response
}
