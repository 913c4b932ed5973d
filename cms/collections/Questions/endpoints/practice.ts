import type { Endpoint } from 'payload'
import { z } from 'zod'
import { listPracticeQuestions, TopicFilterNotIncluded } from '../../../services/questionBank/listPracticeQuestions'
import { QUESTION_TOPICS } from '../topics'

const query = z.object({ topic: z.enum(QUESTION_TOPICS, { error: 'Unknown topic.' }).optional() })

/** GET /api/questions/practice?topic= — the signed-in student's questions, per their plan. */
export const practiceQuestions: Endpoint = {
  path: '/practice',
  method: 'get',
  handler: async (req) => {
    if (!req.user) return Response.json({ error: 'Please Login', code: 'UNAUTHENTICATED' }, { status: 401 })
    const parsed = query.safeParse({ topic: req.searchParams.get('topic') || undefined })
    if (!parsed.success) {
      return Response.json({ error: parsed.error.issues[0]?.message ?? 'Invalid query.', code: 'INVALID_INPUT' }, { status: 400 })
    }
    try {
      const set = await listPracticeQuestions(req, req.user.id, { topic: parsed.data.topic })
      return Response.json(set, { headers: { 'Cache-Control': 'private, no-store' } })
    } catch (error) {
      if (error instanceof TopicFilterNotIncluded) {
        return Response.json({ error: error.message, code: error.code }, { status: 403 })
      }
      throw error
    }
  },
}
