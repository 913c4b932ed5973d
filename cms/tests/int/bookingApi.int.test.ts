import { MESSAGES } from '@mentorloop/shared'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { flushOutbox } from '../../notifications/outbox'
import { type RestClient, setUpWorld } from '../fixtures'
import { createMentor, createStudents, createUser, findPlan, givePlan, mapLimit, type TestUser } from '../helpers/scenarios'

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

async function student(withPlan = true): Promise<TestUser> {
  const user = await createUser(payload)
  if (withPlan) await givePlan(payload, user)
  return user
}

const confirmed = async (mentorId: number) =>
  (
    await payload.count({
      collection: 'bookings',
      where: { mentor: { equals: mentorId }, status: { equals: 'confirmed' } },
      overrideAccess: true,
    })
  ).totalDocs

describe('POST /api/bookings', () => {
  it('books with a plan (201, spec message) and stores the contact on the profile', async () => {
    const mentor = await createMentor(payload, { capacity: 2 })
    const s = await student()
    const res = await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id, name: 'Asha Rao', contact: '9123456780' } })
    expect(res.status).toBe(201)
    expect(res.body).toMatchObject({
      code: 'BOOKED',
      message: MESSAGES.BOOKING_CREATED,
      session: { mentor: mentor.id },
      waitlistEntry: null,
    })
    expect((await payload.findByID({ collection: 'users', id: s.id, overrideAccess: true })).phone).toBe('9123456780')
  })

  it('answers the spec errors: login, fields, phone, payment, already booked', async () => {
    const mentor = await createMentor(payload, { capacity: 5 })
    const other = await createMentor(payload, { capacity: 5 })
    expect((await api.post('/bookings', { body: { mentorId: mentor.id } })).body).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: MESSAGES.PLEASE_LOGIN,
    })
    const s = await student(false)
    const noBody = await api.post('/bookings', { token: s.token, body: {} })
    expect(noBody.status).toBe(400)
    const badPhone = await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id, contact: '12345' } })
    expect(badPhone).toMatchObject({ status: 400, body: { message: MESSAGES.INVALID_PHONE } })
    const unpaid = await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })
    expect(unpaid).toMatchObject({
      status: 402,
      body: { requiresPayment: true, error: MESSAGES.PAYMENT_REQUIRED_TITLE, message: MESSAGES.PAYMENT_REQUIRED },
    })
    await givePlan(payload, s)
    expect((await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })).status).toBe(201)
    expect(await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.ALREADY_BOOKED_TITLE, message: MESSAGES.ALREADY_BOOKED },
    })
    expect(await api.post('/bookings', { token: s.token, body: { mentorId: other.id } })).toMatchObject({
      status: 409,
      body: { error: MESSAGES.MENTOR_ALREADY_BOOKED_TITLE, message: MESSAGES.MENTOR_ALREADY_BOOKED },
    })
  })

  it('a student cannot book for someone else (403) and an unknown mentor is 404', async () => {
    const s = await student()
    const victim = await student()
    const mentor = await createMentor(payload)
    expect((await api.post('/bookings', { token: s.token, body: { userId: victim.id, mentorId: mentor.id } })).status).toBe(403)
    expect((await api.post('/bookings', { token: s.token, body: { mentorId: 999999 } })).status).toBe(404)
    const draft = await createMentor(payload, { published: false })
    expect((await api.post('/bookings', { token: s.token, body: { mentorId: draft.id } })).status).toBe(404)
  })

  it('a full mentor puts the student on the waitlist with the spec message and a queue position', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    await api.post('/bookings', { token: (await student()).token, body: { mentorId: mentor.id } })
    const s = await student()
    const res = await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })
    expect(res).toMatchObject({
      status: 200,
      body: {
        code: 'WAITLISTED',
        error: MESSAGES.WAITLIST_TOKEN_TITLE,
        message: MESSAGES.WAITLIST_TOKEN,
        session: null,
        waitlistEntry: { position: 1 },
      },
    })
    expect((await api.get(`/mentors/${mentor.id}/is-full`)).body).toMatchObject({ isFull: true, capacity: 1, booked: 1, seatsLeft: 0 })
    expect((await api.get(`/bookings/mentor/${mentor.id}/waitlist-status`)).body).toMatchObject({ waitlist: true })
    const mine = await api.get(`/waitlist/user/${s.id}`, { token: s.token })
    expect(mine.body.waitlistEntries).toEqual([expect.objectContaining({ mentorId: mentor.id, position: 1, status: 'waiting' })])
  })

  it('never confirms more than capacity under many parallel bookings, and nobody gets an error', async () => {
    const mentor = await createMentor(payload, { capacity: 5 })
    // Set-up first, a few at a time: it must not race the pool the parallel part tests.
    const students = await mapLimit(Array.from({ length: 30 }), 4, () => student())
    const results = await Promise.all(students.map((s) => api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })))
    const statuses = results.map((r) => r.status)
    expect(statuses.filter((c) => c === 201)).toHaveLength(5)
    expect(statuses.filter((c) => c === 200)).toHaveLength(25)
    expect(await confirmed(mentor.id)).toBe(5)
    const waiting = await api.get(`/waitlist/mentor/${mentor.id}`, { token: (await createUser(payload, { roles: ['admin'] })).token })
    expect(waiting.body.waitlistEntries.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1))
  })

  it('a double click on a full mentor: both requests answer "waitlisted" with one place in the queue, never an error', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    await api.post('/bookings', { token: (await student()).token, body: { mentorId: mentor.id } })
    const students = await mapLimit(Array.from({ length: 8 }), 4, () => student())
    // Each student sends the same booking three times at once (their INSERTs meet on the unique waiting index).
    const results = await Promise.all(
      students.flatMap((s) => [1, 2, 3].map(() => api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } }))),
    )
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200))
    expect(results.every((r) => r.body.code === 'WAITLISTED')).toBe(true)
    const waiting = await api.get(`/waitlist/mentor/${mentor.id}`, { token: (await createUser(payload, { roles: ['admin'] })).token })
    expect(waiting.body.waitlistEntries).toHaveLength(8)
    expect(waiting.body.waitlistEntries.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: 8 }, (_, i) => i + 1))
  })

  it('a rush: 300 students with plans book one batch of 15 at once: exactly 15 seated, 285 queued in order, no errors', async () => {
    const mentor = await createMentor(payload, { capacity: 15 })
    const students = await createStudents(payload, 300, { credit: true })
    const started = Date.now()
    const results = await Promise.all(students.map((s) => api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })))
    const seconds = (Date.now() - started) / 1000
    const statuses = results.map((r) => r.status)
    const errors = results.filter((r) => r.status !== 200 && r.status !== 201)
    console.info(
      `[rush] 300 bookings on 15 seats in ${seconds.toFixed(1)} s: ${statuses.filter((c) => c === 201).length} seated, ${statuses.filter((c) => c === 200).length} queued, ${errors.length} errors`,
    )
    expect(errors.map((r) => `${r.status} ${JSON.stringify(r.body)}`)).toEqual([])
    expect(statuses.filter((c) => c === 201)).toHaveLength(15)
    expect(statuses.filter((c) => c === 200)).toHaveLength(285)
    expect(await confirmed(mentor.id)).toBe(15)
    const waiting = await api.get(`/waitlist/mentor/${mentor.id}`, { token: (await createUser(payload, { roles: ['admin'] })).token })
    expect(waiting.body.waitlistEntries.map((e: { position: number }) => e.position)).toEqual(Array.from({ length: 285 }, (_, i) => i + 1))
  }, 180_000)

  it('the same student booking two mentors at once gets exactly one seat', async () => {
    const a = await createMentor(payload, { capacity: 3 })
    const b = await createMentor(payload, { capacity: 3 })
    const s = await student()
    const results = await Promise.all([a, b, a, b].map((m) => api.post('/bookings', { token: s.token, body: { mentorId: m.id } })))
    expect(results.map((r) => r.status).sort(), JSON.stringify(results.map((r) => r.body))).toEqual([201, 409, 409, 409])
  })
})

