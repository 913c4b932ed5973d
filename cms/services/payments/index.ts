/** Product-agnostic payment operations (mentorship and question-bank plans alike). */

export { completePayment, markPaymentFailed } from './completePayment'
export { type CreatedOrder, createOrderForPlan, findPurchasablePlan } from './createOrderForPlan'
export { PaymentError, type PaymentErrorCode } from './errors'
export { hasActivePlan, hasPlanByCode } from './hasPlan'
export { type PublicPayment, publicPayment } from './serialize'
export { type VerifiedPayment, verifyAndCompletePayment } from './verifyAndCompletePayment'
