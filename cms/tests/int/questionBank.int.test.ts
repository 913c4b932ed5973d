import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createUser, givePlan, type TestUser, unique } from '../helpers/scenarios'

/**
 * The question-bank gate lives in the CMS: whatever a Free student asks, Plus content never comes
 * back, and no student sees a question's correct option or solution before answering it.
 */
let payload: Payload
const ids: number[] = []
let rest: RestClient
let free: TestUser
let plus: TestUser

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld({ plans: ['QB_FREE', 'PLAN1'] }))
  const topics = ['Quantitative Aptitude', 'Logical Reasoning', 'Verbal Ability', 'DBMS', 'SQL', 'Algorithms'] as const
  // 60 questions of our own, first in order, so other tests' data cannot change the counts.
  for (let i = 0; i < 60; i++) {
    const q = await payload.create({
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
        options: [{ text: 'One' }, { text: 'Two' }, { text: 'Three' }, { text: 'Four' }],
        correctOption: (i % 4) + 1,
        inFreeSample: i < 7,
        order: -1000 + i,
      },
    })
    ids.push(q.id)
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
      expect(ids.slice(0, 7)).toContain(q.id)
      expect(q.options).toEqual([{ text: 'One' }, { text: 'Two' }, { text: 'Three' }, { text: 'Four' }])
      expect(q.answer).toBeNull()
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

