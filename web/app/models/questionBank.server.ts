import type {
  QbAnswerRequest,
  QbAnswerResult,
  QbCreateOrderResponse,
  QbPaidPlanCode,
  QbPracticeSet,
  QbSubscriptionStatus,
  QbVerifyPaymentRequest,
  QbVerifyPaymentResponse,
} from '@mentorloop/shared'
import { cms } from './cms.server'

/** The question-bank calls of docs/spec.md §7, made server to server with the student's token. */

export function getSubscriptionStatus(token: string): Promise<QbSubscriptionStatus> {
  return cms<QbSubscriptionStatus>('/payment/subscription-status', { token, timeoutMs: 8_000 })
}

export function createQuestionBankOrder(token: string, planType: QbPaidPlanCode): Promise<QbCreateOrderResponse> {
  return cms<QbCreateOrderResponse>('/payment/create-order', { method: 'POST', token, body: { planType } })
}

export function verifyQuestionBankPayment(token: string, fields: QbVerifyPaymentRequest): Promise<QbVerifyPaymentResponse> {
  return cms<QbVerifyPaymentResponse>('/payment/verify-payment', { method: 'POST', token, body: fields, timeoutMs: 20_000 })
}

export function getPracticeQuestions(token: string, topic: string | null): Promise<QbPracticeSet> {
  return cms<QbPracticeSet>('/questions/practice', { token, query: topic ? { topic } : undefined })
}

export function answerPracticeQuestion(token: string, body: QbAnswerRequest): Promise<QbAnswerResult> {
  return cms<QbAnswerResult>('/questions/practice/answer', { method: 'POST', token, body })
}
