import type { Batch } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import { GRAPHQL_POST } from '@payloadcms/next/routes'
import { type CollectionSlug, formatNames, type Payload } from 'payload'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_TAKEN } from '../../collections/Users/hooks/keepEmailsUnique'
import { txQuery } from '../../lib/transaction'
import { plans } from '../../seed/plans'
import { createBooking } from '../../services/booking'
import { type RestClient, reqAs, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, createUser, findPlan, givePlan, openBatchOf, type TestUser, unique } from '../helpers/scenarios'

/**
 * The access matrix: for every collection, every operation and every persona, whether Payload
 * lets it through, asserted over the real REST handlers. "list" and "read" use a document that
 * belongs to student A (or, for mentor profiles, to the mentor), so row-level filtering is
 * checked too: student B must never see A's bookings, waitlist entries, payments or refunds.
 * Every collection and global of the running config (Payload's own included) must have a row in
 * the tables below, so a new one cannot ship without its access decided; version routes and
 * GraphQL are checked against the same tables. "staff" is the editor persona (role `staff`).
 */
type Persona = 'anonymous' | 'studentA' | 'studentB' | 'mentor' | 'staff' | 'admin'
type Op = 'create' | 'list' | 'read' | 'update' | 'delete'
const PERSONAS: Persona[] = ['anonymous', 'studentA', 'studentB', 'mentor', 'staff', 'admin']
const OPS: Op[] = ['create', 'list', 'read', 'update', 'delete']

type Ctx = {
  payload: Payload
  users: Record<Exclude<Persona, 'anonymous'>, TestUser>
  mentorProfileId: number
  batch: Batch
  planId: number
  paymentOfBId: number
}
type Spec = {
  allowed: Record<Op, Persona[]>
  /** Who lists the collection's versions (GET /{slug}/versions); only for collections with versions. */
  readVersions?: Persona[]
  /** A document owned by student A (or the mentor's own profile), created with overrideAccess. */
  fixture: (ctx: Ctx) => Promise<{ id: number | string }>
  /** A throwaway document for the delete cells (default: the fixture). */
  victim?: (ctx: Ctx) => Promise<{ id: number | string }>
  createBody: (ctx: Ctx) => Record<string, unknown>
  patch: Record<string, unknown> | ((persona: Persona) => Record<string, unknown>)
  /** Statuses that still mean "access granted" for create (e.g. a unique clash after access passed). */
  createAlsoOk?: number[]
  /** Statuses that mean "refused" besides 403 (a collection without REST routes answers 404). */
  deniedAlso?: number[]
  /** Payload's preferences answer GET and DELETE /{key} for the caller's own key: no by-id read or delete. */
  noByIdRoutes?: boolean
}

const ALL: Persona[] = [...PERSONAS]
const EDITORS: Persona[] = ['staff', 'admin']
const ADMIN: Persona[] = ['admin']
const NOBODY: Persona[] = []
const PANEL: Persona[] = ['mentor', 'staff', 'admin']
const MENTOR_ADMIN: Persona[] = ['mentor', 'admin']
const nothing = { create: NOBODY, list: NOBODY, read: NOBODY, update: NOBODY, delete: NOBODY }
const DAY = 86_400_000

/** A fixture made once per run (a seat offer is unique per student and batch). */
function once<T>(make: (ctx: Ctx) => Promise<T>): (ctx: Ctx) => Promise<T> {
  let made: Promise<T> | null = null
  return (c) => {
    made ??= make(c)
    return made
  }
}

const discountCodeBody = () => ({
  code: unique('M')
    .toUpperCase()
    .replace(/[^A-Z0-9_-]/g, '')
    .slice(-30),
  kind: 'percent',
  percentOff: 10,
  startsAt: new Date().toISOString(),
})
const create = (payload: Payload, collection: CollectionSlug, data: Record<string, unknown>) =>
  payload.create({ collection, data: data as never, overrideAccess: true }) as Promise<{ id: number }>

/** One student seated in the mentor persona's batch (a batch has few seats: made once). */
const seatedStudent = once(async ({ batch }) => {
  const student = await studentWithPlan()
  expect((await createBooking(await reqAs(), { userId: student.id, mentorId: Number(batch.mentor) })).kind).toBe('booked')
  return student
})

/** A fresh two-hour slot in the batch for each session the matrix creates: one mentor's sessions may not overlap. */
let sessionSlots = 0
const nextSessionStart = (batch: { startsOn: string }) =>
  new Date(new Date(batch.startsOn).getTime() + DAY + sessionSlots++ * 2 * 60 * 60 * 1000).toISOString()

