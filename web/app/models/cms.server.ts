import { type ErrorBody, errorBody, parseErrorBody } from '@mentorloop/shared'
import { data } from '@remix-run/node'
import { stringify } from 'qs-esm'
import { env } from '~/utils/env.server'
import { requestIdHeaders } from '~/utils/logger.server'
import { metrics } from '~/utils/metrics.server'

/**
 * The one way the site talks to the CMS: server to server, over HTTP, with the signed-in user's
 * Payload token in `Authorization` (so Payload access control decides what comes back).
 */
export class CmsError extends Error {
  /** The CMS's error envelope (code, title, message), when the answer carried one. */
  readonly envelope: ErrorBody | null

  constructor(
    message: string,
    readonly status: number,
    readonly body: unknown,
    options?: ErrorOptions,
  ) {
    super(message, options)
    this.name = 'CmsError'
    this.envelope = parseErrorBody(body)
  }

  /** A refusal the person can act on (4xx with our envelope), as opposed to an outage. */
  get refusal(): ErrorBody | null {
    return this.status < 500 ? this.envelope : null
  }
}

/**
 * What a person reads when the CMS (or its database) cannot answer: it says 503, or does not
 * answer at all. Not a refusal: the session stays, nothing redirects to sign-in
 * (docs/decisions/053-database-outage.md).
 */
export const UNAVAILABLE = errorBody('SERVICE_UNAVAILABLE', 'Temporarily unavailable, please try again.', {
  title: 'Temporarily unavailable',
})

/** Whether `error` says the CMS could not answer (503, or not reached). */
export function isCmsUnavailable(error: unknown): boolean {
  return error instanceof CmsError && error.status === 503
}

/** The 503 a loader or action throws when the CMS cannot answer; the error boundaries show its text. */
export function cmsUnavailable() {
  return data(UNAVAILABLE.message, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } })
}

export type CmsRequest = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  token?: string | null
  query?: Record<string, unknown>
  body?: unknown
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Milliseconds before giving up; the CMS being slow must not hang a page. */
  timeoutMs?: number
}

function messageFrom(body: unknown, fallback: string): string {
  if (body && typeof body === 'object') {
    const b = body as { message?: unknown; error?: unknown; errors?: { message?: unknown }[] }
    if (typeof b.message === 'string') return b.message
    if (typeof b.error === 'string') return b.error
    if (Array.isArray(b.errors) && typeof b.errors[0]?.message === 'string') return b.errors[0].message
  }
  return fallback
}

export function cmsUrl(path: string, query?: Record<string, unknown>): string {
  const qs = query ? stringify(query, { addQueryPrefix: true }) : ''
  return `${env.CMS_INTERNAL_URL}/api${path}${qs}`
}

export async function cms<T>(path: string, req: CmsRequest = {}): Promise<T> {
  // The request's id goes along, so the CMS's log lines carry it too (docs/decisions/132).
  const headers: Record<string, string> = { Accept: 'application/json', ...requestIdHeaders(), ...req.headers }
  if (req.token) headers.Authorization = `JWT ${req.token}`
  let body: string | undefined
  if (req.body !== undefined) {
    headers['Content-Type'] = 'application/json'
    body = JSON.stringify(req.body)
  }
  const timeout = AbortSignal.timeout(req.timeoutMs ?? 10_000)
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout
  let res: Response
  try {
    res = await fetch(cmsUrl(path, req.query), { method: req.method ?? 'GET', headers, body, signal })
  } catch (error) {
    metrics().cmsCalls.inc({ outcome: 'unavailable' })
    throw new CmsError(UNAVAILABLE.message, 503, null, { cause: error })
  }
  metrics().cmsCalls.inc({ outcome: res.status === 503 ? 'unavailable' : res.ok ? 'ok' : 'refused' })
  const text = await res.text()
  let parsed: unknown = null
  if (text) {
    try {
      parsed = JSON.parse(text)
    } catch {
      parsed = text
    }
  }
  // A 503 is an outage whatever its body says (a proxy's page, the CMS's envelope): one text.
  if (res.status === 503) throw new CmsError(UNAVAILABLE.message, 503, UNAVAILABLE)
  if (!res.ok) throw new CmsError(messageFrom(parsed, `CMS answered ${res.status}`), res.status, parsed)
  return parsed as T
}

export type Paginated<T> = { docs: T[]; totalDocs: number; page?: number; totalPages?: number }
