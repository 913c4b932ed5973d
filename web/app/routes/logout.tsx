import { MESSAGES } from '@mentorloop/shared'
import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { NO_STORE, revokeSession } from '~/utils/auth.server'
import { clearBookingDraft } from '~/utils/booking-draft.server'
import { safeRedirect } from '~/utils/redirect'
import { destroySessionCookie, getSessionToken } from '~/utils/session.server'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * POST /logout: revoke the session on the CMS (the token stops working there at once), clear
 * the cookie, confirm, go home. If the CMS cannot be reached the session is still live there,
 * so we say "Logout Failed" with the reason and keep the person signed in to try again.
 * Another site cannot post this form for you: the request guard refuses it (docs/decisions/172).
 */
export async function loader() {
  return redirect('/', { headers: NO_STORE })
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const back = safeRedirect(form.get('redirectTo'))
  const token = await getSessionToken(request)
  if (token) {
    try {
      await revokeSession(token)
    } catch (error) {
      return redirectWithToast(
        back,
        { type: 'error', title: MESSAGES.LOGOUT_FAILED, description: (error as Error).message },
        { headers: NO_STORE },
      )
    }
  }
  const headers = new Headers(NO_STORE)
  headers.append('Set-Cookie', await destroySessionCookie())
  // A shared computer: the next person must not find this one's phone number in the booking form.
  headers.append('Set-Cookie', await clearBookingDraft())
  return redirectWithToast('/', { type: 'success', title: MESSAGES.LOGOUT_SUCCESS, description: 'You have been logged out.' }, { headers })
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