/** An attendance mark of that student for a session already started (written directly: the collection refuses a session in the future). */
async function attendanceRow(ctx: Ctx): Promise<{ id: number }> {
  const { batch } = ctx
  const student = await seatedStudent(ctx)
  const req = await reqAs()
  const [session] = await txQuery<{ id: number }>(
    req,
    sql`INSERT INTO sessions (title, batch_id, mentor_id, starts_at, duration_minutes, status, sequence, created_at, updated_at)
        VALUES ('Started', ${batch.id}, ${Number(batch.mentor)}, now() - interval '1 hour', 60, 'scheduled', 0, now(), now()) RETURNING id`,
  )
  const [row] = await txQuery<{ id: number }>(
    req,
    sql`INSERT INTO session_attendance (session_id, user_id, status, batch_id, mentor_id, created_at, updated_at)
        VALUES (${session!.id}, ${student.id}, 'present', ${batch.id}, ${Number(batch.mentor)}, now(), now()) RETURNING id`,
  )
  return { id: Number(row!.id) }
}

/** Student A's rating of the mentor persona's batch (written as the service writes it: the collection refuses creates). */
const ratingOfA = once(async ({ batch, users }: Ctx): Promise<{ id: number }> => {
  const [row] = await txQuery<{ id: number }>(
    await reqAs(),
    sql`INSERT INTO ratings (user_id, batch_id, mentor_id, stars, comment, show_comment, hidden, created_at, updated_at)
        VALUES (${users.studentA.id}, ${batch.id}, ${Number(batch.mentor)}, 4, 'Helpful', true, false, now(), now()) RETURNING id`,
  )
  return { id: Number(row!.id) }
})

