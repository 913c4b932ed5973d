import type { CollectionSlug, Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { plans } from '../../seed/plans'
import { testPayload } from '../helpers/payload'
import { type RestClient, restClient } from '../helpers/rest'
import { createMentor, createUser, findPlan, givePlan, type TestUser, unique } from '../helpers/scenarios'

/**
 * The access matrix: for every collection, every operation and every persona, whether Payload
 * lets it through, asserted over the real REST handlers. "list" and "read" use a document that
 * belongs to student A (or, for mentor profiles, to the mentor), so row-level filtering is
 * checked too: student B must never see A's bookings, waitlist entries, payments or refunds.
 */
type Persona = 'anonymous' | 'studentA' | 'studentB' | 'mentor' | 'staff' | 'admin'
type Op = 'create' | 'list' | 'read' | 'update' | 'delete'
const PERSONAS: Persona[] = ['anonymous', 'studentA', 'studentB', 'mentor', 'staff', 'admin']
const OPS: Op[] = ['create', 'list', 'read', 'update', 'delete']

type Ctx = {
  payload: Payload
  users: Record<Exclude<Persona, 'anonymous'>, TestUser>
  mentorProfileId: number
  planId: number
  paymentOfBId: number
}
type Spec = {
  allowed: Record<Op, Persona[]>
  /** A document owned by student A (or the mentor's own profile), created with overrideAccess. */
  fixture: (ctx: Ctx) => Promise<{ id: number | string }>
  createBody: (ctx: Ctx) => Record<string, unknown>
  patch: Record<string, unknown>
  /** Statuses that still mean "access granted" for create (e.g. a unique clash after access passed). */
  createAlsoOk?: number[]
}

const ALL: Persona[] = [...PERSONAS]
const EDITORS: Persona[] = ['staff', 'admin']
const ADMIN: Persona[] = ['admin']
const NOBODY: Persona[] = []

const create = (payload: Payload, collection: CollectionSlug, data: Record<string, unknown>) =>
  payload.create({ collection, data: data as never, overrideAccess: true }) as Promise<{ id: number }>

const SPECS: Partial<Record<CollectionSlug, Spec>> = {
  users: {
    allowed: {
      create: ADMIN,
      list: ['studentA', 'admin'],
      read: ['studentA', 'admin'],
      update: ['studentA', 'admin'],
      delete: ADMIN,
    },
    fixture: async ({ users }) => users.studentA,
    createBody: () => ({ email: `${unique('new')}@test.mentorloop.in`, password: 'pw-123456789', name: 'New' }),
    patch: { name: 'Renamed' },
  },
  mentors: {
    allowed: {
      create: EDITORS,
      list: ALL,
      read: ALL,
      update: ['mentor', 'staff', 'admin'],
      delete: EDITORS,
    },
    fixture: async ({ mentorProfileId }) => ({ id: mentorProfileId }),
    createBody: () => ({
      name: 'New Mentor',
      email: `${unique('m')}@test.mentorloop.in`,
      profession: 'SDE',
      company: 'Adobe',
      skills: 'DSA',
      capacity: 10,
      _status: 'published',
    }),
    patch: { bio: 'Updated bio' },
  },
  plans: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    fixture: async ({ payload }) =>
      create(payload, 'plans', {
        code: 'QB_FREE',
        product: 'question-bank',
        name: 'Free',
        price: 0,
        durationDays: 30,
        _status: 'published',
      }).catch(async () => findPlan(payload, 'QB_FREE')),
    // The seed's own Plus plan: other test files (the question bank) read PLAN1's limits.
    createBody: () => ({ ...plans.find((p) => p.code === 'PLAN1')!, _status: 'published' }),
    patch: { description: 'Edited' },
    createAlsoOk: [400],
  },
  faqs: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) => create(payload, 'faqs', { question: unique('Q?'), answer: 'A.', _status: 'published' }),
    createBody: () => ({ question: unique('New?'), answer: 'Yes.', _status: 'published' }),
    patch: { answer: 'Edited.' },
  },
  testimonials: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) => create(payload, 'testimonials', { name: unique('T'), role: 'Student', text: 'Great.', _status: 'published' }),
    createBody: () => ({ name: unique('N'), role: 'Student', text: 'Good.', _status: 'published' }),
    patch: { text: 'Edited.' },
  },
  pages: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) =>
      create(payload, 'pages', { title: 'T', slug: unique('page').toLowerCase(), content: emptyRichText(), _status: 'published' }),
    createBody: () => ({ title: 'New', slug: unique('new').toLowerCase(), content: emptyRichText(), _status: 'published' }),
    patch: { summary: 'Edited' },
  },
  bookings: {
    allowed: {
      create: ADMIN,
      list: ['studentA', 'mentor', 'admin'],
      read: ['studentA', 'mentor', 'admin'],
      update: ADMIN,
      delete: ADMIN,
    },
    fixture: ({ payload, users, mentorProfileId }) =>
      create(payload, 'bookings', { user: users.studentA.id, mentor: mentorProfileId, status: 'cancelled' }),
    createBody: ({ users, mentorProfileId }) => ({ user: users.studentB.id, mentor: mentorProfileId, status: 'cancelled' }),
    patch: { timeSlot: '2026-12-05T10:00:00.000Z' },
  },
  waitlist: {
    allowed: {
      create: ADMIN,
      list: ['studentA', 'mentor', 'admin'],
      read: ['studentA', 'mentor', 'admin'],
      update: ADMIN,
      delete: ADMIN,
    },
    fixture: ({ payload, users, mentorProfileId }) =>
      create(payload, 'waitlist', { user: users.studentA.id, mentor: mentorProfileId, status: 'removed' }),
    createBody: ({ users, mentorProfileId }) => ({ user: users.studentB.id, mentor: mentorProfileId, status: 'removed' }),
    patch: { status: 'removed' },
  },
  payments: {
    allowed: {
      create: NOBODY,
      list: ['studentA', 'admin'],
      read: ['studentA', 'admin'],
      update: NOBODY,
      delete: ADMIN,
    },
    fixture: ({ payload, users }) => givePlan(payload, users.studentA) as Promise<{ id: number }>,
    createBody: ({ users, planId }) => ({
      user: users.studentB.id,
      plan: planId,
      amount: 100,
      currency: 'INR',
      status: 'completed',
      gatewayOrderId: unique('order'),
    }),
    patch: { status: 'refunded' },
  },
  'refund-requests': {
    allowed: {
      create: ADMIN,
      list: ['studentA', 'admin'],
      read: ['studentA', 'admin'],
      update: ADMIN,
      delete: ADMIN,
    },
    fixture: async ({ payload, users }) => {
      const payment = await givePlan(payload, users.studentA)
      return create(payload, 'refund-requests', {
        user: users.studentA.id,
        payment: payment.id,
        reason: "Timing didn't work for me",
      })
    },
    createBody: ({ users, paymentOfBId }) => ({
      user: users.studentB.id,
      payment: paymentOfBId,
      reason: 'I plan to rejoin in the future',
    }),
    patch: { adminNote: 'Looked at it' },
  },
  questions: {
    allowed: { create: EDITORS, list: EDITORS, read: EDITORS, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) =>
      create(payload, 'questions', { exam: 'GATE CSE', year: 2024, topic: 'DBMS', question: unique('Q?'), solution: 'A.' }),
    createBody: () => ({ exam: 'GATE CSE', year: 2024, topic: 'SQL', question: unique('New?'), solution: 'A.' }),
    patch: { solution: 'Edited.' },
  },
  'email-outbox': {
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: ADMIN },
    fixture: ({ payload }) =>
      create(payload, 'email-outbox', { to: `${unique('to')}@test.mentorloop.in`, subject: 'S', status: 'captured' }),
    createBody: () => ({ to: 'x@test.mentorloop.in', subject: 'S', status: 'sent' }),
    patch: { subject: 'Edited' },
  },
  'newsletter-subscribers': {
    allowed: { create: NOBODY, list: EDITORS, read: EDITORS, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) => create(payload, 'newsletter-subscribers', { name: 'N', email: `${unique('n')}@test.mentorloop.in` }),
    createBody: () => ({ name: 'N', email: `${unique('n')}@test.mentorloop.in` }),
    patch: { name: 'Edited' },
  },
}

