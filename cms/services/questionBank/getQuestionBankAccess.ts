import type { QbAccess, QbSubscriptionStatus } from '@mentorloop/shared'
import type { Plan } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { getActivePlan } from '../plans/activePlan'

export type QuestionBankAccess = QbAccess

const FREE_FALLBACK = { questionLimit: 5, topicWise: false, videoSolutions: false, toppersSolutions: false }

/** What the user may see in the question bank right now, from their plan (Free when none). */
export async function getQuestionBankAccess(req: PayloadRequest, userId: number | string): Promise<QuestionBankAccess> {
  const active = await getActivePlan(req, userId, 'question-bank')
  let plan: Plan | null = active?.plan ?? null
  if (!plan) {
    const { docs } = await req.payload.find({
      collection: 'plans',
      where: { code: { equals: 'QB_FREE' } },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    plan = docs[0] ?? null
  }
  const access = { ...FREE_FALLBACK, ...(plan?.questionBank ?? {}) }
  return {
    plan: plan ? { id: plan.id, code: plan.code, name: plan.name } : { id: 0, code: 'QB_FREE', name: 'Free' },
    isActive: Boolean(active),
    expiryDate: active?.endsAt ?? null,
    questionLimit: Math.max(0, Number(access.questionLimit ?? 0)),
    topicWise: Boolean(access.topicWise),
    videoSolutions: Boolean(access.videoSolutions),
    toppersSolutions: Boolean(access.toppersSolutions),
  }
}

/** The spec's question-bank subscription status: the plan's name ("Free" when none), and its expiry when active. */
export async function questionBankStatus(req: PayloadRequest, userId: number | string): Promise<QbSubscriptionStatus> {
  const access = await getQuestionBankAccess(req, userId)
  return {
    currentPlan: access.isActive ? access.plan.name : 'Free',
    planCode: access.isActive ? access.plan.code : 'QB_FREE',
    isActive: access.isActive,
    expiryDate: access.isActive ? access.expiryDate : null,
  }
}
