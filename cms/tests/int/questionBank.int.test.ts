import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { testPayload } from '../helpers/payload'
import { type RestClient, restClient } from '../helpers/rest'
import { createUser, findPlan, givePlan, type TestUser, unique } from '../helpers/scenarios'

/** The question-bank gate lives in the CMS: whatever a Free student asks, Plus content never comes back. */
let payload: Payload
let rest: RestClient
let free: TestUser
let plus: TestUser

beforeAll(async () => {
  payload = await testPayload()
  rest = restClient(payload.config)
  await findPlan(payload, 'QB_FREE')
  await findPlan(payload, 'PLAN1')
  const topics = ['Quantitative Aptitude', 'Logical Reasoning', 'Verbal Ability', 'DBMS', 'SQL', 'Algorithms'] as const
  // 60 questions of our own, first in order, so other tests' data cannot change the counts.
  for (let i = 0; i < 60; i++) {
    await payload.create({
      collection: 'questions',
      overrideAccess: true,
      data: {
        exam: 'TCS NQT',
        year: 2024,
        topic: topics[i % topics.length]!,
        question: unique(`Q${i}`),
        solution: `Solution ${i}`,
        videoUrl: `https://www.youtube.com/watch?v=${String(i).padStart(11, '0')}`,
        toppersSolution: `Trick ${i}`,
        inFreeSample: i < 7,
        order: -1000 + i,
      },
    })
  }
  free = await createUser(payload)
  plus = await createUser(payload)
  await givePlan(payload, plus, 'PLAN1')
})

describe('question bank practice', () => {
  it('needs sign-in', async () => {
    expect((await rest.get('/questions/practice')).status).toBe(401)
  })

  it('a Free student sees 5 questions from the Free sample, without video or toppers solutions', async () => {
    const res = await rest.get('/questions/practice', { token: free.token })
    expect(res.status).toBe(200)
    expect(res.body.access).toMatchObject({ isActive: false, questionLimit: 5, topicWise: false, plan: { code: 'QB_FREE' } })
    expect(res.body.questions).toHaveLength(5)
    for (const q of res.body.questions) {
      expect(q.solution).toMatch(/^Solution [0-6]$/)
      expect(q).not.toHaveProperty('videoUrl')
      expect(q).not.toHaveProperty('toppersSolution')
    }
    expect(res.body.topics).toEqual([])
  })

  it('a Free student cannot filter by topic', async () => {
    const res = await rest.get('/questions/practice', { token: free.token, query: { topic: 'DBMS' } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('TOPIC_FILTER_NOT_INCLUDED')
  })

  it('a Free student cannot read the questions collection through REST or GraphQL-style queries', async () => {
    expect((await rest.get('/questions', { token: free.token })).status).toBe(403)
    expect((await rest.get('/questions', { token: free.token, query: { where: { inFreeSample: { equals: false } } } })).status).toBe(403)
    const anyId = (await payload.find({ collection: 'questions', limit: 1, overrideAccess: true })).docs[0]!.id
    expect([403, 404]).toContain((await rest.get(`/questions/${anyId}`, { token: free.token })).status)
  })

  it('a Plus student sees 50 questions with video and toppers solutions, and can filter by topic', async () => {
    const res = await rest.get('/questions/practice', { token: plus.token })
    expect(res.status).toBe(200)
    expect(res.body.access).toMatchObject({ isActive: true, questionLimit: 50, topicWise: true, plan: { code: 'PLAN1' } })
    expect(res.body.access.expiryDate).toBeTruthy()
    expect(res.body.questions).toHaveLength(50)
    expect(res.body.questions[0].videoUrl).toMatch(/^https:\/\/www\.youtube\.com/)
    expect(res.body.questions[0].toppersSolution).toMatch(/^Trick/)
    expect(res.body.topics.length).toBeGreaterThan(1)
    const sql = await rest.get('/questions/practice', { token: plus.token, query: { topic: 'SQL' } })
    expect(sql.status).toBe(200)
    expect(sql.body.questions.length).toBeGreaterThan(0)
    expect(sql.body.questions.every((q: { topic: string }) => q.topic === 'SQL')).toBe(true)
  })

  it('an unknown topic is a 400 with a clear message', async () => {
    const res = await rest.get('/questions/practice', { token: plus.token, query: { topic: 'Astrology' } })
    expect(res.status).toBe(400)
    expect(res.body.error).toBe('Unknown topic.')
  })

  it('an expired Plus plan falls back to Free', async () => {
    const lapsed = await createUser(payload)
    const payment = await givePlan(payload, lapsed, 'PLAN1')
    await payload.update({
      collection: 'payments',
      id: payment.id,
      overrideAccess: true,
      data: { subscriptionEnds: new Date(Date.now() - 1000).toISOString() },
    })
    const res = await rest.get('/questions/practice', { token: lapsed.token })
    expect(res.body.access).toMatchObject({ isActive: false, plan: { code: 'QB_FREE' } })
    expect(res.body.questions).toHaveLength(5)
  })
})
