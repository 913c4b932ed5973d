/** Product-agnostic payment operations (mentorship and question-bank plans alike). */
export { createOrderForPlan, findPurchasablePlan, type CreatedOrder } from './createOrderForPlan'
export { verifyAndCompletePayment, type VerifiedPayment } from './verifyAndCompletePayment'
export { completePayment, markPaymentFailed } from './completePayment'
export { hasActivePlan, hasPlanByCode } from './hasPlan'
export { PaymentError, type PaymentErrorCode } from './errors'
export { publicPayment, type PublicPayment } from './serialize'
