/** Product-agnostic payment operations (mentorship and question-bank plans alike). */

export { completePayment, markPaymentFailed } from './completePayment'
export { type CreatedOrder, createOrderForPlan, findPurchasablePlan } from './createOrderForPlan'
export { type VerifiedPayment, verifyAndCompletePayment } from './verifyAndCompletePayment'
