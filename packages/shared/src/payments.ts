import { z } from 'zod'
import { MAX_DB_ID } from './booking'
import { PLAN_CODES, type RefundStatus } from './constants'
import { type AppliedDiscount, DISCOUNT_CODE_PATTERN, normalizeDiscountCode } from './discountWords'
import type { PaymentCover } from './paymentWords'

/** A discount code as typed at checkout: read in capitals, letters, digits, - and _ (decision 195). */
export const discountCodeField = z
  .string({ error: 'Type a discount code.' })
  .transform(normalizeDiscountCode)
  .pipe(z.string().min(1, 'Type a discount code.').regex(DISCOUNT_CODE_PATTERN, 'A discount code has 3 to 32 letters, digits, “-” or “_”.'))

/** POST /api/discount-codes/quote: the prices a code gives, before paying (one plan, or every plan it is for). */
export const discountQuoteRequestSchema = z.object({
  code: discountCodeField,
  planCode: z.enum(PLAN_CODES, { error: 'Unknown plan.' }).optional(),
})

/**
 * Request bodies of the payment endpoints, shared by the site and the CMS. The browser never
 * sends an amount the server uses: create-order takes a plan code only (extra keys are ignored).
 */
export const createOrderRequestSchema = z
  .object({
    planCode: z.enum(PLAN_CODES, { error: 'Unknown plan.' }).optional(),
    /** The spec's name for the same thing. */
    planType: z.enum(PLAN_CODES, { error: 'Unknown plan.' }).optional(),
    /** A seat held for the student that this purchase claims (docs/decisions/045-batches-in-time.md). */
    offerId: z.coerce.number().int().positive().max(MAX_DB_ID).optional(),
    /** A discount code: the server checks it and sets the discounted amount (decision 195). */
    discountCode: z.preprocess((v) => (v === '' || v === null ? undefined : v), discountCodeField.optional()),
  })
  .transform((v, ctx) => {
    const planCode = v.planCode ?? v.planType
    if (!planCode) {
      ctx.addIssue({ code: 'custom', path: ['planCode'], message: 'Choose a plan.' })
      return z.NEVER
    }
    return { planCode, offerId: v.offerId, discountCode: v.discountCode }
  })

const gatewayId = (what: string) =>
  z
    .string({ error: `${what} is missing.` })
    .trim()
    .min(1, `${what} is missing.`)
    .max(100, `${what} is too long.`)
    .regex(/^[A-Za-z0-9_]+$/, `${what} is malformed.`)

export const verifyPaymentRequestSchema = z.object({
  razorpay_order_id: gatewayId('The order id'),
  razorpay_payment_id: gatewayId('The payment id'),
  razorpay_signature: z
    .string({ error: 'The signature is missing.' })
    .trim()
    .min(1, 'The signature is missing.')
    .max(200, 'The signature is too long.'),
  email: z.string().optional(),
  planType: z.string().optional(),
})
export type VerifyPaymentRequest = z.infer<typeof verifyPaymentRequestSchema>

/** What the checkout widget hands back after a payment (Razorpay's names). */
export type CheckoutResponse = { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }

/** POST /api/payments/checkout-closed: the student closed the checkout of this order without paying. */
export const checkoutClosedRequestSchema = z.object({ orderId: gatewayId('The order id') })

export const sandboxCheckoutRequestSchema = z.object({
  orderId: gatewayId('The order id'),
  outcome: z.enum(['success', 'failure']),
})

/**
 * The cancel and refund dialogs' question (DESIGN.md §11, issue 37): keep the held seat in the
 * mentor's next batch? A form's "yes" / "no", or a boolean; unset keeps it.
 */
export const keepNextSeatField = z
  .union([z.boolean(), z.enum(['yes', 'no']).transform((v) => v === 'yes')], { error: 'Say whether to keep next month’s held seat.' })
  .optional()

export const refundRequestSchema = z.object({
  paymentId: z.coerce.number({ error: 'Choose a payment.' }).int().positive('Choose a payment.').max(MAX_DB_ID, 'Choose a payment.'),
  keepNextSeat: keepNextSeatField,
})

/** What create-order answers (checkout.js options are built from it). */
export type CreateOrderResponse = {
  /** What the payment buys, said before paying and repeated after (null for a question-bank plan). */
  buys: PaymentCover | null
  orderId: string
  amount: number
  currency: string
  key: string
  planCode: string
  planName: string
  gateway: 'razorpay' | 'sandbox'
  prefill: { name: string | null; email: string }
  /** The plan's price before a discount code, in paise; `amount` is what the student pays. */
  listAmount?: number
  /** The discount code this order carries and what it takes off (null without one). */
  discount?: AppliedDiscount | null
}

