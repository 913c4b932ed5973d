/**
 * Who may keep a copy of an answer (docs/decisions/170-private-answers.md). The production server
 * applies this to every answer the site writes, just before its headers go out (server.js): pages,
 * `.data` requests, resource routes, redirects and error pages alike, so no route can get it wrong.
 *
 * - A request that carries a session (any cookie, or an `Authorization` header) may be answered
 *   with something of that person's: the answer is `private, no-store`, whatever the route said
 *   (a route's `public, s-maxage=30` is for the anonymous copy only). The same for an answer that
 *   sets a cookie (a sign-in).
 * - Every answer says `Vary: Cookie`: the anonymous copy a shared cache may keep is never served
 *   to someone signed in. (A shared cache never stores a request with `Authorization` unless told
 *   to, RFC 9111 3.5.)
 * - Built assets and public files are served before this and are the same for everyone.
 */
export const PRIVATE_CACHE_CONTROL = 'private, no-store'

type HeaderValue = string | string[] | number | undefined | null

const present = (v: HeaderValue) => (Array.isArray(v) ? v.length > 0 : v !== undefined && v !== null && String(v) !== '')

/** Whether a request may be someone's: it sends a cookie or credentials. */
export function carriesSession(request: { cookie?: HeaderValue; authorization?: HeaderValue }): boolean {
  return present(request.cookie) || present(request.authorization)
}

/** `vary` with `Cookie` in it (once; `*` already covers it). */
export function varyWithCookie(vary: HeaderValue): string {
  const list = (Array.isArray(vary) ? vary.join(',') : String(vary ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'cookie')) return list.join(', ')
  return [...list, 'Cookie'].join(', ')
}

/**
 * The `Cache-Control` and `Vary` an answer goes out with. `cacheControl` null: the answer keeps
 * whatever it had (an anonymous answer without one stays without one).
 */
export function cacheHeadersFor(
  request: { cookie?: HeaderValue; authorization?: HeaderValue },
  response: { cacheControl?: HeaderValue; vary?: HeaderValue; setCookie?: HeaderValue },
): { cacheControl: string | null; vary: string } {
  const personal = carriesSession(request) || present(response.setCookie)
  return { cacheControl: personal ? PRIVATE_CACHE_CONTROL : null, vary: varyWithCookie(response.vary) }
}
