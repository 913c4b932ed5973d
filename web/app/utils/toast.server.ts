import { createCookieSessionStorage, redirect } from '@remix-run/node'
import { z } from 'zod'
import { env } from './env.server'

/**
 * One-shot toasts that survive a redirect (Epic Stack's toast.server.ts): an action sets one in a
 * short-lived cookie, the next page's root loader reads it once and the client shows it.
 */
export const toastSchema = z.object({
  id: z.string().default(() => crypto.randomUUID()),
  type: z.enum(['success', 'error', 'info', 'message']).default('message'),
  title: z.string(),
  description: z.string().optional(),
})
export type Toast = z.infer<typeof toastSchema>
export type ToastInput = z.input<typeof toastSchema>

const toastSessionStorage = createCookieSessionStorage({
  cookie: {
    name: 'ml_toast',
    sameSite: 'lax',
    path: '/',
    httpOnly: true,
    secrets: [env.SESSION_SECRET],
    secure: env.isProduction && !env.WEB_PUBLIC_URL.startsWith('http://'),
  },
})

const KEY = 'toast'

export async function createToastHeaders(input: ToastInput): Promise<Headers> {
  const session = await toastSessionStorage.getSession()
  session.flash(KEY, toastSchema.parse(input))
  return new Headers({ 'set-cookie': await toastSessionStorage.commitSession(session) })
}

export async function redirectWithToast(url: string, input: ToastInput, init?: ResponseInit) {
  const headers = new Headers(init?.headers)
  for (const [k, v] of await createToastHeaders(input)) headers.append(k, v)
  return redirect(url, { ...init, headers })
}

export async function getToast(request: Request): Promise<{ toast: Toast | null; headers: Headers | null }> {
  const session = await toastSessionStorage.getSession(request.headers.get('cookie'))
  const parsed = toastSchema.safeParse(session.get(KEY))
  const toast = parsed.success ? parsed.data : null
  return {
    toast,
    headers: toast ? new Headers({ 'set-cookie': await toastSessionStorage.destroySession(session) }) : null,
  }
}

export function combineHeaders(...headers: (HeadersInit | null | undefined)[]): Headers {
  const combined = new Headers()
  for (const h of headers) {
    if (!h) continue
    for (const [k, v] of new Headers(h).entries()) combined.append(k, v)
  }
  return combined
}
