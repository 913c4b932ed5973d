import { QUESTION_TOPICS, qbAnswerSchema } from '@mentorloop/shared'
import { z } from 'zod'
import { endpoint } from '../../../lib/endpoint'
import { answerPracticeQuestion } from '../../../services/questionBank/answerPracticeQuestion'
import { listPracticeQuestions } from '../../../services/questionBank/listPracticeQuestions'

const query = z.object({
  topic: z.preprocess((v) => (v === '' ? undefined : v), z.enum(QUESTION_TOPICS, { error: 'Unknown topic.' }).optional()),
})

/** GET /api/questions/practice?topic= — the signed-in student's questions, per their plan. */
export const practiceQuestions = endpoint({
  path: '/practice',
  method: 'get',
  auth: 'user',
  query,
  failure: 'We could not load the questions right now.',
  handler: async ({ req, user, query }) => listPracticeQuestions(req, user.id, { topic: query.topic }),
})

/** POST /api/questions/practice/answer — the student answers one question; the result, the solution and their scores come back. */
export const answerPracticeQuestionEndpoint = endpoint({
  path: '/practice/answer',
  method: 'post',
  auth: 'user',
  body: qbAnswerSchema,
  failure: 'We could not check your answer right now.',
  handler: async ({ req, user, body }) => answerPracticeQuestion(req, user.id, body),
})