const applicationData = () => ({
  name: 'Applicant',
  email: `${unique('applicant')}@test.mentorloop.in`,
  company: 'Google',
  role: 'SDE III',
  years: 6,
  profileUrl: 'https://www.linkedin.com/in/applicant',
  topics: 'DSA',
  why: 'To give back.',
})

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
    // Its own mentor reads the history of this profile (and of no other).
    readVersions: ['mentor', 'staff', 'admin'],
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
    // Staff publish explicitly (a save without `_status` after a mentor's draft would keep it a
    // draft, as in /admin); the mentor's own save becomes a draft.
    patch: (persona) => (EDITORS.includes(persona) ? { bio: 'Updated bio', _status: 'published' } : { bio: 'Updated bio' }),
  },
  plans: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    readVersions: EDITORS,
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
    readVersions: EDITORS,
    fixture: ({ payload }) => create(payload, 'faqs', { question: unique('Q?'), answer: 'A.', _status: 'published' }),
    createBody: () => ({ question: unique('New?'), answer: 'Yes.', _status: 'published' }),
    patch: { answer: 'Edited.' },
  },
  testimonials: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    readVersions: EDITORS,
    fixture: ({ payload }) => create(payload, 'testimonials', { name: unique('T'), role: 'Student', text: 'Great.', _status: 'published' }),
    createBody: () => ({ name: unique('N'), role: 'Student', text: 'Good.', _status: 'published' }),
    patch: { text: 'Edited.' },
  },
  pages: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    readVersions: EDITORS,
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
  // Discount codes (decision 195): staff run them; students never read the list.
  'discount-codes': {
    allowed: { create: EDITORS, list: EDITORS, read: EDITORS, update: EDITORS, delete: ADMIN },
    fixture: ({ payload }) => create(payload, 'discount-codes', discountCodeBody()),
    createBody: () => discountCodeBody(),
    patch: { note: 'Edited' },
  },
  // A code's uses are written by the checkout and the payment's verification only (decision 196).
  'discount-code-uses': {
    allowed: { create: NOBODY, list: EDITORS, read: EDITORS, update: NOBODY, delete: NOBODY },
    fixture: async ({ payload, users, planId }) => {
      const code = await create(payload, 'discount-codes', discountCodeBody())
      return create(payload, 'discount-code-uses', {
        discountCode: code.id,
        user: users.studentA.id,
        plan: planId,
        status: 'reserved',
        amount: 100,
        expiresAt: new Date().toISOString(),
      })
    },
    createBody: ({ users, planId }) => ({
      user: users.studentB.id,
      plan: planId,
      status: 'used',
      amount: 100,
      expiresAt: new Date().toISOString(),
    }),
    patch: { status: 'used' },
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
  'practice-answers': {
    // Written only by POST /api/questions/practice/answer; a student reads their own answers.
    allowed: { create: NOBODY, list: ['studentA', 'admin'], read: ['studentA', 'admin'], update: NOBODY, delete: ADMIN },
    fixture: async ({ payload, users }) => {
      const question = await create(payload, 'questions', {
        exam: 'GATE CSE',
        year: 2024,
        topic: 'DBMS',
        question: unique('Q?'),
        solution: 'A.',
        options: [{ text: 'Yes' }, { text: 'No' }],
        correctOption: 1,
      })
      return create(payload, 'practice-answers', {
        user: users.studentA.id,
        question: question.id,
        topic: 'DBMS',
        chosenOption: 1,
        correct: true,
        answeredAt: new Date().toISOString(),
      })
    },
    createBody: ({ users }) => ({ user: users.studentB.id, question: 1, topic: 'DBMS', chosenOption: 1, correct: true }),
    patch: { correct: false },
  },
  'email-outbox': {
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: ADMIN },
    fixture: ({ payload }) =>
      create(payload, 'email-outbox', { to: `${unique('to')}@test.mentorloop.in`, subject: 'S', status: 'captured' }),
    createBody: () => ({ to: 'x@test.mentorloop.in', subject: 'S', status: 'sent' }),
    patch: { subject: 'Edited' },
  },
  notices: {
    allowed: { create: NOBODY, list: ['studentA', 'admin'], read: ['studentA', 'admin'], update: NOBODY, delete: ADMIN },
    fixture: ({ payload, users }) => create(payload, 'notices', { user: users.studentA.id, kind: 'test', title: 'T', body: 'B' }),
    createBody: ({ users }) => ({ user: users.studentA.id, kind: 'test', title: 'T', body: 'B' }),
    patch: { title: 'Edited' },
  },
  'job-failures': {
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: ADMIN },
    fixture: ({ payload }) => create(payload, 'job-failures', { step: 'test', ref: unique('ref') }),
    createBody: () => ({ step: 'test', ref: 'x' }),
    patch: { error: 'Edited' },
  },
  'newsletter-subscribers': {
    allowed: { create: NOBODY, list: EDITORS, read: EDITORS, update: EDITORS, delete: EDITORS },
    fixture: ({ payload }) => create(payload, 'newsletter-subscribers', { name: 'N', email: `${unique('n')}@test.mentorloop.in` }),
    createBody: () => ({ name: 'N', email: `${unique('n')}@test.mentorloop.in` }),
    patch: { name: 'Edited' },
  },
  // Applications come from the site's endpoint only; the team reads and reviews them (issue 35).
  'mentor-applications': {
    allowed: { create: NOBODY, list: EDITORS, read: EDITORS, update: EDITORS, delete: ADMIN },
    fixture: ({ payload }) => create(payload, 'mentor-applications', applicationData()),
    victim: ({ payload }) => create(payload, 'mentor-applications', applicationData()),
    createBody: () => applicationData(),
    patch: { reviewerNotes: 'Edited' },
  },
  batches: {
    allowed: { create: MENTOR_ADMIN, list: MENTOR_ADMIN, read: MENTOR_ADMIN, update: MENTOR_ADMIN, delete: ADMIN },
    fixture: async ({ batch }) => batch,
    // A batch of a mentor of its own, so deleting it leaves the shared one alone.
    victim: async ({ payload }) => openBatchOf(payload, await createMentor(payload)),
    // The batch rules may refuse the dates (400): access has let it through by then.
    createBody: ({ mentorProfileId }) => ({
      mentor: mentorProfileId,
      label: unique('Batch'),
      startsOn: '2031-01-01',
      endsOn: '2031-01-31',
    }),
    createAlsoOk: [400],
    patch: { capacity: 20 },
  },
  'seat-offers': {
    allowed: {
      create: NOBODY,
      list: ['studentA', 'mentor', 'admin'],
      read: ['studentA', 'mentor', 'admin'],
      update: NOBODY,
      delete: NOBODY,
    },
    fixture: once(({ payload, users, mentorProfileId, batch }) =>
      create(payload, 'seat-offers', {
        user: users.studentA.id,
        mentor: mentorProfileId,
        batch: batch.id,
        kind: 'waitlist',
        status: 'expired',
        expiresAt: new Date(Date.now() - DAY).toISOString(),
      }),
    ),
    createBody: ({ users, mentorProfileId, batch }) => ({
      user: users.studentB.id,
      mentor: mentorProfileId,
      batch: batch.id,
      kind: 'waitlist',
      status: 'expired',
      expiresAt: new Date().toISOString(),
    }),
    patch: { status: 'declined' },
  },
  sessions: {
    allowed: { create: MENTOR_ADMIN, list: MENTOR_ADMIN, read: MENTOR_ADMIN, update: MENTOR_ADMIN, delete: MENTOR_ADMIN },
    fixture: ({ payload, batch }) => create(payload, 'sessions', { batch: batch.id, startsAt: nextSessionStart(batch) }),
    createBody: ({ batch }) => ({ batch: batch.id, startsAt: nextSessionStart(batch) }),
    patch: { meetingLink: 'https://meet.example.com/abc' },
  },
  'session-attendance': {
    // Marked by the batch's mentor through POST /api/attendance, or by an admin here; the mentor lists their own batches'.
    allowed: { create: ADMIN, list: MENTOR_ADMIN, read: MENTOR_ADMIN, update: ADMIN, delete: ADMIN },
    fixture: once((ctx) => attendanceRow(ctx)),
    victim: (ctx) => attendanceRow(ctx),
    // The rules refuse a student not seated (400): access has let it through by then.
    createBody: ({ users }) => ({ session: 1, user: users.studentB.id, status: 'present' }),
    createAlsoOk: [400, 404],
    patch: { status: 'absent' },
  },
  ratings: {
    // Written by students through /api/ratings/mine only; admins read them and hide a comment, nobody deletes one.
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: ADMIN, delete: NOBODY },
    fixture: ratingOfA,
    createBody: ({ users, batch }) => ({ user: users.studentB.id, batch: batch.id, mentor: Number(batch.mentor), stars: 5 }),
    patch: { hidden: true, hiddenReason: 'Access matrix' },
  },
  'session-reminders': {
    // Written only by the minute's tick (services/sessions/reminders.ts); admins read the ledger.
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: NOBODY },
    fixture: async ({ payload, batch }) => {
      const session = await create(payload, 'sessions', {
        batch: batch.id,
        startsAt: nextSessionStart(batch),
      })
      return create(payload, 'session-reminders', { session: session.id, kind: 'day', sequence: 0, recipients: 1 })
    },
    createBody: () => ({ kind: 'hour', sequence: 0 }),
    patch: { recipients: 2 },
  },
  media: {
    allowed: { create: EDITORS, list: ALL, read: ALL, update: EDITORS, delete: EDITORS },
    fixture: async ({ payload }) => {
      const data = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#336699' } })
        .png()
        .toBuffer()
      return payload.create({
        collection: 'media',
        data: { alt: 'A square' },
        file: { data, mimetype: 'image/png', name: `${unique('sq')}.png`, size: data.length },
        overrideAccess: true,
      }) as Promise<{ id: number }>
    },
    // A JSON body carries no file: refused with 400 once access has let it through.
    createBody: () => ({ alt: 'No file' }),
    createAlsoOk: [400],
    patch: { alt: 'Edited' },
  },
  'payment-events': {
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: ADMIN },
    fixture: ({ payload }) => create(payload, 'payment-events', { eventId: unique('evt'), event: 'payment.captured' }),
    createBody: () => ({ eventId: unique('evt'), event: 'payment.captured' }),
    patch: { event: 'edited' },
  },
  // Payload's own collections.
  'payload-jobs': {
    allowed: { create: NOBODY, list: ADMIN, read: ADMIN, update: NOBODY, delete: NOBODY },
    fixture: ({ payload }) => create(payload, 'payload-jobs', { taskSlug: 'timeTick', input: {}, queue: unique('matrix') }),
    createBody: () => ({ taskSlug: 'sendEmail', input: {}, queue: 'matrix' }),
    patch: { processing: false },
  },
  'payload-locked-documents': {
    allowed: { create: NOBODY, list: PANEL, read: PANEL, update: PANEL, delete: PANEL },
    fixture: ({ payload, users }) =>
      create(payload, 'payload-locked-documents', { globalSlug: 'site-settings', user: { relationTo: 'users', value: users.admin.id } }),
    createBody: ({ users }) => ({ globalSlug: 'site-settings', user: { relationTo: 'users', value: users.studentA.id } }),
    patch: { globalSlug: 'site-settings' },
  },
  'payload-preferences': {
    // Each user their own: the fixture is student A's.
    allowed: { create: NOBODY, list: ['studentA'], read: ['studentA'], update: ['studentA'], delete: ['studentA'] },
    // The user comes from the request (Payload's hook), as in /admin.
    fixture: ({ payload, users }) =>
      payload.create({
        collection: 'payload-preferences',
        data: { key: unique('pref'), value: { a: 1 }, user: { relationTo: 'users', value: users.studentA.id } },
        user: { ...users.studentA, collection: 'users' },
        overrideAccess: true,
      }) as Promise<{ id: number }>,
    createBody: ({ users }) => ({ key: 'x', value: {}, user: { relationTo: 'users', value: users.studentA.id } }),
    patch: { value: { a: 2 } },
    noByIdRoutes: true,
  },
  'payload-kv': {
    allowed: nothing,
    fixture: ({ payload }) => create(payload, 'payload-kv', { key: unique('kv'), data: { a: 1 } }),
    createBody: () => ({ key: unique('kv'), data: {} }),
    patch: { data: { a: 2 } },
  },
  'payload-migrations': {
    allowed: nothing,
    fixture: ({ payload }) => create(payload, 'payload-migrations', { name: unique('m'), batch: 999 }),
    createBody: () => ({ name: 'm', batch: 1 }),
    patch: { batch: 1000 },
    // No REST routes at all (endpoints: false): 501.
    deniedAlso: [404, 501],
  },
}

