import { DAY_MS, HOUR_MS, REFUND_REASON_OTHER } from '@mentorloop/shared'
import type { Batch, Session } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { readAttention } from '../../services/admin/attention'
import { OUTSIDE_CONFIRMED } from '../../services/mentorHome/overlap'
import { scheduleSession } from '../../services/mentorHome/scheduleSession'
import { type RestClient, reqAs, resetClock, seat, setNow, setUpWorld, studentWithPlan, tokenOf } from '../fixtures'
import { checkoutBody, createOrder } from '../helpers/payments'
import { createMentor, createUser, mapLimit, openBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * Issue 37: a mentor decides neither who may rate them nor when the refund promise ends
 * (docs/decisions/177). Each abuse of today's rules, tried: marking a student absent to keep them
 * from rating; changing a mark long after the session; a session placed before the batch starts to
 * close the promise window early. And the student's side: their marks, and a dispute an admin decides.
 */
// Moves the clock past sessions and reads the admin's site-wide attention list: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let api: RestClient
let admin: TestUser

beforeAll(async () => ({ payload, rest: api, admin } = await setUpWorld({ plans: ['BEGINNER_TECHY'] })))

afterEach(resetClock)

const setClock = (at: number) => {
  setNow(at)
}

async function addSession(batch: Batch, startsAt: number, opts: { outside?: boolean } = {}): Promise<Session> {
  return (await payload.create({
    collection: 'sessions',
    data: {
      title: `Session at ${new Date(startsAt).toISOString()}`,
      batch: batch.id,
      startsAt: new Date(startsAt).toISOString(),
      durationMinutes: 60,
    },
    overrideAccess: true,
    // An admin's confirmed day outside the batch (the layout's path): the only way one exists.
    context: opts.outside ? { [OUTSIDE_CONFIRMED]: true } : {},
  })) as Session
}

/** A mentor (with an account) and `n` students seated in their open batch, one session two days in. */
async function scene(n: number) {
  const mentorUser = await createUser(payload, { roles: ['mentor'] })
  const mentor = await createMentor(payload, { user: mentorUser, capacity: n + 2 })
  const students = await mapLimit(Array.from({ length: n }), 4, async () => {
    const s = await studentWithPlan()
    await seat(s, mentor)
    return s
  })
  const batch = await openBatchOf(payload, mentor)
  const startsAt = Date.parse(batch.startsOn) + 2 * DAY_MS + 4.5 * HOUR_MS
  const session = await addSession(batch, startsAt)
  return { mentorUser, mentor, batch, students, session, endsAt: startsAt + HOUR_MS }
}

const mark = async (who: TestUser, sessionId: number, userId: number, status: 'present' | 'absent') =>
  api.post('/attendance', { token: await tokenOf(who), body: { sessionId, userId, status } })

describe('a mentor cannot decide who rates them', () => {
  it('a student marked absent rates once the batch’s first session has ended', async () => {
    const { mentorUser, batch, students, session, endsAt } = await scene(1)
    const [student] = students as [TestUser]
    setClock(endsAt - 10 * 60_000)
    expect((await mark(mentorUser, session.id, student.id, 'absent')).status).toBe(200)
    setClock(endsAt + 60_000)
    const cards = (await api.get('/ratings/mine', { token: await tokenOf(student) })).body.cards
    expect(cards).toEqual([expect.objectContaining({ batchId: batch.id, rating: null })])
    const rated = await api.post('/ratings/mine', { token: await tokenOf(student), body: { batchId: batch.id, stars: 2 } })
    expect(rated.status, JSON.stringify(rated.body)).toBe(201)
    // And the mentor marking them absent again changes nothing about it: they edit their rating.
    expect((await mark(mentorUser, session.id, student.id, 'absent')).status).toBe(200)
    const edited = await api.patch(`/ratings/mine/${rated.body.rating.id}`, { token: await tokenOf(student), body: { stars: 1 } })
    expect(edited.status).toBe(200)
  })
})

describe('attendance closes 48 hours after the session', () => {
  it('the mentor marks and changes marks until then; after it, a clear 409 and nothing changes; an admin may still correct', async () => {
    const { mentorUser, students, session, endsAt } = await scene(2)
    const [a, b] = students as [TestUser, TestUser]
    setClock(endsAt + 47 * HOUR_MS)
    expect((await mark(mentorUser, session.id, a.id, 'present')).status).toBe(200)
    expect((await mark(mentorUser, session.id, a.id, 'absent')).status).toBe(200)

    setClock(endsAt + 48 * HOUR_MS + 60_000)
    const late = await mark(mentorUser, session.id, a.id, 'present')
    expect([late.status, late.body.code]).toEqual([409, 'ATTENDANCE_CLOSED'])
    expect(late.body.message).toMatch(
      /^Attendance can be marked or changed until 48 hours after the session, until .+\. Ask an admin to correct it\.$/,
    )
    // A first mark is as late as a change.
    const first = await mark(mentorUser, session.id, b.id, 'absent')
    expect([first.status, first.body.code]).toEqual([409, 'ATTENDANCE_CLOSED'])
    // The mentor's home refuses the same way, all or nothing.
    const home = await api.post('/mentor-home/attendance', {
      token: await tokenOf(mentorUser),
      body: { sessionId: session.id, marks: [{ userId: b.id, status: 'absent' }] },
    })
    expect(home.status).toBe(409)
    expect((await api.get('/me/attendance', { token: await tokenOf(a) })).body.attendance).toEqual([
      expect.objectContaining({ sessionId: session.id, status: 'absent', dispute: null }),
    ])
    expect((await api.get('/me/attendance', { token: await tokenOf(b) })).body.attendance).toEqual([])
    // An admin still corrects a mark (deciding a dispute, for instance).
    expect((await mark(admin, session.id, a.id, 'present')).status).toBe(200)
  })
})

describe('the student disputes an absent mark and an admin decides', () => {
  it('seen on the dashboard, listed on the admin’s home, upheld into "present"; once per mark', async () => {
    const { mentorUser, students, session, endsAt } = await scene(3)
    const [a, b, c] = students as [TestUser, TestUser, TestUser]
    setClock(endsAt + HOUR_MS)
    expect((await mark(mentorUser, session.id, a.id, 'absent')).status).toBe(200)
    expect((await mark(mentorUser, session.id, b.id, 'absent')).status).toBe(200)
    expect((await mark(mentorUser, session.id, c.id, 'present')).status).toBe(200)
    const dispute = async (who: TestUser, note = 'I was there, camera off.') =>
      api.post(`/me/attendance/${session.id}/dispute`, { token: await tokenOf(who), body: { note } })

    expect((await dispute(a)).status).toBe(200)
    expect((await dispute(b, '')).status).toBe(200)
    expect((await api.get('/me/attendance', { token: await tokenOf(a) })).body.attendance).toEqual([
      expect.objectContaining({ sessionId: session.id, status: 'absent', dispute: 'open' }),
    ])
    // Once; a present mark or no mark has nothing to dispute; nobody disputes for someone else.
    expect((await dispute(a)).body.code).toBe('ALREADY_DISPUTED')
    expect((await dispute(c)).body.code).toBe('NOT_ABSENT')
    const stranger = await createUser(payload)
    expect((await dispute(stranger)).status).toBe(404)
    expect((await api.post(`/me/attendance/${session.id}/dispute`, { body: { note: '' } })).status).toBe(401)
    const tooLong = await dispute(a, 'x'.repeat(501))
    expect(tooLong.status).toBe(400)

    // The admin's "needs attention" home lists both, oldest first.
    const attention = await readAttention(await reqAs(), new Date())
    const listed = attention.disputes.rows.filter((d) => d.sessionTitle === session.title)
    expect(listed).toHaveLength(2)
    expect(listed[0]).toMatchObject({ note: 'I was there, camera off.', mentorName: expect.any(String) })

    // The admin upholds a's dispute (the mark becomes present) and rejects b's.
    const rows = await payload.find({
      collection: 'session-attendance',
      where: { session: { equals: session.id } },
      overrideAccess: true,
      depth: 0,
    })
    const rowOf = (u: TestUser) => rows.docs.find((d) => d.user === u.id)!
    const upheld = await api.patch(`/session-attendance/${rowOf(a).id}`, { token: await tokenOf(admin), body: { dispute: 'upheld' } })
    expect(upheld.status, JSON.stringify(upheld.body)).toBe(200)
    expect(upheld.body.doc).toMatchObject({ status: 'present', dispute: 'upheld', disputeDecidedAt: expect.any(String) })
    expect(
      (await api.patch(`/session-attendance/${rowOf(b).id}`, { token: await tokenOf(admin), body: { dispute: 'rejected' } })).status,
    ).toBe(200)
    // Decided once: not re-opened or decided again.
    expect(
      (await api.patch(`/session-attendance/${rowOf(b).id}`, { token: await tokenOf(admin), body: { dispute: 'upheld' } })).status,
    ).toBe(400)
    // The mentor cannot decide disputes.
    expect(
      (await api.patch(`/session-attendance/${rowOf(b).id}`, { token: await tokenOf(mentorUser), body: { dispute: 'upheld' } })).status,
    ).toBe(403)
    expect((await api.get('/me/attendance', { token: await tokenOf(a) })).body.attendance[0]).toMatchObject({
      status: 'present',
      dispute: 'upheld',
    })
    expect((await api.get('/me/attendance', { token: await tokenOf(b) })).body.attendance[0]).toMatchObject({
      status: 'absent',
      dispute: 'rejected',
    })
    const after = await readAttention(await reqAs(), new Date())
    expect(after.disputes.rows.filter((d) => d.sessionTitle === session.title)).toEqual([])
  })
})

describe('the refund promise starts with the batch’s own Session 1', () => {
  it('a session placed before the batch starts does not close the promise window before teaching begins', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const student = await createUser(payload)
    const order = await createOrder(api, student, 'BEGINNER_TECHY')
    const paid = await api.post('/payments/verify-payment', { token: student.token, body: checkoutBody(order.orderId) })
    expect(paid.status).toBe(200)
    await seat(student, mentor)
    const batch = await openBatchOf(payload, mentor)
    // An early session four days before the batch's first day, and Session 1 on its third day.
    await addSession(batch, Date.parse(batch.startsOn) - 4 * DAY_MS + 4.5 * HOUR_MS, { outside: true })
    const session1End = Date.parse(batch.startsOn) + 2 * DAY_MS + 5.5 * HOUR_MS
    await addSession(batch, session1End - HOUR_MS)
    const caseNow = async () => {
      const res = await api.get('/payments/history', { token: await tokenOf(student) })
      return res.body.find((p: { id: number }) => p.id === paid.body.payment.id).refundCase
    }
    // Before the batch: the early session has ended long ago, yet the case is the batch's own (a
    // refund before a batch starts is approved at once, decision 181), not a closed promise.
    setClock(Date.parse(batch.startsOn) - HOUR_MS)
    expect(await caseNow()).toMatchObject({ kind: 'before-batch' })
    // The batch started, Session 1 still to come: its end is the batch's own Session 1, not the early session's.
    setClock(Date.parse(batch.startsOn) + HOUR_MS)
    expect(await caseNow()).toMatchObject({ kind: 'before-session-1', session1EndsAt: new Date(session1End).toISOString() })
    // Two hours after Session 1: inside the promise, approved at once.
    setClock(session1End + 2 * HOUR_MS)
    expect(await caseNow()).toMatchObject({ kind: 'promise', session1EndedAt: new Date(session1End).toISOString() })
    const asked = await api.post('/refund-requests/request', {
      token: await tokenOf(student),
      body: { paymentId: paid.body.payment.id, reason: REFUND_REASON_OTHER, feedback: 'Not for me.' },
    })
    expect(asked.status, JSON.stringify(asked.body)).toBe(201)
    expect(asked.body.status).toBe('approved')
  })

  it('a session outside the batch’s days is an admin’s: the mentor’s own confirmation does not place it', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const mentor = await createMentor(payload, { user: mentorUser })
    const batch = await openBatchOf(payload, mentor)
    const before = new Date(Date.parse(batch.startsOn) - 2 * DAY_MS)
    const date = before.toISOString().slice(0, 10)
    const asMentor = await reqAs(mentorUser)
    await expect(
      scheduleSession(
        asMentor,
        mentor.id,
        {
          batchId: batch.id,
          date,
          time: '10:00',
          durationMinutes: 60,
          meetingLink: 'https://meet.example.com/x',
          title: 'Early',
          confirmWeekday: true,
        },
        { outsideConfirmed: true },
      ),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('must fall within its days') })
  })
})
