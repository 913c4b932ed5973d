import type { Question } from '@mentorloop/shared/payload-types'
import type { PayloadRequest, Where } from 'payload'
import type { QuestionTopic } from '../../collections/Questions/topics'
import { AppError } from '../../lib/errors'
import { getQuestionBankAccess, type QuestionBankAccess } from './getQuestionBankAccess'

export type PracticeQuestion = Pick<Question, 'id' | 'exam' | 'year' | 'topic' | 'question' | 'solution'> & {
  videoUrl?: string | null
  toppersSolution?: string | null
}

export type PracticeSet = {
  access: QuestionBankAccess
  topic: QuestionTopic | null
  topics: QuestionTopic[]
  questions: PracticeQuestion[]
}

const topicFilterNotIncluded = () => new AppError('TOPIC_FILTER_NOT_INCLUDED', 403, 'Topic-wise questions are part of the Plus plan.')

/**
 * The questions a student may practise, decided here on the server: a plan without paid access
 * sees the Free sample; Plus sees its full set, can filter by topic, and gets video and toppers'
 * solutions. Fields the plan does not include never leave the CMS.
 */
export async function listPracticeQuestions(
  req: PayloadRequest,
  userId: number | string,
  opts: { topic?: QuestionTopic | null } = {},
): Promise<PracticeSet> {
  const access = await getQuestionBankAccess(req, userId)
  if (opts.topic && !access.topicWise) throw topicFilterNotIncluded()

  const catalogue: Where = access.isActive ? {} : { inFreeSample: { equals: true } }
  const { docs } = await req.payload.find({
    collection: 'questions',
    where: catalogue,
    sort: 'order',
    limit: access.questionLimit,
    depth: 0,
    overrideAccess: true,
    req,
  })
  const inPlan = docs as Question[]
  const topics = [...new Set(inPlan.map((q) => q.topic as QuestionTopic))]
  const chosen = opts.topic ? inPlan.filter((q) => q.topic === opts.topic) : inPlan
  return {
    access,
    topic: opts.topic ?? null,
    topics: access.topicWise ? topics : [],
    questions: chosen.map((q) => ({
      id: q.id,
      exam: q.exam,
      year: q.year,
      topic: q.topic,
      question: q.question,
      solution: q.solution,
      ...(access.videoSolutions ? { videoUrl: q.videoUrl ?? null } : {}),
      ...(access.toppersSolutions ? { toppersSolution: q.toppersSolution ?? null } : {}),
    })),
  }
}
