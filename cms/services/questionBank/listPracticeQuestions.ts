import type { QbPracticeQuestion, QbPracticeSet, QbTopicScore, QuestionTopic } from '@mentorloop/shared'
import type { PracticeAnswer, Question } from '@mentorloop/shared/payload-types'
import type { PayloadRequest, Where } from 'payload'
import { AppError } from '../../lib/errors'
import { getQuestionBankAccess, type QuestionBankAccess } from './getQuestionBankAccess'

export type PracticeQuestion = QbPracticeQuestion
export type PracticeSet = QbPracticeSet & { access: QuestionBankAccess; topic: QuestionTopic | null; topics: QuestionTopic[] }

const topicFilterNotIncluded = () => new AppError('TOPIC_FILTER_NOT_INCLUDED', 403, 'Topic-wise questions are part of the Plus plan.')

/**
 * The questions a plan lets a student practise, in order: Plus its full set, Free the Free
 * sample, each up to the plan's limit. Only questions with answer options are practised.
 * One rule for the list and for answering (answerPracticeQuestion).
 */
export async function questionsInPlan(req: PayloadRequest, access: QuestionBankAccess): Promise<Question[]> {
  const where: Where = {
    and: [{ correctOption: { exists: true } }, ...(access.isActive ? [] : [{ inFreeSample: { equals: true } }])],
  }
  const { docs } = await req.payload.find({
    collection: 'questions',
    where,
    sort: 'order',
    limit: access.questionLimit,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return (docs as Question[]).filter((q) => (q.options?.length ?? 0) >= 2)
}

/** The student's answers, by question id. */
async function answersOf(req: PayloadRequest, userId: number | string): Promise<PracticeAnswer[]> {
  const { docs } = await req.payload.find({
    collection: 'practice-answers',
    where: { user: { equals: userId } },
    limit: 0,
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return docs as PracticeAnswer[]
}

/** "Arrays: 3 of 5 correct": per topic, the answered and correct counts over every answer the student gave. */
export function scoresByTopic(answers: Pick<PracticeAnswer, 'topic' | 'correct'>[]): QbTopicScore[] {
  const byTopic = new Map<string, QbTopicScore>()
  for (const a of answers) {
    const s = byTopic.get(a.topic) ?? { topic: a.topic, answered: 0, correct: 0 }
    s.answered += 1
    if (a.correct) s.correct += 1
    byTopic.set(a.topic, s)
  }
  return [...byTopic.values()].sort((a, b) => a.topic.localeCompare(b.topic))
}

/** A question as the student may see it: the correct option and solutions only once they have answered it. */
export function toPracticeQuestion(q: Question, access: QuestionBankAccess, answer: PracticeAnswer | undefined): QbPracticeQuestion {
  return {
    id: q.id,
    exam: q.exam,
    year: q.year,
    topic: q.topic,
    question: q.question,
    options: (q.options ?? []).map((o) => ({ text: o.text })),
    answer: answer
      ? {
          chosenOption: answer.chosenOption,
          correct: Boolean(answer.correct),
          correctOption: q.correctOption ?? 0,
          solution: q.solution,
          ...(access.videoSolutions ? { videoUrl: q.videoUrl ?? null } : {}),
          ...(access.toppersSolutions ? { toppersSolution: q.toppersSolution ?? null } : {}),
        }
      : null,
  }
}

/**
 * The questions a student may practise, decided here on the server: a plan without paid access
 * sees the Free sample; Plus sees its full set, can filter by topic, and gets video and toppers'
 * solutions. The correct option and the solutions leave the CMS only for questions the student
 * has answered; fields the plan does not include never leave it.
 */
export async function listPracticeQuestions(
  req: PayloadRequest,
  userId: number | string,
  opts: { topic?: QuestionTopic | null } = {},
): Promise<PracticeSet> {
  const access = await getQuestionBankAccess(req, userId)
  if (opts.topic && !access.topicWise) throw topicFilterNotIncluded()

  const [inPlan, answers] = await Promise.all([questionsInPlan(req, access), answersOf(req, userId)])
  const answerOf = new Map(answers.map((a) => [Number(typeof a.question === 'object' ? a.question.id : a.question), a]))
  const topics = [...new Set(inPlan.map((q) => q.topic as QuestionTopic))]
  const chosen = opts.topic ? inPlan.filter((q) => q.topic === opts.topic) : inPlan
  return {
    access,
    topic: opts.topic ?? null,
    topics: access.topicWise ? topics : [],
    questions: chosen.map((q) => toPracticeQuestion(q, access, answerOf.get(q.id))),
    scores: scoresByTopic(answers),
  }
}
