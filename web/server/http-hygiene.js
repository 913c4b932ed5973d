/**
 * Two things every answer of the production server needs, whichever route or middleware writes it
 * (server.js installs both before anything can answer; docs/decisions/170, 171).
 */

/**
 * The most a refused request may still send after its answer before its connection is closed:
 * enough for any form a person sends (the guard's limit is 1 MB), not a free sink for an upload.
 */
export const DRAIN_MAX_BYTES = 8 * 1024 * 1024

/**
 * Reads the rest of a request's body after its answer went out (docs/decisions/171).
 *
 * An answer may come before the body is read: a refusal (405, 403, 413, a form that is no form), a
 * redirect. Node discards such a body itself only when nobody started reading it; Remix's request
 * adapter has always started (it wraps the request in a stream at once), so the unread rest stayed
 * on the connection, and the next request sent on that kept-alive connection met a reset. Here the
 * rest is read and dropped, so the connection is clean for the next request; past DRAIN_MAX_BYTES it
 * is closed instead.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {() => void} next
 */
export function drainBodyAfterAnswer(req, res, next) {
  res.once('finish', () => {
    if (req.complete || req.destroyed) return
    let drained = 0
    // The stream that was reading the body is done with it; whatever it held on to goes too.
    req.removeAllListeners('data')
    req.on('data', (chunk) => {
      drained += chunk.length
      if (drained > DRAIN_MAX_BYTES) req.socket.destroy()
    })
    req.resume()
  })
  next()
}

/**
 * Sets the answer's `Cache-Control` and `Vary` from `cacheHeadersFor` (app/utils/cache-policy.server.ts)
 * just before its headers are written, so every answer after this middleware has them: Remix's
 * pages, data and resource routes, redirects, stored pages, error pages.
 *
 * @param {(request: Record<string, unknown>, response: Record<string, unknown>) => { cacheControl: string | null; vary: string }} cacheHeadersFor
 */
export function cachePolicy(cacheHeadersFor) {
  /**
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {() => void} next
   */
  return (req, res, next) => {
    const writeHead = res.writeHead
    // Replaced on this answer only; the arguments (status, message, headers) pass through as given.
    res.writeHead = function (...args) {
      if (!res.headersSent) {
        const { cacheControl, vary } = cacheHeadersFor(
          { cookie: req.headers.cookie, authorization: req.headers.authorization },
          { cacheControl: res.getHeader('cache-control'), vary: res.getHeader('vary'), setCookie: res.getHeader('set-cookie') },
        )
        if (cacheControl) {
          res.setHeader('Cache-Control', cacheControl)
          res.removeHeader('Expires')
        }
        res.setHeader('Vary', vary)
      }
      return writeHead.apply(this, args)
    }
    next()
  }
}