/** Globals: who reads and updates; who reads drafts (?draft=true) and versions where versions are on. */
type GlobalSpec = { read: Persona[]; update: Persona[]; readVersions?: Persona[]; body: Record<string, unknown> }
const GLOBALS: Record<string, GlobalSpec> = {
  'site-settings': { read: ALL, update: EDITORS, readVersions: EDITORS, body: { supportEmail: 'support@mentorloop.in' } },
  // The rules the site states to students (the seat hold): read by anyone, changed by admins (decision 091).
  'business-rules': { read: ALL, update: ADMIN, body: { offerHoldHours: 24 } },
  // Payload's job statistics: written by the job runner only.
  'payload-jobs-stats': { read: ADMIN, update: NOBODY, body: { stats: {} } },
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
  const world = await setUpWorld({ staff: true })
  const { payload, staff, admin } = world
  rest = world.rest
  const [studentA, studentB, mentor] = await Promise.all([
    createUser(payload, { roles: ['student'], name: 'Student A' }),
    createUser(payload, { roles: ['student'], name: 'Student B' }),
    createUser(payload, { roles: ['mentor'], name: 'Mentor' }),
  ])
  const profile = await createMentor(payload, { user: mentor, capacity: 15 })
  const batch = await openBatchOf(payload, profile)
  const plan = await findPlan(payload, 'BEGINNER_TECHY')
  const paymentOfB = await givePlan(payload, studentB)
  ctx = {
    payload,
    users: { studentA, studentB, mentor, staff, admin },
    mentorProfileId: profile.id,
    batch,
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
          const denied = [403, ...(spec.deniedAlso ?? [])]
          if (op === 'create') {
            const res = await rest.post(`/${slug}`, { token, body: spec.createBody(ctx) })
            if (allowed) expect([201, ...(spec.createAlsoOk ?? [])], JSON.stringify(res.body)).toContain(res.status)
            else expect(denied, JSON.stringify(res.body)).toContain(res.status)
            return
          }
          if (spec.noByIdRoutes && (op === 'read' || op === 'delete')) return
          const doc = await spec.fixture(ctx)
          if (op === 'list') {
            const res = await rest.get(`/${slug}`, { token, query: { limit: 1000, depth: 0, where: { id: { equals: doc.id } } } })
            const ids = res.status === 200 ? (res.body.docs as { id: number }[]).map((d) => d.id) : []
            if (allowed) {
              expect(res.status).toBe(200)
              expect(ids).toContain(doc.id)
            } else {
              expect([200, ...denied]).toContain(res.status)
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
            else expect([404, ...denied]).toContain(res.status)
            return
          }
          if (op === 'update') {
            const body = typeof spec.patch === 'function' ? spec.patch(persona) : spec.patch
            const res = await rest.patch(`/${slug}/${doc.id}`, { token, body })
            if (allowed) expect(res.status, JSON.stringify(res.body)).toBe(200)
            else expect([404, ...denied]).toContain(res.status)
            return
          }
          // delete: a throwaway document each time, so the other cells keep theirs
          const victim =
            slug === 'users'
              ? await createUser(ctx.payload)
              : slug === 'mentors'
                ? await createMentor(ctx.payload)
                : await (spec.victim ?? spec.fixture)(ctx)
          const res = await rest.delete(`/${slug}/${victim.id}`, { token })
          const still = await ctx.payload.findByID({ collection: slug, id: victim.id, overrideAccess: true, depth: 0, disableErrors: true })
          if (allowed) {
            expect(res.status, JSON.stringify(res.body)).toBe(200)
            expect(still).toBeNull()
          } else {
            expect([404, ...denied]).toContain(res.status)
            expect(still).not.toBeNull()
          }
        })
      }
    }
    if (spec.readVersions) {
      for (const persona of PERSONAS) {
        const allowed = spec.readVersions.includes(persona)
        cells++
        it(`readVersions by ${persona} is ${allowed ? 'allowed' : 'denied'}`, async () => {
          const doc = await spec.fixture(ctx)
          await ctx.payload.update({ collection: slug, id: doc.id, data: {} as never, draft: true, overrideAccess: true })
          const token = tokenOf(persona)
          const res = await rest.get(`/${slug}/versions`, { token, query: { where: { parent: { equals: doc.id } }, depth: 0, limit: 100 } })
          if (!allowed) {
            expect(res.status, JSON.stringify(res.body)).toBe(403)
            // Nor one version by its id.
            const { docs } = await ctx.payload.findVersions({
              collection: slug,
              where: { parent: { equals: doc.id } },
              limit: 1,
              overrideAccess: true,
            })
            const one = await rest.get(`/${slug}/versions/${docs[0]!.id}`, { token })
            expect([403, 404]).toContain(one.status)
            return
          }
          expect(res.status, JSON.stringify(res.body)).toBe(200)
          expect(res.body.docs.length).toBeGreaterThan(0)
        })
      }
    }
  })
}

