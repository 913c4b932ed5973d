import type { QbAnswerResult } from '@mentorloop/shared'
import { nowIso } from '@mentorloop/shared'
import type { PracticeAnswer } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction } from '../../lib/transaction'
import { getQuestionBankAccess } from './getQuestionBankAccess'
import { questionsInPlan, scoresByTopic, toPracticeQuestion } from './listPracticeQuestions'

export const questionNotFound = () => new AppError('QUESTION_NOT_FOUND', 404, 'This question is not in your practice set.')
const noSuchOption = (n: number) =>
  new AppError('INVALID_INPUT', 400, `Choose one of the ${n} options.`, {
    fieldErrors: { chosenOption: `Choose one of the ${n} options.` },
  })

/**
 * A student answers a practice question. The question must be one their plan lets them see
 * (the same rule as the list); otherwise it does not exist for them (404). The first answer
 * counts: answering again shows the same result and leaves the score as it was
 * (docs/decisions/066-practice-answers.md).
 */
export async function answerPracticeQuestion(
  req: PayloadRequest,
  userId: number | string,
  input: { questionId: number; chosenOption: number },
): Promise<QbAnswerResult> {
  const access = await getQuestionBankAccess(req, userId)
  const question = (await questionsInPlan(req, access)).find((q) => q.id === input.questionId)
  if (!question) throw questionNotFound()
  const optionCount = question.options?.length ?? 0
  if (input.chosenOption > optionCount) throw noSuchOption(optionCount)

  const existing = async () => {
    const { docs } = await req.payload.find({
      collection: 'practice-answers',
      where: { and: [{ user: { equals: userId } }, { question: { equals: question.id } }] },
      limit: 1,
      depth: 0,
      overrideAccess: true,
      req,
    })
    return (docs[0] as PracticeAnswer | undefined) ?? null
  }
  let first = false
  let answer = await existing()
  if (!answer) {
    try {
      answer = (await inTransaction(req, () =>
        req.payload.create({
          collection: 'practice-answers',
          data: {
            user: Number(userId),
            question: question.id,
            topic: question.topic,
            chosenOption: input.chosenOption,
            correct: input.chosenOption === question.correctOption,
            answeredAt: nowIso(),
          },
          depth: 0,
          overrideAccess: true,
          req,
        }),
      )) as PracticeAnswer
      first = true
    } catch (error) {
      // Two answers at once: the unique index kept the first; show that one.
      answer = await existing()
      if (!answer) throw error
    }
  }

  const { docs: all } = await req.payload.find({
    collection: 'practice-answers',
    where: { user: { equals: userId } },
    pagination: false,
    depth: 0,
    overrideAccess: true,
    req,
  })
  return {
    question: toPracticeQuestion(question, access, answer),
    firstAnswer: first,
    scores: scoresByTopic(all as PracticeAnswer[]),
  }
}