describe('cancelling and the waitlist', () => {
  it('the owner cancels from the dashboard; the seat is held for the first in line, who declines, and the next with a plan gets it and an e-mail', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const owner = await student()
    const booked = await api.post('/bookings', { token: owner.token, body: { mentorId: mentor.id } })
    const noPlan = await student(false)
    expect((await api.post('/waitlist/add', { token: noPlan.token, body: { mentorId: mentor.id } })).body).toMatchObject({
      message: MESSAGES.ADDED_TO_WAITLIST,
      waitlistEntry: { position: 1 },
    })
    const next = await student()
    await api.post('/bookings', { token: next.token, body: { mentorId: mentor.id } })
    const stranger = await student()
    expect((await api.post(`/bookings/${booked.body.booking.id}/cancel`, { token: stranger.token })).status).toBe(403)
    const res = await api.post(`/bookings/${booked.body.booking.id}/cancel`, { token: owner.token })
    // The head of the queue has no plan: the seat is held for them, nobody is seated yet.
    expect(res).toMatchObject({ status: 200, body: { assigned: 0 } })
    const held = await api.get('/seat-offers/mine', { token: noPlan.token })
    expect(held.body.offers).toEqual([
      expect.objectContaining({ kind: 'waitlist', status: 'held', mentor: expect.objectContaining({ id: mentor.id }) }),
    ])
    // Someone else cannot decline it; its student can, and the seat goes to the next in line.
    expect((await api.post(`/seat-offers/${held.body.offers[0].id}/decline`, { token: next.token })).status).toBe(404)
    expect((await api.post(`/seat-offers/${held.body.offers[0].id}/decline`, { token: noPlan.token })).status).toBe(200)
    const mine = await api.get(`/bookings/user/${next.id}`, { token: next.token })
    expect(mine.body.bookings).toEqual([
      expect.objectContaining({ status: 'confirmed', source: 'waitlist', mentor: expect.objectContaining({ id: mentor.id }) }),
    ])
    // In queue order (the mentor's e-mails are queued beside the students' ones): the outbox order below is the sending order.
    await flushOutbox(payload)
    const mail = await payload.find({ collection: 'email-outbox', where: { to: { equals: next.email } }, overrideAccess: true })
    expect(mail.docs.map((d) => d.template)).toContain('waitlist-seat-assigned')
    const noPlanMail = await payload.find({
      collection: 'email-outbox',
      where: { to: { equals: noPlan.email } },
      overrideAccess: true,
      sort: 'createdAt',
    })
    expect(noPlanMail.docs.map((d) => d.template)).toEqual(['waitlist-joined', 'seat-offer'])
  })

  it('an admin cancelling in the panel (PATCH) assigns the first waiting student with a plan', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const owner = await student()
    const booked = await api.post('/bookings', { token: owner.token, body: { mentorId: mentor.id } })
    const next = await student()
    await api.post('/bookings', { token: next.token, body: { mentorId: mentor.id } })
    const admin = await createUser(payload, { roles: ['admin'] })
    const patched = await api.patch(`/bookings/${booked.body.session.id}`, { token: admin.token, body: { status: 'cancelled' } })
    expect(patched.status).toBe(200)
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: mentor.id }, status: { equals: 'confirmed' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(docs.map((d) => d.user)).toEqual([next.id])
  })

  it('the admin panel (multipart create) gets the rules in words and uses up the student’s queue place', async () => {
    const admin = await createUser(payload, { roles: ['admin'] })
    const panelCreate = (data: Record<string, unknown>) =>
      api.post('/bookings', {
        token: admin.token,
        headers: { 'Content-Type': 'multipart/form-data; boundary=XyZ' },
        rawBody: `--XyZ\r\nContent-Disposition: form-data; name="_payload"\r\n\r\n${JSON.stringify(data)}\r\n--XyZ--\r\n`,
      })
    const full = await createMentor(payload, { capacity: 1 })
    await api.post('/bookings', { token: (await student()).token, body: { mentorId: full.id } })
    const waiting = await student()
    await api.post('/bookings', { token: waiting.token, body: { mentorId: full.id } })
    const refused = await panelCreate({ user: waiting.id, mentor: full.id, status: 'confirmed' })
    expect(refused.status).toBe(400)
    expect(JSON.stringify(refused.body)).toContain('This mentor is full (1 of 1 seats)')

    await payload.update({ collection: 'mentors', id: full.id, data: { acceptingBookings: false }, overrideAccess: true })
    await payload.update({ collection: 'mentors', id: full.id, data: { capacity: 2 }, overrideAccess: true })
    const created = await panelCreate({ user: waiting.id, mentor: full.id, status: 'confirmed' })
    expect(created.status).toBe(201)
    const entry = await payload.find({ collection: 'waitlist', where: { user: { equals: waiting.id } }, overrideAccess: true })
    expect(entry.docs[0]!.status).toBe('assigned')
    expect((await panelCreate({ user: waiting.id, mentor: full.id, status: 'confirmed' })).status).toBe(400)
  })

  it('leaving the waitlist and the admin-only process-waitlist call', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    await api.post('/bookings', { token: (await student()).token, body: { mentorId: mentor.id } })
    const s = await student(false)
    await api.post('/waitlist/add', { token: s.token, body: { mentorId: mentor.id } })
    expect((await api.post('/waitlist/remove', { token: s.token, body: { mentorId: mentor.id } })).body).toMatchObject({
      message: MESSAGES.REMOVED_FROM_WAITLIST,
    })
    expect((await api.post('/waitlist/remove', { token: s.token, body: { mentorId: mentor.id } })).status).toBe(404)
    expect((await api.post(`/bookings/process-waitlist/${mentor.id}`, { token: s.token })).status).toBe(403)
    const admin = await createUser(payload, { roles: ['admin'] })
    expect((await api.post(`/bookings/process-waitlist/${mentor.id}`, { token: admin.token })).body).toMatchObject({ assigned: 0 })
  })
})