function emptyRichText() {
  return {
    root: {
      type: 'root',
      format: '',
      indent: 0,
      version: 1,
      direction: 'ltr',
      children: [
        {
          type: 'paragraph',
          format: '',
          indent: 0,
          version: 1,
          direction: 'ltr',
          textFormat: 0,
          children: [{ type: 'text', text: 'Policy text.', format: 0, detail: 0, mode: 'normal', style: '', version: 1 }],
        },
      ],
    },
  }
}

let ctx: Ctx
let rest: RestClient
const tokenOf = (p: Persona) => (p === 'anonymous' ? null : ctx.users[p].token)

beforeAll(async () => {
  const payload = await testPayload()
  rest = restClient(payload.config)
  const [studentA, studentB, mentor, staff, admin] = await Promise.all([
    createUser(payload, { roles: ['student'], name: 'Student A' }),
    createUser(payload, { roles: ['student'], name: 'Student B' }),
    createUser(payload, { roles: ['mentor'], name: 'Mentor' }),
    createUser(payload, { roles: ['staff'], name: 'Staff' }),
    createUser(payload, { roles: ['admin'], name: 'Admin' }),
  ])
  const profile = await createMentor(payload, { user: mentor, capacity: 15 })
  const plan = await findPlan(payload, 'BEGINNER_TECHY')
  const paymentOfB = await givePlan(payload, studentB)
  ctx = {
    payload,
    users: { studentA, studentB, mentor, staff, admin },
    mentorProfileId: profile.id,
    planId: plan.id,
    paymentOfBId: paymentOfB.id as number,
  }
})

