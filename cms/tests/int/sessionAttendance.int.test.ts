import { DAY_MS, HOUR_MS } from '@mentorloop/shared'
import type { Session } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, resetClock, setNow, setUpWorld, studentWithPlan, tokenOf } from '../fixtures'
import { createMentor, createUser, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

afterEach(resetClock)

describe('attendance', () => {
  it('the batch’s mentor or an admin marks seated students from the session’s start; students see only their own', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mentor = await createMentor(payload, { user: mentorUser, capacity: 5 })
    const otherMentorUser = await createUser(payload, { roles: ['mentor'] })
    await createMentor(payload, { user: otherMentorUser })
    const [a, b] = [await createUser(payload), await createUser(payload)]
    for (const s of [a, b]) {
      await givePlan(payload, s)
      expect((await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })).status).toBe(201)
    }
    const outsider = await createUser(payload)
    const admin = await createUser(payload, { roles: ['admin'] })
    const batch = await openBatchOf(payload, mentor)
    const startsAt = Date.parse(batch.startsOn) + 2 * DAY_MS + 4.5 * HOUR_MS
    const session = (
      await api.post('/sessions', {
        token: admin.token,
        body: { title: 'Week 1', batch: batch.id, startsAt: new Date(startsAt).toISOString() },
      })
    ).body.doc as Session
    const mark = async (who: TestUser, body: Record<string, unknown>) => api.post('/attendance', { token: await tokenOf(who), body })
    const count = async () =>
      (await payload.count({ collection: 'session-attendance', overrideAccess: true, where: { session: { equals: session.id } } }))
        .totalDocs

    // Before the start: refused, nothing written.
    const early = await mark(mentorUser, { sessionId: session.id, userId: a.id, status: 'present' })
    expect([early.status, early.body.code]).toEqual([400, 'SESSION_NOT_STARTED'])

    setNow(startsAt + 5 * 60_000)
    expect((await mark(mentorUser, { sessionId: session.id, userId: a.id, status: 'present' })).status).toBe(200)
    expect((await mark(mentorUser, { sessionId: session.id, userId: b.id, status: 'absent' })).status).toBe(200)
    // Marked again: changed, not doubled.
    expect((await mark(admin, { sessionId: session.id, userId: b.id, status: 'present' })).status).toBe(200)
    expect((await mark(mentorUser, { sessionId: session.id, userId: b.id, status: 'absent' })).status).toBe(200)
    expect(await count()).toBe(2)

    // Refusals, each writing nothing.
    expect((await mark(otherMentorUser, { sessionId: session.id, userId: a.id, status: 'absent' })).status).toBe(403)
    expect((await mark(a, { sessionId: session.id, userId: b.id, status: 'present' })).status).toBe(403)
    expect((await mark(mentorUser, { sessionId: session.id, userId: outsider.id, status: 'present' })).body.code).toBe('NOT_SEATED')
    expect((await mark(mentorUser, { sessionId: 999_999_999, userId: a.id, status: 'present' })).status).toBe(404)
    expect((await mark(mentorUser, { sessionId: session.id, userId: a.id, status: 'late' })).status).toBe(400)
    expect((await api.post('/attendance', { body: { sessionId: session.id, userId: a.id, status: 'present' } })).status).toBe(401)
    expect(await count()).toBe(2)
    const { docs } = await payload.find({
      collection: 'session-attendance',
      overrideAccess: true,
      where: { session: { equals: session.id } },
    })
    expect(Object.fromEntries(docs.map((d) => [Number(typeof d.user === 'object' ? d.user.id : d.user), d.status]))).toEqual({
      [a.id]: 'present',
      [b.id]: 'absent',
    })

    // Each student sees their own marks only; a student cannot list the collection.
    const mine = await api.get('/me/attendance', { token: await tokenOf(b) })
    expect(mine.body.attendance).toEqual([
      { sessionId: session.id, title: 'Week 1', startsAt: new Date(startsAt).toISOString(), status: 'absent', dispute: null },
    ])
    expect((await api.get('/me/attendance', { token: await tokenOf(outsider) })).body.attendance).toEqual([])
    expect((await api.get('/session-attendance', { token: await tokenOf(a) })).status).toBe(403)
    // The mentor lists their batch's marks (no-shows per batch for admins and the mentor).
    const listed = await api.get(`/session-attendance?where[batch][equals]=${batch.id}&where[status][equals]=absent`, {
      token: await tokenOf(admin),
    })
    expect(listed.body.docs).toHaveLength(1)
  })

  it('in /admin the same rules hold: a cancelled session has no attendance', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const s = await studentWithPlan()
    expect((await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })).status).toBe(201)
    const admin = await createUser(payload, { roles: ['admin'] })
    const batch = await openBatchOf(payload, mentor)
    const startsAt = Date.parse(batch.startsOn) + 3 * DAY_MS + 4.5 * HOUR_MS
    const session = (
      await api.post('/sessions', {
        token: admin.token,
        body: { title: 'Week 2', batch: batch.id, startsAt: new Date(startsAt).toISOString() },
      })
    ).body.doc as Session
    setNow(startsAt + HOUR_MS)
    const token = await tokenOf(admin)
    const made = await api.post('/session-attendance', { token, body: { session: session.id, user: s.id, status: 'present' } })
    expect(made.status).toBe(201)
    expect(made.body.doc).toMatchObject({ status: 'present' })
    await api.patch(`/sessions/${session.id}`, { token, body: { status: 'cancelled' } })
    const again = await api.patch(`/session-attendance/${made.body.doc.id}`, { token, body: { status: 'absent' } })
    expect(again.status).toBe(409)
  })
})
