import { contentGeneration } from '~/models/content-cache.server'

/**
 * A few seconds' cache of the public pages' HTML for anonymous visitors (no cookie at all: no
 * session, no toast), so a burst of visitors costs one render instead of one each. The landing
 * page is large (every section, ten mentor cards) and rendering it, not fetching its content
 * (already cached, content-cache.server.ts), is what a request costs.
 *
 * - Only GET of the listed paths (with a query string only the directory's, bounded), only 200
 *   answers that set no cookie.
 * - An entry is fresh for DOCUMENT_TTL_MS (seats on the mentor cards may lag that much, as they do
 *   in the content cache) and dies at once when the CMS revalidates any content. Past its TTL the
 *   next request renders the page again while the others keep getting the stored copy (for
 *   STALE_MS at most), so a burst never queues behind a render; like the content cache's
 *   stale-while-revalidate.
 * - That request runs the route's loaders; when they return exactly the data the stored page was
 *   rendered from (a digest, entry.server.tsx), the page is not rendered again but made fresh
 *   (reuseDocument), for REUSE_MAX_MS at most since its render.
 * - Each page has a per-request CSP nonce: the stored HTML keeps the nonce it was rendered with
 *   and every hit swaps in a fresh one (a random 128-bit value that appears nowhere else).
 */
export const DOCUMENT_TTL_MS = 5_000
/** How long past its TTL an entry may still be served while one request renders it again. */
export const STALE_MS = 10_000
/**
 * A page whose route data has not changed is not rendered again (reuseDocument), but at least this
 * often: a page may also say something about the time ("this month").
 */
export const REUSE_MAX_MS = 60_000
/** A render that has not stored the page by then (it failed) lets the next request try. */
const RENDER_WAIT_MS = 5_000
const CACHEABLE = new Set(['/', '/terms', '/privacy', '/cancellation', '/shipping', '/cookies', '/find-mentors'])
/**
 * Pages whose query string picks what they show (the directory's filters and page,
 * docs/decisions/081): cached per query string, at most QUERY_ENTRIES of them (the oldest goes),
 * since a query string is any text a visitor sends.
 */
const WITH_QUERY = new Set(['/find-mentors'])
const QUERY_ENTRIES = 100

type Stored = {
  html: string
  nonce: string
  status: number
  headers: [string, string][]
  until: number
  generation: number
  /** A digest of the route data the page was rendered from (entry.server.tsx), when it is plain data. */
  fingerprint: string | null
  renderedAt: number
  /** When a request was let through to render the stale page again. */
  renderingSince?: number
}
const store = new Map<string, Stored>()

export function cacheKeyFor(request: Request): string | null {
  if (request.method !== 'GET' || request.headers.has('cookie') || request.headers.has('authorization')) return null
  const url = new URL(request.url)
  if (!CACHEABLE.has(url.pathname)) return null
  if (!url.search) return url.pathname
  if (!WITH_QUERY.has(url.pathname) || url.search.length > 400) return null
  url.searchParams.sort()
  return `${url.pathname}?${url.searchParams}`
}

export function getCachedDocument(key: string, nonce: string): StoredCopy | null {
  const hit = store.get(key)
  if (!hit) return null
  const now = Date.now()
  if (hit.generation !== contentGeneration() || now > hit.until + STALE_MS) {
    store.delete(key)
    return null
  }
  if (hit.until < now && (hit.renderingSince === undefined || now - hit.renderingSince > RENDER_WAIT_MS)) {
    // Stale: this request renders the page again (and stores it); the others get this copy meanwhile.
    hit.renderingSince = now
    return null
  }
  return copyOf(hit, nonce)
}

export type StoredCopy = { html: string; status: number; headers: Headers }

/** The stored page with this request's nonce in place of the one it was rendered with. */
function copyOf(hit: Stored, nonce: string): StoredCopy {
  return { html: hit.html.split(hit.nonce).join(nonce), status: hit.status, headers: new Headers(hit.headers) }
}

/**
 * The stored page, fresh again and without a render, when the request's loaders returned exactly the
 * data it was rendered from (`fingerprint`), under the same content generation, and it was rendered
 * less than REUSE_MAX_MS ago. Past the TTL the loaders run again (the seats on the cards move), but
 * rendering the same data again would give the same page: its render is what a request costs, and
 * on a site process it holds every other request up while it runs.
 */
export function reuseDocument(key: string, fingerprint: string, generation: number, nonce: string): StoredCopy | null {
  const hit = store.get(key)
  const now = Date.now()
  if (!hit || hit.fingerprint !== fingerprint || hit.generation !== generation || generation !== contentGeneration()) return null
  if (now - hit.renderedAt > REUSE_MAX_MS) return null
  hit.until = now + DOCUMENT_TTL_MS
  hit.renderingSince = undefined
  return copyOf(hit, nonce)
}

export function storeDocument(
  key: string,
  entry: { html: string; nonce: string; status: number; headers: Headers; generation: number; fingerprint?: string | null },
) {
  if (entry.status !== 200 || entry.headers.has('set-cookie') || entry.nonce.length < 16) return
  const headers = [...entry.headers.entries()].filter(([k]) => !['content-security-policy', 'x-request-id', 'content-length'].includes(k))
  if (key.includes('?') && !store.has(key)) {
    const queried = [...store.keys()].filter((k) => k.includes('?'))
    for (const k of queried.slice(0, Math.max(0, queried.length - QUERY_ENTRIES + 1))) store.delete(k)
  }
  store.set(key, {
    html: entry.html,
    nonce: entry.nonce,
    status: entry.status,
    headers,
    until: Date.now() + DOCUMENT_TTL_MS,
    generation: entry.generation,
    fingerprint: entry.fingerprint ?? null,
    renderedAt: Date.now(),
  })
}