let cells = 0

for (const [slug, spec] of Object.entries(SPECS) as [CollectionSlug, Spec][]) {
  describe(`access matrix: ${slug}`, () => {
    for (const op of OPS) {
      for (const persona of PERSONAS) {
        const allowed = spec.allowed[op].includes(persona)
        cells++
        it(`${op} by ${persona} is ${allowed ? 'allowed' : 'denied'}`, async () => {
          const token = tokenOf(persona)
          if (op === 'create') {
            const res = await rest.post(`/${slug}`, { token, body: spec.createBody(ctx) })
            if (allowed) expect([201, ...(spec.createAlsoOk ?? [])], JSON.stringify(res.body)).toContain(res.status)
            else expect(res.status, JSON.stringify(res.body)).toBe(403)
            return
          }
          const doc = await spec.fixture(ctx)
          if (op === 'list') {
            const res = await rest.get(`/${slug}`, { token, query: { limit: 1000, depth: 0, where: { id: { equals: doc.id } } } })
            const ids = res.status === 200 ? (res.body.docs as { id: number }[]).map((d) => d.id) : []
            if (allowed) {
              expect(res.status).toBe(200)
              expect(ids).toContain(doc.id)
            } else {
              expect([200, 403]).toContain(res.status)
              expect(ids).not.toContain(doc.id)
            }
            // Whatever the query, nobody denied ever gets the document back.
            if (!allowed && res.status === 200) {
              const all = await rest.get(`/${slug}`, { token, query: { limit: 1000, depth: 0, pagination: false } })
              expect((all.body.docs as { id: number }[]).map((d) => d.id)).not.toContain(doc.id)
            }
            return
          }
          if (op === 'read') {
            const res = await rest.get(`/${slug}/${doc.id}`, { token, query: { depth: 0 } })
            if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(200)
            else expect([403, 404]).toContain(res.status)
            return
          }
          if (op === 'update') {
            const res = await rest.patch(`/${slug}/${doc.id}`, { token, body: spec.patch })
            if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(200)
            else expect([403, 404]).toContain(res.status)
            return
          }
          // delete: a throwaway document each time, so the other cells keep theirs
          const victim =
            slug === 'users'
              ? await createUser(ctx.payload)
              : slug === 'mentors'
                ? await createMentor(ctx.payload)
                : await spec.fixture(ctx)
          const res = await rest.delete(`/${slug}/${victim.id}`, { token })
          const still = await ctx.payload.findByID({ collection: slug, id: victim.id, overrideAccess: true, depth: 0, disableErrors: true })
          if (allowed) {
            expect(res.status, JSON.stringify(res.body)).toBe(200)
            expect(still).toBeNull()
          } else {
            expect([403, 404]).toContain(res.status)
            expect(still).not.toBeNull()
          }
        })
      }
    }
  })
}

describe('access matrix: site-settings global', () => {
  for (const persona of PERSONAS) {
    cells += 2
    it(`read by ${persona} is allowed`, async () => {
      const res = await rest.get('/globals/site-settings', { token: tokenOf(persona) })
      expect(res.status).toBe(200)
    })
    const canUpdate = EDITORS.includes(persona)
    it(`update by ${persona} is ${canUpdate ? 'allowed' : 'denied'}`, async () => {
      const res = await rest.post('/globals/site-settings', {
        token: tokenOf(persona),
        body: { supportEmail: 'support@mentorloop.in' },
        query: { draft: 'true' },
      })
      if (canUpdate) expect(res.status, JSON.stringify(res.body)).toBe(200)
      else expect(res.status).toBe(403)
    })
  }
})