describe('access matrix: every collection and global has a row', () => {
  it('covers every collection of the config, Payload’s own included, with access written out', () => {
    const slugs = ctx.payload.config.collections.map((c) => c.slug)
    expect(slugs).toEqual(
      expect.arrayContaining(['payload-jobs', 'payload-locked-documents', 'payload-preferences', 'payload-kv', 'payload-migrations']),
    )
    expect(slugs.filter((slug) => !(slug in SPECS))).toEqual([])
    for (const collection of ctx.payload.config.collections) {
      for (const op of ['create', 'read', 'update', 'delete'] as const) {
        // Payload's fallback ("anyone signed in") is never what we mean.
        expect(collection.access[op]?.name, `${collection.slug}.${op}`).not.toBe('defaultAccess')
      }
      if (collection.versions) {
        expect(collection.access.readVersions, `${collection.slug}.readVersions`).toBeTypeOf('function')
        expect(SPECS[collection.slug as CollectionSlug]?.readVersions, `${collection.slug} versions row`).toBeDefined()
      }
    }
  })

  it('covers every global of the config, with access written out', () => {
    const slugs = ctx.payload.config.globals.map((g) => g.slug)
    expect(slugs.filter((slug) => !(slug in GLOBALS))).toEqual([])
    for (const global of ctx.payload.config.globals) {
      for (const op of ['read', 'update'] as const) expect(global.access[op]?.name, `${global.slug}.${op}`).not.toBe('defaultAccess')
      if (global.versions) {
        expect(global.access.readVersions, `${global.slug}.readVersions`).toBeTypeOf('function')
        expect(GLOBALS[global.slug]?.readVersions, `${global.slug} versions row`).toBeDefined()
      }
    }
  })
})