export type VerifyPaymentResponse = {
  success: true
  message: string
  activated: boolean
  waitlistProcessed: boolean
  waitlistResults: { action: 'assigned' | 'still_on_waitlist' }[]
  assigned: number
  stillWaiting: number
  payment: {
    id: number
    planCode: string | null
    planName: string | null
    status: string
    subscriptionEnds: string | null
    /** What it pays for now: a seat (it found one at once) or a credit with its deadline; null for a question-bank plan. */
    covers: PaymentCover | null
  }
}

export type PaymentHistoryItem = {
  id: number
  planCode: string | null
  planName: string | null
  /** Only when the payment belongs to a booking (cms/services/payments/paymentHistory.ts). */
  mentorName: string | null
  /** The gateway's payment id (pay_…), or its order id for an attempt that never got one. */
  reference: string
  /** In paise. */
  amount: number
  currency: string
  status: 'created' | 'completed' | 'failed' | 'refunded'
  /** Granted by an admin, not paid: shown as "Complimentary", never refundable. */
  complimentary: boolean
  subscriptionStarts: string | null
  subscriptionEnds: string | null
  /**
   * What a mentorship payment pays for (docs/decisions/069): a seat in one batch, or a credit for the
   * student's next seat (refunded automatically after `until`); null for a question-bank plan, a
   * failed attempt, or a plan from before batches.
   */
  covers: PaymentCover | null
  createdAt: string
  /**
   * `refundedAt`: when the gateway reported the money returned (status `refunded`); `requestedAt`:
   * when the student asked (a `requested` one can be withdrawn until our team decides).
   */
  refund: { id: number; status: RefundStatus; adminNote: string | null; refundedAt: string | null; requestedAt: string } | null
  /** Which refund case applies now to a completed, paid mentorship payment (docs/decisions/107); null otherwise. */
  refundCase?: RefundCase | null
  /** The discount code the payment used and what it took off (`amount` is what was paid). */
  discount?: AppliedDiscount | null
}

/**
 * What happens to a refund asked for now (docs/decisions/107, 181): before the payment's batch starts
 * it is approved at once (the seat passes on), as cancelling the seat and asking for the credit back
 * would be; inside the promise's window after the end of Session 1 of the payment's batch it is
 * approved at once; from the batch's start until Session 1 has ended, or after the window, an admin
 * decides; an unused credit is returned at once.
 */
export type RefundCase =
  | { kind: 'before-batch'; windowHours: number; batchStartsOn: string }
  | { kind: 'promise'; windowHours: number; session1EndedAt: string; until: string }
  | { kind: 'before-session-1'; windowHours: number; session1EndsAt: string | null }
  | { kind: 'after-window'; windowHours: number; closedAt: string }
  | { kind: 'credit' }

/** `GET /api/payments/active-plans`: the plans running now (cms/services/plans/activePlan.ts decides). */
export type ActivePlanView = {
  planCode: string
  planName: string
  product: 'mentorship' | 'question-bank'
  startsAt: string
  endsAt: string
  /** A mentorship plan: the seat it pays for, or a credit for the next seat (docs/decisions/069). */
  covers?: PaymentCover | null
}

/** A plan the student may not buy now and why (`refused` in `GET /api/payments/active-plans`). */
export type RefusedPurchase = { title: string; message: string }

/** An admin's note or reason (a grant's reason, a rejection's note): said in a sentence, kept short. */
const adminTextSchema = (required: string) =>
  z.string({ error: required }).trim().min(3, required).max(500, 'Keep it under 500 characters.')

/** A plan by its code (BEGINNER_TECHY) or id. */
const planRefSchema = z.union([
  z.string().trim().min(1, 'Choose a plan.').max(64, 'Choose a plan.'),
  z.number().int().positive().max(MAX_DB_ID),
])

/** GET /api/users/:id/grant-plan?plan= — what a grant would cover (admin). */
export const grantPreviewQuerySchema = z.object({ plan: planRefSchema })

/** POST /api/users/:id/grant-plan { plan, reason } — an admin grants a user a plan without a payment. */
export const grantPlanRequestSchema = z.object({
  plan: planRefSchema,
  reason: adminTextSchema('Say why this plan is granted.'),
})

/** POST /api/refund-requests/:id/decide — Approve (optional note) or Reject (a note the student reads). */
export const refundDecisionSchema = z.discriminatedUnion(
  'decision',
  [
    z.object({ decision: z.literal('approve'), note: z.string().trim().max(500, 'Keep it under 500 characters.').optional() }),
    z.object({ decision: z.literal('reject'), note: adminTextSchema('Write the student a note: why the refund is rejected.') }),
  ],
  { error: 'Choose Approve or Reject.' },
)
export type RefundDecisionInput = z.infer<typeof refundDecisionSchema>
