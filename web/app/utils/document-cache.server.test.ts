import { afterEach, describe, expect, it, vi } from 'vitest'
import { contentGeneration, invalidate } from '~/models/content-cache.server'
import {
  cacheKeyFor,
  DOCUMENT_TTL_MS,
  getCachedDocument,
  REUSE_MAX_MS,
  reuseDocument,
  STALE_MS,
  storeDocument,
} from './document-cache.server'

const req = (path: string, init: RequestInit = {}) => new Request(`http://localhost${path}`, init)
const NONCE = 'AAAAAAAAAAAAAAAAAAAAAA=='

function put(key: string, overrides: Partial<Parameters<typeof storeDocument>[1]> = {}) {
  storeDocument(key, {
    html: `<script nonce="${NONCE}">x</script><p>hello</p><script nonce="${NONCE}">y</script>`,
    nonce: NONCE,
    status: 200,
    headers: new Headers({ 'content-type': 'text/html', 'content-security-policy': `script-src 'nonce-${NONCE}'` }),
    generation: 0,
    ...overrides,
  })
}

afterEach(() => {
  vi.useRealTimers()
  invalidate(['site-settings'])
})

describe('document cache', () => {
  it('caches only anonymous GETs of the public pages without a query', () => {
    expect(cacheKeyFor(req('/'))).toBe('/')
    expect(cacheKeyFor(req('/privacy'))).toBe('/privacy')
    expect(cacheKeyFor(req('/', { headers: { cookie: 'ml_session=x' } }))).toBeNull()
    expect(cacheKeyFor(req('/', { headers: { authorization: 'JWT x' } }))).toBeNull()
    expect(cacheKeyFor(req('/?mentor=3'))).toBeNull()
    expect(cacheKeyFor(req('/myDashboard'))).toBeNull()
    expect(cacheKeyFor(req('/', { method: 'POST' }))).toBeNull()
  })

  it('caches the directory per query string (in one order), at most 100 of them', () => {
    expect(cacheKeyFor(req('/find-mentors'))).toBe('/find-mentors')
    expect(cacheKeyFor(req('/find-mentors?skill=DSA&company=Google'))).toBe('/find-mentors?company=Google&skill=DSA')
    expect(cacheKeyFor(req('/find-mentors?company=Google&skill=DSA'))).toBe('/find-mentors?company=Google&skill=DSA')
    expect(cacheKeyFor(req(`/find-mentors?q=${'x'.repeat(500)}`))).toBeNull()
    for (let i = 0; i <= 100; i++) put(`/find-mentors?page=${i}`, { generation: contentGeneration() })
    expect(getCachedDocument('/find-mentors?page=0', 'x'.repeat(24))).toBeNull()
    expect(getCachedDocument('/find-mentors?page=1', 'x'.repeat(24))).not.toBeNull()
    expect(getCachedDocument('/find-mentors?page=100', 'x'.repeat(24))).not.toBeNull()
  })

  it('serves the stored page with a fresh nonce and without the old CSP', () => {
    put('/', { generation: contentGeneration() })
    const hit = getCachedDocument('/', 'BBBBBBBBBBBBBBBBBBBBBB==')!
    expect(hit.html).not.toContain(NONCE)
    expect(hit.html.match(/BBBBBBBBBBBBBBBBBBBBBB==/g)).toHaveLength(2)
    expect(hit.headers.get('content-security-policy')).toBeNull()
    expect(hit.headers.get('content-type')).toBe('text/html')
  })

  it('forgets a page when content is revalidated or after the TTL', () => {
    put('/', { generation: contentGeneration() })
    invalidate(['plans'])
    expect(getCachedDocument('/', 'x'.repeat(24))).toBeNull()

    vi.useFakeTimers()
    put('/', { generation: contentGeneration() })
    expect(getCachedDocument('/', 'x'.repeat(24))).not.toBeNull()
    vi.advanceTimersByTime(DOCUMENT_TTL_MS + 1)
    expect(getCachedDocument('/', 'x'.repeat(24))).toBeNull()
  })

  it('past its TTL one request renders the page again while the others get the stored copy, for a while', () => {
    vi.useFakeTimers()
    put('/find-mentors', { generation: contentGeneration() })
    vi.advanceTimersByTime(DOCUMENT_TTL_MS + 1)
    expect(getCachedDocument('/find-mentors', 'x'.repeat(24))).toBeNull() // this one renders
    expect(getCachedDocument('/find-mentors', 'y'.repeat(24))?.html).toContain('<p>hello</p>')
    expect(getCachedDocument('/find-mentors', 'z'.repeat(24))?.html).toContain('<p>hello</p>')
    // Its render stored the page: fresh again, for everyone.
    put('/find-mentors', { generation: contentGeneration() })
    expect(getCachedDocument('/find-mentors', 'x'.repeat(24))).not.toBeNull()
    // A render that never stored (it failed): after a while the next request tries again.
    vi.advanceTimersByTime(DOCUMENT_TTL_MS + 1)
    expect(getCachedDocument('/find-mentors', 'x'.repeat(24))).toBeNull()
    vi.advanceTimersByTime(5_001)
    expect(getCachedDocument('/find-mentors', 'x'.repeat(24))).toBeNull()
    expect(getCachedDocument('/find-mentors', 'y'.repeat(24))).not.toBeNull()
    // Never longer than STALE_MS past the TTL, and never after a content change.
    vi.advanceTimersByTime(STALE_MS)
    expect(getCachedDocument('/find-mentors', 'y'.repeat(24))).toBeNull()
    put('/find-mentors', { generation: contentGeneration() })
    vi.advanceTimersByTime(DOCUMENT_TTL_MS + 1)
    invalidate(['mentors'])
    expect(getCachedDocument('/find-mentors', 'x'.repeat(24))).toBeNull()
    expect(getCachedDocument('/find-mentors', 'y'.repeat(24))).toBeNull()
  })

  it('past its TTL, the same data serves the stored page again without a render, for a while', () => {
    vi.useFakeTimers()
    const generation = contentGeneration()
    put('/', { generation, fingerprint: 'data-1' })
    vi.advanceTimersByTime(DOCUMENT_TTL_MS + 1)
    expect(getCachedDocument('/', 'x'.repeat(24))).toBeNull() // this request runs the loaders…
    // …which returned other data: it renders.
    expect(reuseDocument('/', 'data-2', generation, 'x'.repeat(24))).toBeNull()
    // The same data: the stored page, with this request's nonce, fresh again for everyone.
    const same = reuseDocument('/', 'data-1', generation, 'x'.repeat(24))
    expect(same?.html).toBe(`<script nonce="${'x'.repeat(24)}">x</script><p>hello</p><script nonce="${'x'.repeat(24)}">y</script>`)
    expect(getCachedDocument('/', 'y'.repeat(24))).not.toBeNull()
    // Never across a content change, never without a fingerprint, never long after its render.
    invalidate(['faqs'])
    expect(reuseDocument('/', 'data-1', generation, 'x'.repeat(24))).toBeNull()
    expect(reuseDocument('/', 'data-1', contentGeneration(), 'x'.repeat(24))).toBeNull()
    put('/terms', { generation: contentGeneration() })
    expect(reuseDocument('/terms', 'data-1', contentGeneration(), 'x'.repeat(24))).toBeNull()
    put('/', { generation: contentGeneration(), fingerprint: 'data-1' })
    vi.advanceTimersByTime(REUSE_MAX_MS - 1)
    expect(reuseDocument('/', 'data-1', contentGeneration(), 'x'.repeat(24))).not.toBeNull()
    vi.advanceTimersByTime(2)
    expect(reuseDocument('/', 'data-1', contentGeneration(), 'x'.repeat(24))).toBeNull()
  })

  it('never stores an error page or one that sets a cookie', () => {
    put('/terms', { status: 503, generation: contentGeneration() })
    expect(getCachedDocument('/terms', 'x'.repeat(24))).toBeNull()
    put('/terms', { headers: new Headers({ 'set-cookie': 'a=b' }), generation: contentGeneration() })
    expect(getCachedDocument('/terms', 'x'.repeat(24))).toBeNull()
  })
})
