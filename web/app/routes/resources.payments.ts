import { errorBody, MESSAGES } from '@mentorloop/shared'
import type { ActionFunctionArgs } from '@remix-run/node'
import { z } from 'zod'
import type { PendingBooking, VerifiedPurchase } from '~/components/booking/types'
import { CmsError, isCmsUnavailable, UNAVAILABLE } from '~/models/cms.server'
import { closeCheckout, createOrder, verifyPayment } from '~/models/payments.server'
import { pendingBookingFor } from '~/models/pendingBooking.server'
import { getOptionalUser, NO_STORE } from '~/utils/auth.server'
import { getSessionToken } from '~/utils/session.server'

/**
 * POST /resources/payments — the purchase flow's server steps for the buy button and the question
 * bank: `intent=create-order` (plan code only; the CMS sets the amount), `intent=verify` (the
 * checkout result) and `intent=checkout-closed` (the checkout closed unpaid: the order leaves the
 * admin's Payments list at once). Answers JSON: the CMS's answer, or its error envelope as it is; an outage is
 * the spec's "Failed to create order" / "Verification failed". A verified plan purchase
 * (`resume=1`) that seated nobody also names the booking the student started before paying
 * (booking-draft.server.ts), so the success dialog can finish it in one step.
 */
const schema = z.discriminatedUnion('intent', [
  z.object({
    intent: z.literal('create-order'),
    planCode: z.string().min(1).max(40),
    offerId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    // Checked and priced by the CMS (decision 195); the site only passes it on.
    discountCode: z.string().trim().max(40).optional(),
  }),
  z.object({
    intent: z.literal('verify'),
    razorpay_order_id: z.string().min(1).max(100),
    razorpay_payment_id: z.string().min(1).max(100),
    razorpay_signature: z.string().min(1).max(200),
    resume: z.literal('1').optional(),
  }),
  z.object({ intent: z.literal('checkout-closed'), orderId: z.string().min(1).max(100) }),
])

const json = (body: unknown, status = 200) => Response.json(body, { status, headers: NO_STORE })

async function forward(call: () => Promise<unknown>, status: number, outage: string): Promise<Response> {
  try {
    return json(await call(), status)
  } catch (error) {
    const refusal = error instanceof CmsError ? error.refusal : null
    if (refusal) return json(refusal, (error as CmsError).status)
    if (isCmsUnavailable(error)) return json(UNAVAILABLE, 503)
    return json(errorBody('GATEWAY_UNAVAILABLE', outage), 502)
  }
}

export async function action({ request }: ActionFunctionArgs) {
  const token = await getSessionToken(request)
  if (!token) return json(errorBody('UNAUTHENTICATED', MESSAGES.PLEASE_LOGIN), 401)
  const parsed = schema.safeParse(Object.fromEntries(await request.formData()))
  if (!parsed.success) return json(errorBody('INVALID_INPUT', 'Invalid request.'), 400)
  const input = parsed.data
  if (input.intent === 'create-order')
    return forward(
      () => createOrder(token, input.planCode, input.offerId, input.discountCode || undefined),
      201,
      MESSAGES.FAILED_CREATE_ORDER,
    )
  if (input.intent === 'checkout-closed') return forward(() => closeCheckout(token, input.orderId), 200, MESSAGES.FAILED_CREATE_ORDER)
  const { intent: _intent, resume, ...checkout } = input
  return forward(
    async () => {
      const verified = await verifyPayment(token, checkout)
      if (!resume || verified.assigned > 0) return verified
      return { ...verified, pendingBooking: await pendingBooking(request) } satisfies VerifiedPurchase
    },
    200,
    MESSAGES.VERIFICATION_FAILED,
  )
}

/** The kept booking with its mentor's name and seat state; null when there is none to finish. */
async function pendingBooking(request: Request): Promise<PendingBooking | null> {
  const user = await getOptionalUser(request).catch(() => null)
  return user ? pendingBookingFor(request, user.id) : null
}
