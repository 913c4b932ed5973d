import { MESSAGES } from '@mentorloop/shared'
import { type LoaderFunctionArgs, redirect } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { exchangeIdToken, NO_STORE, revokeSession } from '~/utils/auth.server'
import { clientIp } from '~/utils/client-ip.server'
import { finishSignIn } from '~/utils/oidc.server'
import { clearTransactionCookie, transactionExpiresAt } from '~/utils/oidc-transaction.server'
import { hit, signInGuard } from '~/utils/rate-limit.server'
import { commitSessionToken, getSessionToken } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * GET /auth/google/callback: the issuer sends the browser back here. The transaction cookie is
 * cleared whatever happens; success stores the CMS session and returns to where sign-in began
 * with "Logged In Successfully"; failure opens the "Login Failed" dialog on /login with a reason.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const headers = new Headers(NO_STORE)
  headers.append('Set-Cookie', await clearTransactionCookie())
  const fail = (reason: string, redirectTo: string) => redirect(`/login?${new URLSearchParams({ error: reason, redirectTo })}`, { headers })

  const ip = clientIp(request, context)
  // One call to the CMS: the per-IP limit, then the transaction used up (on every instance).
  const outcome = await finishSignIn(request, (tx) =>
    signInGuard({ hits: [hit('signInCallbackByIp', `ip:${ip}`)], once: { key: tx.id, expiresAt: transactionExpiresAt(tx) } }),
  )
  if (!outcome.ok) return fail(outcome.reason, outcome.redirectTo)

  const exchanged = await exchangeIdToken({ idToken: outcome.idToken, nonce: outcome.nonce, clientIp: ip })
  if (!exchanged.ok) return fail(exchanged.reason, outcome.redirectTo)

  // Signing in over an existing session (another account): end that one on the CMS too.
  const previous = await getSessionToken(request)
  if (previous && previous !== exchanged.session.token) await revokeSession(previous).catch(() => {})

  headers.append('Set-Cookie', await commitSessionToken(exchanged.session.token, exchanged.session.exp))
  return redirectWithToast(outcome.redirectTo, { type: 'success', title: MESSAGES.LOGIN_SUCCESS }, { headers })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