describe('access matrix: sign-in endpoints', () => {
  // POST /api/users/oidc-exchange is for the site's server only: a user token is never enough.
  for (const persona of PERSONAS) {
    cells++
    it(`oidc-exchange by ${persona} without the service key is denied`, async () => {
      const res = await rest.post('/users/oidc-exchange', { token: tokenOf(persona), body: { idToken: 'a.b.c', nonce: 'n'.repeat(20) } })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('SERVICE_KEY_INVALID')
    })
  }
  it('oidc-exchange with the service key reaches input validation', async () => {
    const { env } = await import('../../lib/env')
    const res = await rest.post('/users/oidc-exchange', {
      headers: { 'x-service-key': env.SERVICE_KEY, 'x-client-ip': '192.0.2.77' },
      body: {},
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('INVALID_REQUEST')
  })

  // GET /api/users/me answers each persona about itself only, and the mentor profile id only to its mentor.
  for (const persona of PERSONAS) {
    cells++
    it(`users/me for ${persona} answers only their own account and mentor profile`, async () => {
      const res = await rest.get('/users/me', { token: tokenOf(persona) })
      expect(res.status).toBe(200)
      if (persona === 'anonymous') {
        expect(res.body.user).toBeNull()
        expect(res.body.mentorId).toBeNull()
        return
      }
      expect(res.body.user.id).toBe(ctx.users[persona].id)
      expect(res.body.mentorId).toBe(persona === 'mentor' ? ctx.mentorProfileId : null)
      // Sign-in internals never reach a non-admin.
      if (persona !== 'admin') {
        expect(res.body.user.googleSub).toBeUndefined()
        expect(res.body.user.passwordLogin).toBeUndefined()
      }
    })
  }
})

describe('row-level and field-level rules', () => {
  it('a draft mentor profile is hidden from visitors and students, visible to editors and its own mentor', async () => {
    const draftOwner = await createUser(ctx.payload, { roles: ['mentor'] })
    const draft = await createMentor(ctx.payload, { user: draftOwner, published: false })
    for (const [token, visible] of [
      [null, false],
      [ctx.users.studentA.token, false],
      [ctx.users.mentor.token, false],
      [draftOwner.token, true],
      [ctx.users.staff.token, true],
      [ctx.users.admin.token, true],
    ] as const) {
      const res = await rest.get('/mentors', { token, query: { where: { id: { equals: draft.id } }, draft: 'true' } })
      expect(res.body.docs.map((d: { id: number }) => d.id).includes(draft.id)).toBe(visible)
    }
  })

  it('anonymous visitors never see a mentor e-mail or linked account', async () => {
    const res = await rest.get(`/mentors/${ctx.mentorProfileId}`)
    expect(res.status).toBe(200)
    expect(res.body.email).toBeUndefined()
    expect(res.body.user).toBeUndefined()
  })

  it('a student cannot give themselves a role, and cannot set roles on sign-up data', async () => {
    const res = await rest.patch(`/users/${ctx.users.studentA.id}`, { token: ctx.users.studentA.token, body: { roles: ['admin'] } })
    expect(res.status).toBe(200)
    const fresh = await ctx.payload.findByID({ collection: 'users', id: ctx.users.studentA.id, overrideAccess: true })
    expect(fresh.roles).toEqual(['student'])
  })

  it('staff cannot change roles either; an admin can', async () => {
    const target = await createUser(ctx.payload)
    await rest.patch(`/users/${target.id}`, { token: ctx.users.staff.token, body: { roles: ['admin'] } })
    expect((await ctx.payload.findByID({ collection: 'users', id: target.id, overrideAccess: true })).roles).toEqual(['student'])
    const res = await rest.patch(`/users/${target.id}`, { token: ctx.users.admin.token, body: { roles: ['mentor'] } })
    expect(res.status).toBe(200)
    expect((await ctx.payload.findByID({ collection: 'users', id: target.id, overrideAccess: true })).roles).toEqual(['mentor'])
  })

  it('student B never sees student A’s bookings, waitlist, payments or refunds, whatever the query', async () => {
    for (const slug of ['bookings', 'waitlist', 'payments', 'refund-requests'] as const) {
      for (const where of [{}, { user: { equals: ctx.users.studentA.id } }, { 'user.email': { equals: ctx.users.studentA.email } }]) {
        const res = await rest.get(`/${slug}`, { token: ctx.users.studentB.token, query: { where, limit: 1000 } })
        expect([200, 400, 403]).toContain(res.status)
        if (res.status === 200) {
          const owners = res.body.docs.map((d: { user: number | { id: number } }) => (typeof d.user === 'object' ? d.user.id : d.user))
          expect(owners.every((id: number) => id === ctx.users.studentB.id)).toBe(true)
        }
      }
    }
  })

  it('only admins see or queue background jobs', async () => {
    for (const persona of PERSONAS) {
      const res = await rest.get('/payload-jobs', { token: tokenOf(persona) })
      if (persona === 'admin') expect(res.status).toBe(200)
      else expect(res.status).toBe(403)
    }
  })

  it('counts the matrix', () => {
    expect(cells).toBeGreaterThanOrEqual(Object.keys(SPECS).length * OPS.length * PERSONAS.length)
  })
})
