import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/**
 * The browser suite's fuzz run (e2e/tests/fuzz.spec.ts) names what it sends malformed requests to
 * by hand. This check reads the CMS's own configuration, so a collection, global or endpoint added
 * later cannot stay out of that run unnoticed (a new one was: the discount codes and the insights
 * CSV).
 */
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const FUZZ = readFileSync(path.join(ROOT, 'e2e/tests/fuzz.spec.ts'), 'utf8')

/**
 * A Remix flat-routes file name as its URL: `mentors.$id.tsx` is `/mentors/:id`,
 * `paymentHistory_.$id.receipt.ts` `/paymentHistory/:id/receipt`, `robots[.]txt.ts` `/robots.txt`,
 * `_index.tsx` `/`; null for a module that is no route (tests, server halves).
 */
function routePath(file: string): string | null {
  if (/\.(test|server)\.tsx?$/.test(file) || !/\.tsx?$/.test(file)) return null
  const segments = file
    .replace(/\.tsx?$/, '')
    .replaceAll('[.]', '~')
    .split('.')
    .map((s) => s.replaceAll('~', '.').replace(/_$/, ''))
    .filter((s) => s !== '_index' && !s.startsWith('_'))
    .map((s) => (s.startsWith('$') ? ':id' : s))
  return `/${segments.join('/')}`
}

/** Any parameter (optional too) becomes `:id`, and no trailing slash, as the fuzz list writes it. */
const normalise = (p: string) => p.replace(/:\w+\??/g, ':id').replace(/(.)\/$/, '$1')

describe('the fuzz run covers the whole CMS', async () => {
  const { default: configPromise } = await import('../payload.config')
  const config = await configPromise

  it('every collection and global', () => {
    const missing = [
      ...config.collections.map((c) => c.slug).filter((slug) => !FUZZ.includes(`'${slug}',`)),
      ...config.globals.map((g) => g.slug).filter((slug) => !FUZZ.includes(`'${slug}'`)),
    ]
    expect(missing, 'add these to COLLECTIONS or GLOBALS in e2e/tests/fuzz.spec.ts').toEqual([])
  })

  it('every route of the site (a parameter as :id; /:slug is covered by a policy page)', () => {
    const routes = readdirSync(path.join(ROOT, 'web/app/routes'))
      .map(routePath)
      .filter((p): p is string => p !== null && p !== '/:id' && p !== '/bench/bare')
    const missing = routes.filter((p) => !FUZZ.includes(`'${p}'`))
    expect(missing, 'add these to SITE_PATHS in e2e/tests/fuzz.spec.ts').toEqual([])
  })

  it('reads route file names as the site serves them', () => {
    expect(
      [
        '_index.tsx',
        'mentors.$id.tsx',
        'paymentHistory_.$id.receipt.ts',
        'robots[.]txt.ts',
        'auth.google_.callback.tsx',
        'book.server.ts',
      ].map(routePath),
    ).toEqual(['/', '/mentors/:id', '/paymentHistory/:id/receipt', '/robots.txt', '/auth/google/callback', null])
  })

  it('every custom endpoint, with its method', () => {
    // Payload's own REST routes are the same handlers on every collection (REST_PATHS sends to
    // them for each slug); the rest are ours, or Payload's auth routes, which REST_PATHS names.
    const collectionsOf = new Map<unknown, number>()
    for (const c of config.collections)
      for (const e of Array.isArray(c.endpoints) ? c.endpoints : []) collectionsOf.set(e.handler, (collectionsOf.get(e.handler) ?? 0) + 1)
    const endpoints = [
      ...(config.endpoints || []).map((e) => ({ method: e.method, path: `/api${e.path}` })),
      ...config.collections.flatMap((c) =>
        (Array.isArray(c.endpoints) ? c.endpoints : [])
          .filter((e) => collectionsOf.get(e.handler) === 1)
          .map((e) => ({ method: e.method, path: `/api/${c.slug}${e.path}` })),
      ),
    ]
    const listed = (e: { method: string; path: string }) =>
      FUZZ.includes(`['${e.method.toUpperCase()}', '${normalise(e.path)}']`) ||
      FUZZ.includes(`'${normalise(e.path)}'`) ||
      LEFT_OUT.has(`${e.method.toUpperCase()} ${e.path}`)
    const missing = endpoints.filter((e) => !listed(e)).map((e) => `${e.method.toUpperCase()} ${normalise(e.path)}`)
    expect(missing, 'add these to CUSTOM_ENDPOINTS (or REST_PATHS) in e2e/tests/fuzz.spec.ts').toEqual([])
  })
})

/** Left out on purpose, with the reason in fuzz.spec.ts. */
const LEFT_OUT = new Set(['POST /api/me/calendar-token', 'POST /api/me/calendar-token/revoke', 'POST /api/me/sign-out-everywhere'])
