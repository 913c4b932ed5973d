import { type ActionFunctionArgs, redirect } from '@remix-run/node'
import { z } from 'zod'
import { GeneralErrorBoundary } from '~/components/GeneralErrorBoundary'
import { NO_STORE } from '~/utils/auth.server'
import { clientIp } from '~/utils/client-ip.server'
import { beginSignIn } from '~/utils/oidc.server'
import { hit, signInGuard } from '~/utils/rate-limit.server'
import { safeRedirect } from '~/utils/redirect'

/**
 * POST /auth/google starts a sign-in: a new transaction cookie and a redirect to the issuer.
 * POST only, so a link, a prefetch or another site's <img> cannot start one; GET goes to /login.
 */
const startSchema = z.object({
  loginHint: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .pipe(z.union([z.literal(''), z.string().email()]))
    .optional()
    .transform((v) => v || null),
  redirectTo: z.string().max(2048).optional(),
})

function failTo(reason: string, redirectTo: string) {
  return redirect(`/login?${new URLSearchParams({ error: reason, redirectTo })}`, { headers: NO_STORE })
}

export async function loader() {
  return redirect('/login', { headers: NO_STORE })
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = Object.fromEntries(await request.formData())
  const parsed = startSchema.safeParse(form)
  const redirectTo = safeRedirect(typeof form.redirectTo === 'string' ? form.redirectTo : null)
  if (!parsed.success) return failTo('failed', redirectTo)

  const ip = clientIp(request, context)
  const { loginHint } = parsed.data
  const hits = [hit('signInStartByIp', `ip:${ip}`), ...(loginHint ? [hit('signInStartByAccount', `hint:${loginHint}`)] : [])]
  const guarded = await signInGuard({ hits })
  if (guarded !== 'ok') return failTo(guarded === 'rate_limited' ? 'rate_limited' : 'unavailable', redirectTo)

  try {
    const { url, cookie } = await beginSignIn({ loginHint: parsed.data.loginHint, redirectTo })
    return redirect(url.href, { headers: { ...NO_STORE, 'Set-Cookie': cookie } })
  } catch {
    // Discovery failed: the issuer (Google or the local one) is unreachable.
    return failTo('unavailable', redirectTo)
  }
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />
}
