/**
 * The route a site request is counted and logged under (docs/decisions/133): the matched route's
 * path pattern (`/mentor/:slug`, `/paymentHistory/:id/receipt`), `.data` for Remix's data
 * requests, `/assets/*` for built files; `other` for what matches no route. A bounded set of
 * values, never a slug, an id or a token.
 */
type RouteEntry = { id: string; path?: string; parentId?: string; index?: boolean }

type Pattern = { segments: string[]; label: string }

function fullPath(routes: Record<string, RouteEntry>, id: string): string {
  const parts: string[] = []
  for (let route: RouteEntry | undefined = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) parts.unshift(route.path)
  }
  return `/${parts.join('/')}`.replace(/\/+/g, '/')
}

/** Static segments first, then parameters, then a splat: the most specific pattern wins, as in Remix. */
function score(segments: string[]): number {
  return segments.reduce((n, s) => n + (s === '*' ? 1 : s.startsWith(':') ? 2 : 3), 0)
}

export function routeLabeler(routes: Record<string, RouteEntry>): (pathname: string) => string {
  const patterns: Pattern[] = Object.values(routes)
    .filter((r) => r.id !== 'root')
    .map((r) => {
      const label = fullPath(routes, r.id)
      return { segments: label.split('/').filter(Boolean), label }
    })
    .sort((a, b) => score(b.segments) - score(a.segments))
  const match = (segments: string[]): string | null => {
    for (const p of patterns) {
      let ok = true
      for (let i = 0; i < Math.max(p.segments.length, segments.length); i++) {
        const want = p.segments[i]
        if (want === '*') break
        const got = segments[i]
        if (want === undefined || got === undefined || (!want.startsWith(':') && want !== decodeURIComponent(got))) {
          ok = false
          break
        }
      }
      if (ok) return p.label
    }
    return null
  }
  return (pathname: string) => {
    if (pathname.startsWith('/assets/')) return '/assets/*'
    if (pathname === '/_root.data') return '/.data'
    const data = pathname.endsWith('.data')
    const path = data ? pathname.slice(0, -'.data'.length) : pathname
    if (path === '/' || path === '') return data ? '/.data' : '/'
    let segments: string[]
    try {
      segments = path.split('/').filter(Boolean)
      decodeURIComponent(path)
    } catch {
      return 'other'
    }
    const label = match(segments)
    return label ? `${label}${data ? '.data' : ''}` : 'other'
  }
}