describe('access matrix: globals', () => {
  for (const [slug, spec] of Object.entries(GLOBALS)) {
    for (const persona of PERSONAS) {
      const canRead = spec.read.includes(persona)
      const canUpdate = spec.update.includes(persona)
      cells += 2
      it(`${slug}: read by ${persona} is ${canRead ? 'allowed' : 'denied'}`, async () => {
        const res = await rest.get(`/globals/${slug}`, { token: tokenOf(persona), query: { depth: 0 } })
        if (canRead) expect(res.status, JSON.stringify(res.body)).toBe(200)
        else expect([403, 404]).toContain(res.status)
      })
      it(`${slug}: update by ${persona} is ${canUpdate ? 'allowed' : 'denied'}`, async () => {
        const res = await rest.post(`/globals/${slug}`, {
          token: tokenOf(persona),
          body: spec.body,
          query: spec.readVersions ? { draft: 'true' } : {},
        })
        if (canUpdate) expect(res.status, JSON.stringify(res.body)).toBe(200)
        else expect(res.status, JSON.stringify(res.body)).toBe(403)
      })
      if (spec.readVersions) {
        const canReadVersions = spec.readVersions.includes(persona)
        cells++
        it(`${slug}: readVersions by ${persona} is ${canReadVersions ? 'allowed' : 'denied'}`, async () => {
          const res = await rest.get(`/globals/${slug}/versions`, { token: tokenOf(persona), query: { depth: 0 } })
          if (canReadVersions) expect(res.status, JSON.stringify(res.body)).toBe(200)
          else expect(res.status, JSON.stringify(res.body)).toBe(403)
        })
      }
    }
  }

  it('the latest unpublished site copy (?draft=true) reaches staff only', async () => {
    const marker = unique('Draft headline')
    const current = await ctx.payload.findGlobal({ slug: 'site-settings', depth: 0, overrideAccess: true })
    const saved = await rest.post('/globals/site-settings', {
      token: ctx.users.staff.token,
      query: { draft: 'true' },
      body: { hero: { ...(current.hero ?? {}), headline: marker } },
    })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    for (const persona of PERSONAS) {
      const res = await rest.get('/globals/site-settings', { token: tokenOf(persona), query: { draft: 'true', depth: 0 } })
      expect(res.status).toBe(200)
      expect(JSON.stringify(res.body).includes(marker), persona).toBe(EDITORS.includes(persona))
    }
  })
})