describe('answering practice questions', () => {
  const answer = (token: string | null, body: unknown) => rest.post('/questions/practice/answer', { token, body })

  it('no persona but staff reads a correct option or a solution before answering', async () => {
    const mentor = await createUser(payload, { roles: ['mentor'] })
    const staff = await createUser(payload, { roles: ['staff'] })
    const admin = await createUser(payload, { roles: ['admin'] })
    const anyId = ids[0]!
    // Students and mentors: the practice list hides them, the collection refuses them.
    for (const who of [free, plus, mentor]) {
      const list = await rest.get('/questions/practice', { token: who.token })
      const text = JSON.stringify(list.body)
      expect(text).not.toContain('correctOption')
      expect(text).not.toMatch(/Solution \d|Trick \d/)
      expect([403, 404]).toContain((await rest.get(`/questions/${anyId}`, { token: who.token })).status)
      expect((await rest.get('/questions', { token: who.token })).status).toBe(403)
    }
    expect((await rest.get(`/questions/${anyId}`)).status).toBe(403)
    // Editors (staff, admin) edit questions, so they read the correct option.
    for (const who of [staff, admin]) {
      const res = await rest.get(`/questions/${anyId}`, { token: who.token })
      expect(res.status).toBe(200)
      expect(res.body.correctOption).toBe(1)
    }
  })

  it('needs sign-in', async () => {
    expect((await answer(null, { questionId: ids[0], chosenOption: 1 })).status).toBe(401)
  })

  it('garbage is a 400 with a clear message, and nothing is written', async () => {
    const student = await createUser(payload)
    for (const body of [
      {},
      { questionId: 'abc', chosenOption: 1 },
      { questionId: ids[0], chosenOption: 0 },
      { questionId: ids[0], chosenOption: 9 },
    ]) {
      const res = await answer(student.token, body)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('INVALID_INPUT')
      expect(res.body.message).toMatch(/Choose (a question|an answer)\./)
    }
    const bad = await rest.post('/questions/practice/answer', {
      token: student.token,
      rawBody: '{not json',
      headers: { 'content-type': 'application/json' },
    })
    expect(bad.status).toBe(400)
    const { totalDocs } = await payload.count({
      collection: 'practice-answers',
      where: { user: { equals: student.id } },
      overrideAccess: true,
    })
    expect(totalDocs).toBe(0)
  })

  it('an unknown question is a 404', async () => {
    const res = await answer(free.token, { questionId: 999_999_999, chosenOption: 1 })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('QUESTION_NOT_FOUND')
  })

  it('a Free student may answer only the questions of their Free sample', async () => {
    const student = await createUser(payload)
    const shown = (await rest.get('/questions/practice', { token: student.token })).body.questions.map((q: { id: number }) => q.id)
    const hidden = ids.find((id) => !shown.includes(id))!
    const refused = await answer(student.token, { questionId: hidden, chosenOption: 1 })
    expect(refused.status).toBe(404)
    const ok = await answer(student.token, { questionId: shown[0], chosenOption: 1 })
    expect(ok.status).toBe(200)
    // Free: the solution, but no video or toppers' solution.
    expect(ok.body.question.answer).toMatchObject({ chosenOption: 1, solution: expect.stringMatching(/^Solution /) })
    expect(ok.body.question.answer).not.toHaveProperty('videoUrl')
    expect(ok.body.question.answer).not.toHaveProperty('toppersSolution')
  })

  it('an option the question does not have is a 400', async () => {
    const question = await payload.create({
      collection: 'questions',
      overrideAccess: true,
      data: {
        exam: 'X',
        year: 2024,
        topic: 'OOP',
        question: unique('two options'),
        solution: 'S',
        options: [{ text: 'Yes' }, { text: 'No' }],
        correctOption: 1,
        order: -2000,
      },
    })
    const student = await createUser(payload)
    await givePlan(payload, student, 'PLAN1')
    const res = await answer(student.token, { questionId: question.id, chosenOption: 3 })
    expect(res.status).toBe(400)
    expect(res.body.message).toBe('Choose one of the 2 options.')
    await payload.delete({ collection: 'questions', id: question.id, overrideAccess: true })
  })

  it('a Plus student answers, sees the result with video and toppers solutions, and a score per topic; the first answer counts', async () => {
    const student = await createUser(payload)
    await givePlan(payload, student, 'PLAN1')
    // ids[0] and ids[6] are Quantitative Aptitude (correct: 1 and 3); ids[1] Logical Reasoning (correct: 2).
    const right = await answer(student.token, { questionId: ids[0], chosenOption: 1 })
    expect(right.status).toBe(200)
    expect(right.body.firstAnswer).toBe(true)
    expect(right.body.question.answer).toMatchObject({
      chosenOption: 1,
      correct: true,
      correctOption: 1,
      solution: 'Solution 0',
      toppersSolution: 'Trick 0',
      videoUrl: expect.stringMatching(/^https:\/\/www\.youtube\.com/),
    })
    const wrong = await answer(student.token, { questionId: ids[6], chosenOption: 1 })
    expect(wrong.body.question.answer).toMatchObject({ chosenOption: 1, correct: false, correctOption: 3 })
    await answer(student.token, { questionId: ids[1], chosenOption: 2 })
    expect(wrong.body.scores).toEqual([{ topic: 'Quantitative Aptitude', answered: 2, correct: 1 }])

    // Answering again changes nothing: the first answer stands.
    const again = await answer(student.token, { questionId: ids[6], chosenOption: 3 })
    expect(again.status).toBe(200)
    expect(again.body.firstAnswer).toBe(false)
    expect(again.body.question.answer).toMatchObject({ chosenOption: 1, correct: false })

    const list = await rest.get('/questions/practice', { token: student.token })
    expect(list.body.scores).toEqual([
      { topic: 'Logical Reasoning', answered: 1, correct: 1 },
      { topic: 'Quantitative Aptitude', answered: 2, correct: 1 },
    ])
    const answered = list.body.questions.filter((q: { answer: unknown }) => q.answer)
    expect(answered.map((q: { id: number }) => q.id).sort()).toEqual([ids[0], ids[1], ids[6]].sort())
    // Another student's list and score are their own.
    const other = await rest.get('/questions/practice', { token: plus.token })
    expect(other.body.scores).toEqual([])
    expect(other.body.questions.every((q: { answer: unknown }) => q.answer === null)).toBe(true)
    const { totalDocs } = await payload.count({
      collection: 'practice-answers',
      where: { user: { equals: student.id } },
      overrideAccess: true,
    })
    expect(totalDocs).toBe(3)
  })

  it('answers are written only through the endpoint; a student reads only their own', async () => {
    const student = await createUser(payload)
    await answer(student.token, { questionId: ids[0], chosenOption: 2 })
    const created = await rest.post('/practice-answers', {
      token: student.token,
      body: {
        user: student.id,
        question: ids[1],
        topic: 'Logical Reasoning',
        chosenOption: 2,
        correct: true,
        answeredAt: new Date().toISOString(),
      },
    })
    expect(created.status).toBe(403)
    const mine = await rest.get('/practice-answers', { token: student.token })
    expect(mine.body.docs).toHaveLength(1)
    const id = mine.body.docs[0].id
    expect((await rest.patch(`/practice-answers/${id}`, { token: student.token, body: { correct: true } })).status).toBe(403)
    const others = await rest.get(`/practice-answers/${id}`, { token: free.token })
    expect([403, 404]).toContain(others.status)
  })
})
