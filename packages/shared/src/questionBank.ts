import { z } from 'zod'
import { MESSAGES } from './messages'

/**
 * The question-bank subscription calls (docs/spec.md §7, singular /payment/...): what the CMS
 * answers and what it accepts, shared by the CMS endpoints and the site.
 */

/** The question bank's topics (the Questions collection's select; a practice set filters by one). */
export const QUESTION_TOPICS = [
  'Quantitative Aptitude',
  'Logical Reasoning',
  'Verbal Ability',
  'Data Structures',
  'Algorithms',
  'DBMS',
  'Operating Systems',
  'Computer Networks',
  'OOP',
  'SQL',
] as const
export type QuestionTopic = (typeof QUESTION_TOPICS)[number]

/** Paid question-bank plans a student can order (Free is never ordered: it costs nothing). */
export const QB_PAID_PLAN_CODES = ['PLAN1'] as const
export type QbPaidPlanCode = (typeof QB_PAID_PLAN_CODES)[number]

/** docs/spec.md §9: banner messages and confetti last 5 seconds each. */
export const QB_BANNER_MS = 5_000
export const QB_CONFETTI_MS = 5_000

export type QbSubscriptionStatus = {
  /** The plan's name; "Free" when nothing paid is active. */
  currentPlan: string
  planCode: string
  isActive: boolean
  /** ISO date-time the paid plan ends, or null on Free. */
  expiryDate: string | null
}

export const qbCreateOrderSchema = z.object({
  planType: z.enum(QB_PAID_PLAN_CODES, { error: 'Choose a paid question-bank plan (PLAN1).' }),
})
export type QbCreateOrderRequest = z.infer<typeof qbCreateOrderSchema>

export type QbCreateOrderResponse = {
  orderId: string
  /** In paise, from the plan on the server. */
  amount: number
  currency: string
  /** The gateway's public key id for the checkout widget. */
  key: string
  planName: string
  customerName: string
  customerEmail: string
}

const paymentField = z.string({ error: MESSAGES.QB_INVALID_PAYMENT_RESPONSE }).trim().min(1, MESSAGES.QB_INVALID_PAYMENT_RESPONSE).max(200)

/** The three fields the checkout widget hands back; all must be present (docs/spec.md §5). */
export const qbVerifyPaymentSchema = z.object({
  razorpay_payment_id: paymentField,
  razorpay_order_id: paymentField,
  razorpay_signature: paymentField,
})
export type QbVerifyPaymentRequest = z.infer<typeof qbVerifyPaymentSchema>

/** True when the checkout's result carries all three fields (no verification call otherwise). */
export function isCompletePaymentResponse(value: unknown): value is QbVerifyPaymentRequest {
  return qbVerifyPaymentSchema.safeParse(value).success
}

export type QbVerifyPaymentResponse = { success: true; message: string; status: QbSubscriptionStatus }

/** The result of an answered question: only then do the correct option and the solutions reach the browser. */
export type QbAnswered = {
  /** 1 = the first option. */
  chosenOption: number
  correct: boolean
  correctOption: number
  solution: string
  videoUrl?: string | null
  toppersSolution?: string | null
}

export type QbPracticeQuestion = {
  id: number
  exam: string
  year: number
  topic: string
  question: string
  options: { text: string }[]
  /** Null until the student has answered it. */
  answer: QbAnswered | null
}

/** "Arrays: 3 of 5 correct". */
export type QbTopicScore = { topic: string; answered: number; correct: number }

/** POST /api/questions/practice/answer. */
export const qbAnswerSchema = z.object({
  questionId: z.coerce
    .number({ error: 'Choose a question.' })
    .int({ error: 'Choose a question.' })
    .positive({ error: 'Choose a question.' }),
  chosenOption: z.coerce
    .number({ error: 'Choose an answer.' })
    .int({ error: 'Choose an answer.' })
    .min(1, { error: 'Choose an answer.' })
    .max(6, { error: 'Choose an answer.' }),
})
export type QbAnswerRequest = z.infer<typeof qbAnswerSchema>

export type QbAnswerResult = { question: QbPracticeQuestion; firstAnswer: boolean; scores: QbTopicScore[] }

/** "3 of 5 correct". */
export function formatTopicScore(s: QbTopicScore): string {
  return `${s.correct} of ${s.answered} correct`
}

/** What a student may see in the question bank right now, from their plan (Free when none). */
export type QbAccess = {
  plan: { id: number; code: string; name: string }
  /** True when a paid question-bank plan is active (Free is never "active"). */
  isActive: boolean
  expiryDate: string | null
  questionLimit: number
  topicWise: boolean
  videoSolutions: boolean
  toppersSolutions: boolean
}

export type QbPracticeSet = {
  access: QbAccess
  topic: string | null
  topics: string[]
  questions: QbPracticeQuestion[]
  scores: QbTopicScore[]
}