describe('access matrix: GraphQL answers as REST does', () => {
  const graphql = (token: string | null, query: string) => {
    const headers = new Headers({ 'Content-Type': 'application/json' })
    if (token) headers.set('Authorization', `JWT ${token}`)
    const request = new Request(`${ctx.payload.config.serverURL}/api/graphql`, { method: 'POST', headers, body: JSON.stringify({ query }) })
    return GRAPHQL_POST(Promise.resolve(ctx.payload.config))(request).then(
      async (r) => (await r.json()) as { data?: Record<string, { docs: { id: number | string }[] } | null>; errors?: unknown[] },
    )
  }
  const queryNames = (slug: string) => {
    const names = formatNames(slug)
    const plural = names.singular === names.plural ? `all${names.singular}` : names.plural
    return { list: plural, versions: `versions${plural}` }
  }

  for (const [slug, spec] of Object.entries(SPECS) as [CollectionSlug, Spec][]) {
    for (const persona of PERSONAS) {
      const allowed = spec.allowed.list.includes(persona)
      cells++
      it(`${slug}: GraphQL list by ${persona} is ${allowed ? 'allowed' : 'denied'}`, async () => {
        const config = ctx.payload.config.collections.find((c) => c.slug === slug)!
        if (config.graphQL === false) return
        const doc = await spec.fixture(ctx)
        const { list } = queryNames(slug)
        const body = await graphql(
          tokenOf(persona),
          `{ ${list}(limit: 1000, where: { id: { equals: ${JSON.stringify(doc.id)} } }) { docs { id } } }`,
        )
        const ids = (body.data?.[list]?.docs ?? []).map((d) => d.id)
        if (allowed) {
          expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
          expect(ids.map(String)).toContain(String(doc.id))
        } else {
          expect(ids.map(String)).not.toContain(String(doc.id))
        }
      })
      if (spec.readVersions) {
        const canReadVersions = spec.readVersions.includes(persona)
        cells++
        it(`${slug}: GraphQL versions by ${persona} is ${canReadVersions ? 'allowed' : 'denied'}`, async () => {
          const doc = await spec.fixture(ctx)
          await ctx.payload.update({ collection: slug, id: doc.id, data: {} as never, draft: true, overrideAccess: true })
          const { versions } = queryNames(slug)
          const body = await graphql(
            tokenOf(persona),
            `{ ${versions}(where: { parent: { equals: ${JSON.stringify(doc.id)} } }) { docs { id } } }`,
          )
          const found = body.data?.[versions]?.docs ?? []
          if (canReadVersions) expect(found.length, JSON.stringify(body.errors)).toBeGreaterThan(0)
          else {
            expect(found).toEqual([])
            expect(body.errors).toBeDefined()
          }
        })
      }
    }
  }

  for (const persona of PERSONAS) {
    cells++
    it(`site-settings: GraphQL versions by ${persona} are ${EDITORS.includes(persona) ? 'allowed' : 'denied'}`, async () => {
      const body = await graphql(tokenOf(persona), '{ versionsSiteSetting { docs { id } } }')
      if (EDITORS.includes(persona)) expect(body.errors, JSON.stringify(body.errors)).toBeUndefined()
      else expect(body.errors).toBeDefined()
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
  // POST /api/sign-in-guard counts the site's limits and uses up its sign-in transactions: the site's server only.
  for (const persona of PERSONAS) {
    cells++
    it(`sign-in-guard by ${persona} without the service key is denied`, async () => {
      const res = await rest.post('/sign-in-guard', { token: tokenOf(persona), body: { hits: [] } })
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

  it('a mentor’s profile edits are drafts: the published profile changes only when staff publish', async () => {
    const owner = await createUser(ctx.payload, { roles: ['mentor'] })
    const profile = await createMentor(ctx.payload, { user: owner })
    const publicBio = async () => (await rest.get(`/mentors/${profile.id}`, { query: { depth: 0 } })).body.bio
    const before = await publicBio()

    const saved = await rest.patch(`/mentors/${profile.id}`, { token: owner.token, body: { bio: 'My new bio' } })
    expect(saved.status, JSON.stringify(saved.body)).toBe(200)
    expect(await publicBio()).toBe(before)
    const draft = await rest.get(`/mentors/${profile.id}`, { token: owner.token, query: { draft: 'true', depth: 0 } })
    expect(draft.body.bio).toBe('My new bio')
    expect(draft.body._status).toBe('draft')

    // Asking to publish, or to change the public e-mail, is refused.
    const publish = await rest.patch(`/mentors/${profile.id}`, { token: owner.token, body: { bio: 'Now!', _status: 'published' } })
    expect(publish.status).toBe(403)
    await rest.patch(`/mentors/${profile.id}`, { token: owner.token, body: { email: 'someone-else@test.mentorloop.in' } })
    const stored = await ctx.payload.findByID({ collection: 'mentors', id: profile.id, draft: true, overrideAccess: true })
    expect(stored.email).toBe(profile.email)
    expect(await publicBio()).toBe(before)

    // Its own history only.
    const own = await rest.get('/mentors/versions', { token: owner.token, query: { where: { parent: { equals: profile.id } } } })
    expect(own.status).toBe(200)
    expect(own.body.docs.length).toBeGreaterThan(0)
    const others = await rest.get('/mentors/versions', {
      token: owner.token,
      query: { where: { parent: { equals: ctx.mentorProfileId } } },
    })
    expect(others.body.docs ?? []).toEqual([])

    // Staff publish what the mentor wrote.
    const published = await rest.patch(`/mentors/${profile.id}`, { token: ctx.users.staff.token, body: { _status: 'published' } })
    expect(published.status, JSON.stringify(published.body)).toBe(200)
    expect(await publicBio()).toBe('My new bio')
  })

  it('only admins change an e-mail address, and only to one nobody holds', async () => {
    const student = await createUser(ctx.payload)
    const other = await createUser(ctx.payload)
    const squat = `${unique('squat')}@test.mentorloop.in`
    const own = await rest.patch(`/users/${student.id}`, { token: student.token, body: { email: squat } })
    expect(own.status).toBe(200)
    expect((await ctx.payload.findByID({ collection: 'users', id: student.id, overrideAccess: true })).email).toBe(student.email)
    // Staff are not admins either.
    await rest.patch(`/users/${ctx.users.staff.id}`, { token: ctx.users.staff.token, body: { email: squat } })
    expect((await ctx.payload.findByID({ collection: 'users', id: ctx.users.staff.id, overrideAccess: true })).email).toBe(
      ctx.users.staff.email,
    )

    const taken = await rest.patch(`/users/${student.id}`, { token: ctx.users.admin.token, body: { email: other.email.toUpperCase() } })
    expect(taken.status).toBe(400)
    expect(JSON.stringify(taken.body)).toContain(EMAIL_TAKEN)
    const moved = await rest.patch(`/users/${student.id}`, { token: ctx.users.admin.token, body: { email: squat } })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect((await ctx.payload.findByID({ collection: 'users', id: student.id, overrideAccess: true })).email).toBe(squat)
  })

  it('staff-only fields never reach the student: the refund’s admin note, the granting admin and note', async () => {
    const payment = await givePlan(ctx.payload, ctx.users.studentA)
    await ctx.payload.update({
      collection: 'payments',
      id: payment.id,
      data: { grantedBy: ctx.users.admin.id, note: 'Scholarship', creditEndedAt: new Date().toISOString() },
      overrideAccess: true,
    })
    const refund = await create(ctx.payload, 'refund-requests', {
      user: ctx.users.studentA.id,
      payment: payment.id,
      reason: "Timing didn't work for me",
      adminNote: 'Internal: checked with finance',
    })
    const mine = await rest.get(`/refund-requests/${refund.id}`, { token: ctx.users.studentA.token, query: { depth: 0 } })
    expect(mine.status).toBe(200)
    expect(mine.body.adminNote).toBeUndefined()
    expect(mine.body.decidedBy).toBeUndefined()
    const asAdmin = await rest.get(`/refund-requests/${refund.id}`, { token: ctx.users.admin.token, query: { depth: 0 } })
    expect(asAdmin.body.adminNote).toBe('Internal: checked with finance')
    const paid = await rest.get(`/payments/${payment.id}`, { token: ctx.users.studentA.token, query: { depth: 0 } })
    expect(paid.status).toBe(200)
    expect(paid.body.gatewayOrderId).toBeDefined()
    for (const field of ['grantedBy', 'note', 'creditEndedAt']) expect(paid.body[field], field).toBeUndefined()
  })

  it('a student’s lock request is refused with 403, not a server error', async () => {
    const res = await rest.post('/payload-locked-documents', {
      token: ctx.users.studentA.token,
      body: {
        document: { relationTo: 'mentors', value: ctx.mentorProfileId },
        user: { relationTo: 'users', value: ctx.users.studentA.id },
      },
    })
    expect(res.status).toBe(403)
  })

  it('preferences by key: each signed-in user their own, anonymous none', async () => {
    const key = unique('key')
    const saved = await rest.post(`/payload-preferences/${key}`, { token: ctx.users.studentA.token, body: { value: { a: 1 } } })
    expect(saved.status).toBe(200)
    expect((await rest.get(`/payload-preferences/${key}`, { token: ctx.users.studentA.token })).body.value).toEqual({ a: 1 })
    const theirs = await rest.get(`/payload-preferences/${key}`, { token: ctx.users.studentB.token })
    expect(theirs.body?.value ?? null).toBeNull()
    // Anonymous: Payload answers an empty preference, never someone's.
    expect((await rest.get(`/payload-preferences/${key}`)).body?.value ?? null).toBeNull()
    expect([401, 403]).toContain((await rest.post(`/payload-preferences/${key}`, { body: { value: { a: 2 } } })).status)
  })

  it('counts the matrix', () => {
    expect(cells).toBeGreaterThanOrEqual(Object.keys(SPECS).length * OPS.length * PERSONAS.length)
  })
})
