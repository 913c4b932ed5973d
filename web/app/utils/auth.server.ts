import {
  CLIENT_IP_HEADER,
  type LoginFailureReason,
  loginFailureFromExchange,
  type OidcExchangeResponse,
  type Role,
  SERVICE_KEY_HEADER,
} from '@mentorloop/shared'
import { data, redirect } from '@remix-run/node'
import { CmsError, cms, cmsUnavailable, isCmsUnavailable } from '~/models/cms.server'
import { env } from './env.server'
import { destroySessionCookie, getSessionToken } from './session.server'

/**
 * Who is signed in, and the guards loaders and actions start with (Epic Stack's auth.server.ts).
 * The CMS decides: every check asks `GET /api/users/me` with the session token, so a revoked or
 * expired session, or a role an admin removed, takes effect on the next request.
 */
export type SessionUser = {
  id: number
  email: string
  name: string | null
  roles: Role[]
  mentorId: number | null
  profileImage: string | null
}

type MeResponse = {
  user: { id: number; email: string; name?: string | null; roles?: Role[] | null; profileImage?: string | null } | null
  mentorId?: number | null
}

/** Private pages must never be stored by the browser or a proxy (logout, then Back). */
export const NO_STORE = { 'Cache-Control': 'no-store' } as const

// Remix hands every loader of one request its own Request object, so the cache is keyed by the
// token: concurrent loaders of a request share one CMS call, and the answer is kept a moment.
// Per instance, on purpose (docs/decisions/113-shared-state-in-postgres.md): a sign-out on one
// instance drops the entry there at once and reaches every other instance within USER_CACHE_MS,
// the documented bound on revocation; nothing to share, and no store to keep in step.
export const USER_CACHE_MS = 1_000
const userCache = new Map<string, { promise: Promise<SessionUser | null>; until: number; userId?: number | string }>()

async function fetchUser(token: string): Promise<SessionUser | null> {
  try {
    const me = await cms<MeResponse>('/users/me', { token, query: { depth: 0 }, timeoutMs: 5_000 })
    if (!me?.user) return null
    return {
      id: me.user.id,
      email: me.user.email,
      name: me.user.name ?? null,
      roles: me.user.roles ?? [],
      mentorId: me.mentorId ?? null,
      profileImage: me.user.profileImage ?? null,
    }
  } catch (error) {
    if (error instanceof CmsError && (error.status === 401 || error.status === 403)) return null
    throw error
  }
}

/**
 * The signed-in user, or null. Throws CmsError when the CMS cannot answer (the caller decides:
 * the header shows "Login", a private page shows an error instead of a false "please sign in").
 */
export async function getOptionalUser(request: Request): Promise<SessionUser | null> {
  const token = await getSessionToken(request)
  if (!token) return null
  const now = Date.now()
  for (const [key, entry] of userCache) if (entry.until !== 0 && entry.until < now) userCache.delete(key)
  let entry = userCache.get(token)
  if (!entry) {
    const created: { promise: Promise<SessionUser | null>; until: number; userId?: number | string } = {
      promise: fetchUser(token),
      until: 0,
    }
    entry = created
    userCache.set(token, created)
    created.promise.then(
      (user) => {
        created.until = Date.now() + USER_CACHE_MS
        created.userId = user?.id
      },
      () => userCache.delete(token),
    )
  }
  return entry.promise
}

export function forgetCachedUser(token: string | null): void {
  if (token) userCache.delete(token)
}

/**
 * Forgets every cached sign-in of one account on this instance, and every one still being looked
 * up ("sign out everywhere": the account's other browsers are signed out here at once; other
 * instances within USER_CACHE_MS).
 */
export function forgetCachedAccount(userId: number | string): void {
  for (const [token, entry] of userCache) if (entry.until === 0 || entry.userId === userId) userCache.delete(token)
}

export function loginPath(redirectTo: string): string {
  return `/login?${new URLSearchParams({ redirectTo })}`
}

/** Who is signed in, with the session token the page's CMS calls carry. */
export type SignedIn = { user: SessionUser; token: string }

/** The signed-in user and their token, or null; like getOptionalUser, throws when the CMS cannot answer. */
export async function getOptionalSession(request: Request): Promise<SignedIn | null> {
  const token = await getSessionToken(request)
  if (!token) return null
  const user = await getOptionalUser(request)
  return user ? { user, token } : null
}

/** The signed-in user and token, or a redirect to sign-in that comes back to this page afterwards. */
export async function requireUser(request: Request): Promise<SignedIn> {
  let session: SignedIn | null
  try {
    session = await getOptionalSession(request)
  } catch {
    // The CMS could not say who this is: the session stays (no sign-in redirect, no cleared cookie).
    throw cmsUnavailable()
  }
  if (session) return session
  const url = new URL(request.url)
  const headers = new Headers(NO_STORE)
  // A cookie whose session the CMS no longer accepts (expired, logged out elsewhere) goes.
  if (await getSessionToken(request)) headers.append('Set-Cookie', await destroySessionCookie())
  throw redirect(loginPath(`${url.pathname}${url.search}`), { headers })
}

export async function requireRole(request: Request, ...roles: Role[]): Promise<SignedIn> {
  const session = await requireUser(request)
  if (!roles.some((role) => session.user.roles.includes(role))) {
    throw data('Your account is not allowed to open this page.', { status: 403, headers: NO_STORE })
  }
  return session
}

/** A mentor's bookings page: that mentor (by their linked profile) and admins only. */
export async function requireMentorOrAdmin(request: Request, mentorId: number): Promise<SignedIn> {
  const session = await requireUser(request)
  const { user } = session
  if (user.roles.includes('admin')) return session
  if (user.roles.includes('mentor') && user.mentorId === mentorId) return session
  throw data('Only this mentor and admins can see these bookings.', { status: 403, headers: NO_STORE })
}

export type ExchangeOutcome = { ok: true; session: OidcExchangeResponse } | { ok: false; reason: LoginFailureReason }

/** Hands a verified-by-us ID token to the CMS, which verifies it itself and returns a session. */
export async function exchangeIdToken(input: { idToken: string; nonce: string; clientIp: string | null }): Promise<ExchangeOutcome> {
  try {
    const session = await cms<OidcExchangeResponse>('/users/oidc-exchange', {
      method: 'POST',
      body: { idToken: input.idToken, nonce: input.nonce },
      headers: { [SERVICE_KEY_HEADER]: env.SERVICE_KEY, ...(input.clientIp ? { [CLIENT_IP_HEADER]: input.clientIp } : {}) },
      timeoutMs: 10_000,
    })
    return { ok: true, session }
  } catch (error) {
    if (error instanceof CmsError) {
      if (isCmsUnavailable(error)) return { ok: false, reason: 'unavailable' }
      const code = error.envelope?.code
      return { ok: false, reason: loginFailureFromExchange(code) }
    }
    return { ok: false, reason: 'failed' }
  }
}

/** Revokes the session on the CMS. Resolves when it is gone (or was already); throws otherwise. */
export async function revokeSession(token: string): Promise<void> {
  try {
    await cms('/users/logout', { method: 'POST', token, timeoutMs: 5_000 })
  } catch (error) {
    // 400 "No User" / 401: the CMS no longer knows this session, which is what we want.
    if (error instanceof CmsError && (error.status === 400 || error.status === 401)) return
    throw error
  } finally {
    forgetCachedUser(token)
  }
}
