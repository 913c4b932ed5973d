import { CLIENT_IP_HEADER, NEWSLETTER_MESSAGES, newsletterSchema, SERVICE_KEY_HEADER } from '@mentorloop/shared'
import { type ActionFunctionArgs, data, redirect } from '@remix-run/node'
import { z } from 'zod'
import { CmsError, cms } from '~/models/cms.server'
import { clientIp } from '~/utils/client-ip.server'
import { env } from '~/utils/env.server'
import { logger } from '~/utils/logger.server'
import { hit, signInGuard } from '~/utils/rate-limit.server'
import { safeRedirect } from '~/utils/redirect'
import { sentByScript } from '~/utils/sent-by-script.server'
import { redirectWithToast } from '~/utils/toast.server'

/**
 * The footer's newsletter box posts here. With JavaScript the footer's fetcher reads the JSON
 * answer; without it the browser posted a plain form and goes back where it was, with a toast.
 */
export type NewsletterActionData =
  | { ok: true; message: string }
  | { ok: false; message: string; fieldErrors?: { name?: string[]; email?: string[] } }

function backTo(request: Request): string {
  const referer = request.headers.get('referer')
  if (!referer) return '/'
  try {
    const url = new URL(referer)
    if (url.origin !== new URL(env.WEB_PUBLIC_URL).origin && url.host !== request.headers.get('host')) return '/'
    return safeRedirect(`${url.pathname}${url.search}`)
  } catch {
    return '/'
  }
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData()
  const enhanced = sentByScript(request, form)
  const answer = async (result: NewsletterActionData, status: number) => {
    if (enhanced) return data(result, { status })
    return redirectWithToast(`${backTo(request)}#newsletter`, {
      type: result.ok ? 'success' : 'error',
      title: result.message,
    })
  }

  const ip = clientIp(request, context)
  // Ten sign-ups per IP in ten minutes, counted across every site instance by the CMS.
  const guarded = await signInGuard({ hits: [hit('newsletterByIp', `ip:${ip}`)] })
  if (guarded === 'rate_limited') return answer({ ok: false, message: NEWSLETTER_MESSAGES.TOO_MANY }, 429)
  if (guarded !== 'ok') return answer({ ok: false, message: NEWSLETTER_MESSAGES.FAILED }, 503)

  const parsed = newsletterSchema.safeParse({ name: form.get('name') ?? '', email: form.get('email') ?? '' })
  if (!parsed.success) {
    const fieldErrors = z.flattenError(parsed.error).fieldErrors
    return answer({ ok: false, message: parsed.error.issues[0]?.message ?? 'Please check the form.', fieldErrors }, 400)
  }
  try {
    const res = await cms<{ status: string; message: string }>('/newsletter-subscribers/subscribe', {
      method: 'POST',
      body: parsed.data,
      headers: { [SERVICE_KEY_HEADER]: env.SERVICE_KEY, [CLIENT_IP_HEADER]: ip },
      timeoutMs: 5_000,
    })
    return answer({ ok: true, message: res.message }, 200)
  } catch (error) {
    if (error instanceof CmsError && error.status === 400) return answer({ ok: false, message: error.message }, 400)
    logger.warn({ msg: 'Newsletter subscribe failed', err: error })
    return answer({ ok: false, message: NEWSLETTER_MESSAGES.FAILED }, 503)
  }
}

export function loader() {
  return redirect('/#newsletter')
}
