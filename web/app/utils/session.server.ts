import { createCookieSessionStorage } from '@remix-run/node'
import { env } from './env.server'

/**
 * The signed-in person's Payload session token, in the site's own cookie: HttpOnly (no script
 * reads it), SameSite=Lax (not sent on cross-site POSTs; a sibling subdomain is same-site, and the
 * request guard refuses it: docs/decisions/172), Secure in production. The browser never talks to
 * the CMS; loaders send the token in `Authorization`.
 */
/** `Secure` in production unless the site's public address is plain HTTP (a local production-like stack). */
export const sessionCookieIsSecure = (e: Pick<typeof env, 'isProduction' | 'WEB_PUBLIC_URL'>) =>
  e.isProduction && !e.WEB_PUBLIC_URL.startsWith('http://')

export const authSessionStorage = createCookieSessionStorage<{ token: string }>({
  cookie: {
    name: 'ml_session',
    sameSite: 'lax',
    path: '/',
    httpOnly: true,
    secrets: [env.SESSION_SECRET],
    secure: sessionCookieIsSecure(env),
  },
})

export async function getSessionToken(request: Request): Promise<string | null> {
  const session = await authSessionStorage.getSession(request.headers.get('cookie'))
  const token = session.get('token')
  return typeof token === 'string' && token ? token : null
}

/** Set-Cookie for a new session; the cookie lives exactly as long as the Payload token. */
export async function commitSessionToken(token: string, expSeconds: number): Promise<string> {
  const session = await authSessionStorage.getSession()
  session.set('token', token)
  const maxAge = Math.max(0, expSeconds - Math.floor(Date.now() / 1000))
  return authSessionStorage.commitSession(session, { maxAge })
}

export async function destroySessionCookie(): Promise<string> {
  return authSessionStorage.destroySession(await authSessionStorage.getSession())
}
