import type { SanitizedConfig } from 'payload'
import { stringify } from 'qs-esm'
import { restRoutes } from '../../lib/restRoutes'

/**
 * Calls the CMS's real REST route handlers (the ones Next mounts at /api/[...slug]) with real
 * Request objects: the whole HTTP path of Payload — auth strategies, access control, custom
 * endpoints, validation — without a listening server.
 */
export type RestOptions = {
  token?: string | null
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, string>
  /** Send the body exactly as given (webhooks need the raw bytes). */
  rawBody?: string
}

export type RestResponse<T = any> = { status: number; body: T; headers: Headers }

export function restClient(config: SanitizedConfig) {
  const routes = restRoutes(config)
  const handlers = { GET: routes.GET, POST: routes.POST, PATCH: routes.PATCH, DELETE: routes.DELETE, PUT: routes.PUT }
  const base = config.serverURL || 'http://localhost:3001'

  async function call<T>(method: keyof typeof handlers, path: string, opts: RestOptions = {}): Promise<RestResponse<T>> {
    const [pathname, search] = path.split('?')
    const qs = opts.query ? stringify(opts.query, { addQueryPrefix: !search }) : ''
    const url = `${base}/api${pathname}${search ? `?${search}${qs ? `&${qs.replace(/^\?/, '')}` : ''}` : qs}`
    const headers = new Headers(opts.headers)
    if (opts.token) headers.set('Authorization', `JWT ${opts.token}`)
    let body: string | undefined
    if (opts.rawBody !== undefined) body = opts.rawBody
    else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body)
      headers.set('Content-Type', 'application/json')
    }
    const request = new Request(url, { method, headers, body })
    const slug = pathname!.replace(/^\//, '').split('/')
    const res = await (handlers[method] as (r: Request, a: { params: Promise<{ slug: string[] }> }) => Promise<Response>)(request, {
      params: Promise.resolve({ slug }),
    })
    const text = await res.text()
    let parsed: unknown = text
    try {
      parsed = text ? JSON.parse(text) : null
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed as T, headers: res.headers }
  }

  return {
    get: <T = any>(path: string, opts?: RestOptions) => call<T>('GET', path, opts),
    post: <T = any>(path: string, opts?: RestOptions) => call<T>('POST', path, opts),
    patch: <T = any>(path: string, opts?: RestOptions) => call<T>('PATCH', path, opts),
    delete: <T = any>(path: string, opts?: RestOptions) => call<T>('DELETE', path, opts),
    put: <T = any>(path: string, opts?: RestOptions) => call<T>('PUT', path, opts),
  }
}

export type RestClient = ReturnType<typeof restClient>
