import { MESSAGES } from '@mentorloop/shared'
import type { ActionFunctionArgs } from '@remix-run/node'
import { CmsError } from '~/models/cms.server'
import { sandboxCheckout } from '~/models/payments.server'
import { NO_STORE } from '~/utils/auth.server'
import { env } from '~/utils/env.server'
import { getSessionToken } from '~/utils/session.server'

/**
 * POST /resources/sandbox-checkout — the sandbox checkout script's "Razorpay server": forwards
 * to the CMS, which signs the result only for the signed-in user's own order.
 */
export async function action({ request }: ActionFunctionArgs) {
  if (env.RAZORPAY_KEY_ID || (env.isProduction && !env.MOCKS))
    return Response.json({ error: 'Not found' }, { status: 404, headers: NO_STORE })
  const token = await getSessionToken(request)
  if (!token) return Response.json({ error: MESSAGES.PLEASE_LOGIN }, { status: 401, headers: NO_STORE })
  const body = (await request.json().catch(() => null)) as { orderId?: unknown; outcome?: unknown } | null
  const orderId = typeof body?.orderId === 'string' ? body.orderId : ''
  const outcome = body?.outcome === 'success' ? 'success' : 'failure'
  try {
    return Response.json(await sandboxCheckout(token, { orderId, outcome }), { headers: NO_STORE })
  } catch (error) {
    if (error instanceof CmsError) return Response.json(error.body ?? { error: error.message }, { status: error.status, headers: NO_STORE })
    throw error
  }
}
