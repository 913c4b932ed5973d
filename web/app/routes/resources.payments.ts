import { MESSAGES } from '@mentorloop/shared'
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import { CmsError } from '~/models/cms.server'
import { createOrder, verifyPayment } from '~/models/payments.server'
import { NO_STORE } from '~/utils/auth.server'
import { getSessionToken } from '~/utils/session.server'

/**
 * POST /resources/payments — the purchase flow's two server steps for the buy button:
 * `intent=create-order` (plan code only; the CMS sets the amount) and `intent=verify` (the
 * checkout result). Answers JSON with the spec's texts on failure.
 */
const schema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('create-order'), planCode: z.string().min(1).max(40) }),
  z.object({
    intent: z.literal('verify'),
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
  }),
])

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE })

export async function action({ request }: ActionFunctionArgs) {
  const token = await getSessionToken(request)
  if (!token) return json({ error: MESSAGES.PLEASE_LOGIN, code: 'UNAUTHENTICATED' }, 401)
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return json({ error: 'Invalid request.', code: 'INVALID_INPUT' }, 400)
  const input = parsed.data
  if (input.intent === 'create-order') {
    try {
      return json(await createOrder(token, input.planCode), 201)
    } catch (error) {
      if (error instanceof CmsError) {
        const body = (error.body ?? {}) as { code?: string; error?: string; title?: string }
        if (error.status === 401) return json({ error: MESSAGES.PLEASE_LOGIN, code: 'UNAUTHENTICATED' }, 401)
        if (body.code === 'ALREADY_PURCHASED') return json({ error: body.error, title: body.title, code: body.code }, 409)
        if (error.status < 500 && body.error) return json({ error: body.error, code: body.code }, error.status)
      }
      return json({ error: MESSAGES.FAILED_CREATE_ORDER, code: 'ORDER_FAILED' }, 502)
    }
  }
  try {
    const { intent: _intent, ...checkout } = input
    return json(await verifyPayment(token, checkout))
  } catch (error) {
    if (error instanceof CmsError && error.status >= 400 && error.status < 500) {
      return json({ error: MESSAGES.PAYMENT_VERIFICATION_FAILED, code: (error.body as { code?: string })?.code }, error.status)
    }
    return json({ error: MESSAGES.VERIFICATION_FAILED, code: 'VERIFICATION_UNAVAILABLE' }, 502)
  }
}