describe('who may read what', () => {
  it('students see only their own bookings, waitlist, plan status and eligibility (403 otherwise)', async () => {
    const a = await student()
    const b = await student(false)
    for (const path of [
      `/bookings/user/${b.id}`,
      `/waitlist/user/${b.id}`,
      `/bookings/user/${b.id}/plan-status`,
      `/bookings/user/${encodeURIComponent(b.email)}/plan-status`,
      `/users/checkBookingAllowed/${encodeURIComponent(b.email)}`,
    ]) {
      const res = await api.get(path, { token: a.token })
      expect(res.status, path).toBe(403)
      expect(JSON.stringify(res.body)).not.toContain(b.email)
    }
    for (const path of [`/bookings/user/${a.id}`, `/waitlist/user/${a.id}`, `/bookings/user/${a.id}/plan-status`]) {
      expect((await api.get(path)).status, `${path} anonymous`).toBe(401)
    }
    expect((await api.get(`/bookings/user/${a.id}/plan-status`, { token: a.token })).body).toMatchObject({
      hasActivePlan: true,
      plan: { code: 'PLACEMENT_FOCUSED' },
    })
    // Bad segments are bad input, never a server error: a lone % and an id beyond PostgreSQL's integer.
    for (const segment of ['%25', '%']) {
      const { status } = await api.get(`/bookings/user/${segment}/plan-status`, { token: a.token })
      expect([400, 404]).toContain(status)
    }
    expect((await api.get('/mentors/2147483648/is-full', { token: a.token })).status).toBe(400)
    expect((await api.post('/waitlist/add', { token: a.token, body: { mentorId: 2147483648 } })).status).toBe(400)
    expect((await api.get(`/users/checkBookingAllowed/${encodeURIComponent(a.email)}`, { token: a.token })).body).toMatchObject({
      allowed: true,
    })
    expect((await api.get(`/users/checkBookingAllowed/${encodeURIComponent(b.email)}`, { token: b.token })).body).toMatchObject({
      allowed: false,
      reason: MESSAGES.PAYMENT_REQUIRED,
    })
  })

  it('a mentor sees their own bookings and waitlist with the students, not another mentor’s; admins see all', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mine = await createMentor(payload, { user: mentorUser, capacity: 1 })
    const theirs = await createMentor(payload)
    const s = await student()
    await api.post('/bookings', { token: s.token, body: { mentorId: mine.id, contact: '9876543210' } })
    // Full now: the next student waits.
    const next = await student()
    await api.post('/waitlist/add', { token: next.token, body: { mentorId: mine.id } })
    const own = await api.get(`/bookings/mentor/${mine.id}`, { token: mentorUser.token })
    expect(own.status).toBe(200)
    expect(own.body.bookings).toEqual([
      expect.objectContaining({ user: { id: s.id, name: 'Test User', email: s.email, phone: '9876543210' }, status: 'confirmed' }),
    ])
    // Issue 12: seats taken of capacity and the waitlist length, for the mentor and admins only.
    expect(own.body).toMatchObject({ seats: { booked: 1, capacity: 1 }, waiting: 1 })
    expect((await api.get(`/waitlist/mentor/${mine.id}`, { token: mentorUser.token })).status).toBe(200)
    expect((await api.get(`/bookings/mentor/${theirs.id}`, { token: mentorUser.token })).status).toBe(403)
    expect((await api.get(`/waitlist/mentor/${theirs.id}`, { token: mentorUser.token })).status).toBe(403)
    expect((await api.get(`/bookings/mentor/${mine.id}`, { token: s.token })).status).toBe(403)
    const admin = await createUser(payload, { roles: ['admin'] })
    expect((await api.get(`/bookings/mentor/${theirs.id}`, { token: admin.token })).status).toBe(200)
  })

  it('POST /users/subscribe is admin-only; it activates a plan and processes the user’s waitlists', async () => {
    await findPlan(payload, 'BEGINNER_TECHY')
    const mentor = await createMentor(payload, { capacity: 1 })
    const s = await student(false)
    const admin = await createUser(payload, { roles: ['admin'] })
    expect((await api.post('/users/subscribe', { token: s.token, body: { email: s.email, planId: 'BEGINNER_TECHY' } })).status).toBe(403)
    await api.post('/waitlist/add', { token: s.token, body: { mentorId: mentor.id } })
    const res = await api.post('/users/subscribe', { token: admin.token, body: { email: s.email, planId: 'BEGINNER_TECHY' } })
    expect(res).toMatchObject({
      status: 200,
      body: { message: 'Subscribed to plan successfully', waitlistResults: { assigned: 1, stillWaiting: 0 } },
    })
    expect(await confirmed(mentor.id)).toBe(1)
    expect(
      (await api.post('/users/subscribe', { token: admin.token, body: { email: 'nobody@example.invalid', planId: 'BEGINNER_TECHY' } }))
        .status,
    ).toBe(404)
    expect((await api.post('/users/subscribe', { token: admin.token, body: { email: 'not-an-email' } })).status).toBe(400)
  })

  it('is-full and waitlist-status do not reveal drafts', async () => {
    const draft = await createMentor(payload, { published: false })
    expect((await api.get(`/mentors/${draft.id}/is-full`)).status).toBe(404)
    expect((await api.get('/mentors/abc/is-full')).status).toBe(400)
  })
})
