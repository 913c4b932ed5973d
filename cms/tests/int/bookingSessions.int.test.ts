import { DAY_MS } from '@mentorloop/shared'
import type { Batch, Mentor } from '@mentorloop/shared/payload-types'
import { initTransaction, killTransaction, type Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { flushOutbox } from '../../notifications/outbox'
import { createBooking } from '../../services/booking'
import { bookingView, listUserBookings, upcomingSessions } from '../../services/booking/views'
import { type RestClient, reqAs, resetClock, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, createUser, givePlan, openBatchOf } from '../helpers/scenarios'

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

afterEach(resetClock)

/** A time `d` days into the mentor's open batch (sessions fall on their batch's days), at 10:00 India time. */
const inBatch = (batch: Batch, d: number) => new Date(Date.parse(batch.startsOn) + d * DAY_MS + 10 * 3_600_000).toISOString()
const batchOf = async (mentor: Mentor) => openBatchOf(payload, mentor)

describe('sessions', () => {
  it('a mentor schedules sessions for their own batch only; students cannot write or list them', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mine = await createMentor(payload, { user: mentorUser })
    const other = await createMentor(payload)
    const myBatch = await batchOf(mine)
    const body = {
      title: 'Week 1: DSA plan',
      batch: myBatch.id,
      startsAt: inBatch(myBatch, 3),
      durationMinutes: 60,
      meetingLink: 'https://meet.example.com/abc',
    }
    expect((await api.post('/sessions', { token: mentorUser.token, body })).status).toBe(201)
    expect((await api.post('/sessions', { token: mentorUser.token, body: { ...body, batch: (await batchOf(other)).id } })).status).toBe(400)
    // A session falls on its batch's days.
    expect((await api.post('/sessions', { token: mentorUser.token, body: { ...body, startsAt: inBatch(myBatch, 45) } })).status).toBe(400)
    // Another day (the first session's time is taken: a mentor's sessions never overlap), but no https link.
    const insecure = await api.post('/sessions', {
      token: mentorUser.token,
      body: { ...body, startsAt: inBatch(myBatch, 4), meetingLink: 'http://insecure' },
    })
    expect(insecure.status).toBe(400)
    expect(JSON.stringify(insecure.body)).toContain('https://')
    const student = await createUser(payload)
    expect((await api.post('/sessions', { token: student.token, body })).status).toBe(403)
    expect((await api.get('/sessions', { token: student.token })).status).toBe(403)
    const listed = await api.get('/sessions', { token: mentorUser.token })
    expect(listed.body.docs.map((d: { mentor: { id: number } }) => d.mentor.id)).toEqual([mine.id])
  })

  it('access to the collection: anonymous and staff nothing, a mentor only their own, admins all', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mine = await createMentor(payload, { user: mentorUser })
    const other = await createMentor(payload)
    const admin = await createUser(payload, { roles: ['admin'] })
    const staff = await createUser(payload, { roles: ['staff'] })
    const otherBatch = await batchOf(other)
    const myBatch = await batchOf(mine)
    const theirs = await api.post('/sessions', {
      token: admin.token,
      body: { title: 'Theirs', batch: otherBatch.id, startsAt: inBatch(otherBatch, 4) },
    })
    const own = await api.post('/sessions', {
      token: mentorUser.token,
      body: { title: 'Own', batch: myBatch.id, startsAt: inBatch(myBatch, 4) },
    })
    expect([theirs.status, own.status]).toEqual([201, 201])
    const theirsId = theirs.body.doc.id
    const ownId = own.body.doc.id
    expect((await api.get('/sessions')).status).toBe(403)
    expect((await api.get(`/sessions/${theirsId}`)).status).toBe(403)
    expect((await api.get('/sessions', { token: staff.token })).status).toBe(403)
    expect(
      (await api.post('/sessions', { token: staff.token, body: { title: 'X', batch: otherBatch.id, startsAt: inBatch(otherBatch, 4) } }))
        .status,
    ).toBe(403)
    expect([403, 404]).toContain((await api.get(`/sessions/${theirsId}`, { token: mentorUser.token })).status)
    expect([403, 404]).toContain((await api.patch(`/sessions/${theirsId}`, { token: mentorUser.token, body: { title: 'Hijack' } })).status)
    expect([403, 404]).toContain((await api.delete(`/sessions/${theirsId}`, { token: mentorUser.token })).status)
    expect((await api.patch(`/sessions/${ownId}`, { token: mentorUser.token, body: { title: 'Own, renamed' } })).status).toBe(200)
    // Moving one's own session to another mentor's batch is refused too.
    expect((await api.patch(`/sessions/${ownId}`, { token: mentorUser.token, body: { batch: otherBatch.id } })).status).toBe(400)
    expect((await api.patch(`/sessions/${theirsId}`, { token: admin.token, body: { title: 'Admin edit' } })).status).toBe(200)
    expect((await api.delete(`/sessions/${ownId}`, { token: mentorUser.token })).status).toBe(200)
  })

  it('booked students see their mentor’s upcoming sessions on the dashboard call and get one e-mail each', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const a = await createUser(payload)
    const b = await createUser(payload)
    for (const s of [a, b]) {
      await givePlan(payload, s)
      await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })
    }
    const admin = await createUser(payload, { roles: ['admin'] })
    const batch = await batchOf(mentor)
    await api.post('/sessions', { token: admin.token, body: { title: 'Old', batch: batch.id, startsAt: inBatch(batch, 0) } })
    const created = await api.post('/sessions', {
      token: admin.token,
      body: { title: 'Saturday session', batch: batch.id, startsAt: inBatch(batch, 9), meetingLink: 'https://meet.example.com/xyz' },
    })
    expect(created.status).toBe(201)
    const res = await api.get(`/bookings/user/${a.id}`, { token: a.token })
    expect(res.body.bookings[0].sessions.map((x: { title: string }) => x.title)).toEqual(['Old', 'Saturday session'])
    // A week into the batch, the first session is past: only what is ahead is listed.
    setNow(Date.parse(batch.startsOn) + 7 * DAY_MS)
    const later = await listUserBookings(await reqAs(), a.id)
    expect(later[0]!.sessions).toEqual([
      expect.objectContaining({ title: 'Saturday session', durationMinutes: 60, meetingLink: 'https://meet.example.com/xyz' }),
    ])
    resetClock()
    await flushOutbox(payload)
    for (const s of [a, b]) {
      const { docs } = await payload.find({
        collection: 'email-outbox',
        where: { to: { equals: s.email }, template: { equals: 'session-scheduled' } },
        overrideAccess: true,
      })
      expect(docs).toHaveLength(2)
      // Nobody else's address in anyone's message.
      for (const d of docs) expect(`${d.text}${d.html}`).not.toContain(s === a ? b.email : a.email)
    }
  })

  it('a booking whose transaction rolls back leaves no booking and sends no e-mail', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const s = await studentWithPlan()
    const req = await reqAs()
    await initTransaction(req)
    const result = await createBooking(req, { userId: s.id, mentorId: mentor.id })
    expect(result.kind).toBe('booked')
    await killTransaction(req)
    await flushOutbox(payload)
    const { docs } = await payload.find({ collection: 'email-outbox', where: { to: { equals: s.email } }, overrideAccess: true })
    expect(docs).toEqual([])
    const { totalDocs } = await payload.count({ collection: 'bookings', where: { user: { equals: s.id } }, overrideAccess: true })
    expect(totalDocs).toBe(0)
  })
  it('the student’s bookings, read in one statement, equal Payload’s own view of them (decision 119)', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await studentWithPlan()
    expect((await api.post('/bookings', { token: student.token, body: { mentorId: mentor.id } })).status).toBe(201)
    const admin = await createUser(payload, { roles: ['admin'] })
    const batch = await batchOf(mentor)
    const post = (body: Record<string, unknown>) => api.post('/sessions', { token: admin.token, body: { batch: batch.id, ...body } })
    await post({ title: 'Linked', startsAt: inBatch(batch, 9), meetingLink: 'https://meet.example.com/xyz', durationMinutes: 90 })
    await post({ title: 'No link yet', startsAt: inBatch(batch, 2) })
    const dropped = await post({ title: 'Cancelled', startsAt: inBatch(batch, 3) })
    expect((await api.patch(`/sessions/${dropped.body.doc.id}`, { token: admin.token, body: { status: 'cancelled' } })).status).toBe(200)
    const req = await reqAs()
    const { docs } = await payload.find({
      collection: 'bookings',
      where: { user: { equals: student.id }, status: { not_equals: 'cancelled' } },
      sort: '-createdAt',
      depth: 1,
      pagination: false,
      overrideAccess: true,
      req,
    })
    const sessions = await upcomingSessions(
      req,
      docs.filter((b) => b.status === 'confirmed').map((b) => (typeof b.batch === 'object' && b.batch ? b.batch.id : Number(b.batch))),
    )
    const reference = docs.map((b) => bookingView(b, { sessions }))
    const listed = await listUserBookings(req, student.id)
    expect(listed).toEqual(reference)
    expect(listed[0]!.mentor).toEqual({ id: mentor.id, name: mentor.name, profession: 'SDE II', company: 'Google' })
    // A cancelled session is listed as cancelled, without a link (issue 32: it no longer vanishes silently).
    expect(listed[0]!.sessions!.map((x) => [x.title, x.durationMinutes, x.meetingLink, x.cancelled])).toEqual([
      ['No link yet', 60, null, false],
      ['Cancelled', 60, null, true],
      ['Linked', 90, 'https://meet.example.com/xyz', false],
    ])
    // Cancelled bookings are not listed; somebody with none gets an empty list.
    const booking = listed[0]!.id
    expect((await api.post(`/bookings/${booking}/cancel`, { token: student.token })).status).toBe(200)
    expect(await listUserBookings(req, student.id)).toEqual([])
    expect(await listUserBookings(req, (await createUser(payload)).id)).toEqual([])
  })
})
