import { formatDate, isCompletePaymentResponse, MESSAGES, type QbSubscriptionStatus, qbCreateOrderSchema } from '@mentorloop/shared'
import { data, redirect } from '@remix-run/node'
import type { ActionResult } from '~/components/questionBank/subscription'
import { CmsError, cmsUnavailable } from '~/models/cms.server'
import { getPlans } from '~/models/content.server'
import { createQuestionBankOrder, getSubscriptionStatus, verifyQuestionBankPayment } from '~/models/questionBank.server'
import { getOptionalSession, NO_STORE, requireUser } from '~/utils/auth.server'
import { logger } from '~/utils/logger.server'
import { sentByScript } from '~/utils/sent-by-script.server'

/**
 * The question-bank subscription screen, on the server: the student's plan status and the plans
 * (visitors see the plans too), and the intents `subscribe` (an order for the checkout widget),
 * `verify` (the widget's result, checked by the CMS) and `free`.
 */

const FREE_STATUS: QbSubscriptionStatus = { currentPlan: 'Free', planCode: 'QB_FREE', isActive: false, expiryDate: null }

export async function loadSubscription(request: Request) {
  const session = await getOptionalSession(request).catch(() => {
    // Signed in, but the CMS cannot say as whom: an outage, not a visitor.
    throw cmsUnavailable()
  })
  if (!session) {
    const plans = await getPlans('question-bank').catch(() => null)
    return data({ signedIn: false as const, status: FREE_STATUS, statusFailed: false, plans }, { headers: NO_STORE })
  }
  const { token } = session
  const [status, plans] = await Promise.all([
    getSubscriptionStatus(token).catch((error: unknown) => {
      // docs/spec.md: the server's error is only logged; the student reads the spec's sentence.
      logger.warn({ msg: 'Question-bank plan status failed', err: error })
      return null
    }),
    getPlans('question-bank').catch(() => null),
  ])
  return data({ signedIn: true as const, status: status ?? FREE_STATUS, statusFailed: status === null, plans }, { headers: NO_STORE })
}

const NEEDS_JAVASCRIPT = 'The payment window needs JavaScript. Please enable it and try again.'

export async function subscriptionAction(request: Request) {
  const { token } = await requireUser(request)
  const form = await request.formData()
  const intent = String(form.get('intent') ?? '')

  if (intent === 'subscribe') {
    // The checkout widget is JavaScript; without it an order would only sit unpaid.
    if (!sentByScript(request, form)) return data<ActionResult>({ intent, error: NEEDS_JAVASCRIPT }, { status: 400 })
    const parsed = qbCreateOrderSchema.safeParse({ planType: form.get('planType') })
    if (!parsed.success)
      return data<ActionResult>({ intent, error: parsed.error.issues[0]?.message ?? MESSAGES.QB_INITIATE_FAILED }, { status: 400 })
    try {
      const order = await createQuestionBankOrder(token, parsed.data.planType)
      return data<ActionResult>({ intent, order })
    } catch (error) {
      // "Already purchased" is worth saying as the CMS says it; anything else is the spec's text.
      const message = error instanceof CmsError && error.status === 409 ? error.message : MESSAGES.QB_INITIATE_FAILED
      return data<ActionResult>(
        { intent, error: message },
        { status: error instanceof CmsError && error.status < 500 ? error.status : 502 },
      )
    }
  }

  if (intent === 'verify') {
    const fields = {
      razorpay_payment_id: form.get('razorpay_payment_id'),
      razorpay_order_id: form.get('razorpay_order_id'),
      razorpay_signature: form.get('razorpay_signature'),
    }
    // docs/spec.md §5: a missing field means no verification call at all.
    if (!isCompletePaymentResponse(fields))
      return data<ActionResult>({ intent, error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE }, { status: 400 })
    try {
      await verifyQuestionBankPayment(token, fields)
      return data<ActionResult>({ intent, ok: true, message: MESSAGES.QB_SUCCESS })
    } catch {
      return data<ActionResult>({ intent, error: MESSAGES.QB_VERIFICATION_FAILED }, { status: 400 })
    }
  }

  if (intent === 'free') {
    // Free costs nothing, so no order: a paid plan simply runs to its end and Free follows;
    // a student on Free goes straight to practice.
    const status = await getSubscriptionStatus(token).catch(() => null)
    if (!status) return data<ActionResult>({ intent, error: MESSAGES.QB_STATUS_FAILED }, { status: 502 })
    if (!(status.isActive && status.expiryDate)) throw redirect('/question-bank/practice')
    const info = `Your ${status.currentPlan} plan is paid until ${formatDate(status.expiryDate)}; after that you return to Free automatically.`
    return data<ActionResult>({ intent, info })
  }

  return data<ActionResult>({ intent, error: 'Unknown action.' }, { status: 400 })
}
