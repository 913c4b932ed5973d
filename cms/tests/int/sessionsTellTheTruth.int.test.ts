import { formatDateTime, istMidnight, type MentorHome, REFUND_REASONS } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import { handleFormStateLocking } from '@payloadcms/ui/utilities/handleFormStateLocking'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LOCKS } from '../../lib/documentLocks'
import { listUserBookings } from '../../services/booking/views'
import { layoutDates } from '../../services/mentorHome'
import { refundRequestSummary } from '../../services/payments/refundDecision'
import { istAt, mentorWithStudents, type RestClient, reqAs, resetClock, setNow, setUpWorld, tokenOf } from '../fixtures'
import { queuedEmails } from '../helpers/payments'
import { createMentor, createUser, type TestUser } from '../helpers/scenarios'

/**
 * Issue 32, "Sessions" and the mentor's draft lock: what the site says about sessions is what it
 * does. Each session keeps its own link; a cancelled one is listed as cancelled without a link
 * everywhere (the student's seat, the mentor's home, the calendar feed) and never counted as held;
 * a layout spreads one session a week and sends one e-mail; a mentor moves and cancels from their
 * home through the admin's path; a "moved" e-mail gives the old and the new time; a saved draft
 * holds no edit lock, and a lock names its holder.
 */
let payload: Payload
let api: RestClient
// Wednesday 10 March 2027, 10:00 IST: the April 2027 batch is open.
const NOW = istAt(2027, 3, 10, 10)
const LINK = 'https://meet.example.com/batch'

beforeAll(async () => ({ payload, rest: api } = await setUpWorld({ at: NOW })), 120_000)

afterAll(resetClock)

const schedule = (token: string, body: Record<string, unknown>) =>
  api.post('/mentor-home/sessions', { token, body: { time: '18:00', durationMinutes: 60, meetingLink: LINK, ...body } })

const sessionsOf = async (batchId: number) =>
  (await payload.find({ collection: 'sessions', where: { batch: { equals: batchId } }, sort: 'startsAt', overrideAccess: true, depth: 0 }))
    .docs

describe('the layout spreads the sessions one a week', () => {
  it('with Saturday and Sunday ticked (the default), the first weekend day of each week, not the first four weekend days', () => {
    const april = { startsOn: istMidnight(2027, 4, 1), endsOn: istMidnight(2027, 4, 30) }
    expect(layoutDates(april, { days: ['sat', 'sun'], time: '18:00' }, NOW)).toEqual([
      '2027-04-03',
      '2027-04-10',
      '2027-04-17',
      '2027-04-24',
    ])
    // Saturday 3 April at 18:00 has passed on the 3rd at 19:00: that week's Sunday takes its place.
    expect(layoutDates(april, { days: ['sat', 'sun'], time: '18:00' }, istAt(2027, 4, 3, 19))).toEqual([
      '2027-04-04',
      '2027-04-10',
      '2027-04-17',
      '2027-04-24',
    ])
    // From 20 March only two weekends of March are left: the other weekend days of the batch come
    // next, before any day outside it.
    const march = { startsOn: istMidnight(2027, 3, 1), endsOn: istMidnight(2027, 3, 31) }
    expect(layoutDates(march, { days: ['sat', 'sun'], time: '18:00' }, istAt(2027, 3, 20, 19))).toEqual([
      '2027-03-21',
      '2027-03-27',
      '2027-03-28',
      '2027-04-03',
    ])
  })

  it('lays out 4 sessions a week apart and sends each person one e-mail with every date, not one per session', async () => {
    const { user, batch: april, students } = await mentorWithStudents(2, { name: 'Truthful Mentor' })
    const created = await api.post('/mentor-home/layout', {
      token: user.token,
      body: { batchId: april.id, days: ['sat', 'sun'], time: '18:00', durationMinutes: 60, meetingLink: LINK },
    })
    expect(created.status).toBe(201)
    const sessions = await sessionsOf(april.id)
    expect(sessions.map((s) => s.startsAt)).toEqual(
      [istAt(2027, 4, 3, 18), istAt(2027, 4, 10, 18), istAt(2027, 4, 17, 18), istAt(2027, 4, 24, 18)].map((d) => d.toISOString()),
    )
    for (const who of [...students, user]) {
      const mails = await queuedEmails(payload, who.email, 'session-scheduled')
      expect(mails).toHaveLength(1)
      for (const s of sessions) expect(mails[0]!.text).toContain(formatDateTime(s.startsAt))
      // One calendar file with the four sessions, each under its own UID (a later move replaces that one).
      for (const s of sessions) expect(mails[0]!.calendar).toContain(`UID:session-${s.id}@mentorloop`)
    }
  })
})

describe('a mentor moves and cancels a session from their home', () => {
  it('moves through the admin’s path: a new calendar version and one e-mail to everyone with the old and new time', async () => {
    const { user, mentor, batch: april, students } = await mentorWithStudents(1, { name: 'Truthful Mentor' })
    const made = await schedule(user.token, { batchId: april.id, date: '2027-04-03' })
    expect(made.status).toBe(201)
    const id = made.body.session.id as number
    const moved = await api.post('/mentor-home/sessions/move', {
      token: user.token,
      body: { sessionId: id, date: '2027-04-11', time: '11:30', durationMinutes: 90 },
    })
    expect(moved.status).toBe(200)
    expect(moved.body.session).toMatchObject({ id, startsAt: istAt(2027, 4, 11, 11.5).toISOString(), durationMinutes: 90 })
    const [doc] = await sessionsOf(april.id)
    expect(doc).toMatchObject({ startsAt: istAt(2027, 4, 11, 11.5).toISOString(), sequence: 1 })
    for (const who of [students[0]!, user]) {
      const [mail] = await queuedEmails(payload, who.email, 'session-moved')
      expect(mail!.text).toContain(
        `from ${formatDateTime(istAt(2027, 4, 3, 18))} (60 minutes) to ${formatDateTime(istAt(2027, 4, 11, 11.5))}`,
      )
      expect(mail!.calendar).toContain('SEQUENCE:1')
    }
    // The rules of scheduling hold: a weekday is confirmed, a day outside the batch refused, an overlap 409.
    const weekday = await api.post('/mentor-home/sessions/move', {
      token: user.token,
      body: { sessionId: id, date: '2027-04-13', time: '18:00', durationMinutes: 60 },
    })
    expect(weekday).toMatchObject({ status: 400, body: { code: 'CONFIRM_WEEKDAY' } })
    const outside = await api.post('/mentor-home/sessions/move', {
      token: user.token,
      body: { sessionId: id, date: '2027-05-01', time: '18:00', durationMinutes: 60 },
    })
    expect(outside).toMatchObject({ status: 400, body: { fieldErrors: { date: expect.stringContaining('1–30 Apr 2027') } } })
    const other = await schedule(user.token, { batchId: april.id, date: '2027-04-17' })
    const clash = await api.post('/mentor-home/sessions/move', {
      token: user.token,
      body: { sessionId: id, date: '2027-04-17', time: '18:30', durationMinutes: 60 },
    })
    expect(clash).toMatchObject({ status: 409, body: { code: 'SESSION_OVERLAP' } })
    expect((await sessionsOf(april.id)).map((s) => s.startsAt)).toEqual([
      istAt(2027, 4, 11, 11.5).toISOString(),
      other.body.session.startsAt,
    ])
    // Another mentor's session is not theirs to know; a student has no home.
    const stranger = await mentorWithStudents(0, { name: 'Truthful Mentor' })
    const foreign = await api.post('/mentor-home/sessions/move', {
      token: stranger.user.token,
      body: { sessionId: id, date: '2027-04-18', time: '18:00', durationMinutes: 60 },
    })
    expect(foreign).toMatchObject({ status: 404 })
    expect((await api.post('/mentor-home/sessions/cancel', { token: students[0]!.token, body: { sessionId: id } })).status).toBe(403)
    expect(mentor.id).toBeGreaterThan(0)
  })

  it('cancels: a calendar cancellation to everyone; listed as cancelled, without its link, on the seat, the home and the feed', async () => {
    const { user, batch: april, students } = await mentorWithStudents(1, { name: 'Truthful Mentor' })
    const student = students[0]!
    const first = await schedule(user.token, { batchId: april.id, date: '2027-04-03', meetingLink: 'https://meet.example.com/one' })
    const extra = await schedule(user.token, { batchId: april.id, date: '2027-04-10', meetingLink: 'https://meet.example.com/extra' })
    const id = first.body.session.id as number
    const cancelled = await api.post('/mentor-home/sessions/cancel', { token: user.token, body: { sessionId: id } })
    expect(cancelled.status).toBe(200)
    expect((await api.post('/mentor-home/sessions/cancel', { token: user.token, body: { sessionId: id } })).status).toBe(200)
    const notes = await queuedEmails(payload, student.email, 'session-cancelled')
    expect(notes).toHaveLength(1)
    expect(notes[0]!.calendar).toContain('METHOD:CANCEL')

    // The student's seat lists both, each with its own link; the cancelled one marked, without its link.
    const [seat] = await listUserBookings(await reqAs(), student.id)
    expect(seat!.sessions).toEqual([
      expect.objectContaining({ id, cancelled: true, meetingLink: null }),
      expect.objectContaining({ id: extra.body.session.id, cancelled: false, meetingLink: 'https://meet.example.com/extra' }),
    ])
    // The mentor's home: the same.
    const home = (await api.get('/mentor-home', { token: user.token })).body as MentorHome
    expect(home.batches.find((b) => b.id === april.id)!.sessions.map((s) => [s.id, s.cancelled, s.meetingLink])).toEqual([
      [id, true, null],
      [extra.body.session.id, false, 'https://meet.example.com/extra'],
    ])
    // The feed: the cancelled entry stays as CANCELLED and carries no link.
    const { calendarToken } = (await api.post('/me/calendar-token', { token: student.token })).body
    const feed = String((await api.get(`/calendar/feed/${calendarToken}.ics`)).body)
    const cancelledEvent = feed.split('BEGIN:VEVENT').find((e) => e.includes(`UID:session-${id}@mentorloop`))!
    expect(cancelledEvent).toContain('STATUS:CANCELLED')
    expect(cancelledEvent).not.toContain('meet.example.com')
    // A started session can no longer be cancelled or moved.
    setNow(istAt(2027, 4, 10, 18).getTime() + 60_000)
    try {
      const token = await tokenOf(user)
      const late = await api.post('/mentor-home/sessions/cancel', { token, body: { sessionId: extra.body.session.id } })
      expect(late).toMatchObject({ status: 409, body: { code: 'SESSION_STARTED' } })
    } finally {
      setNow(NOW)
    }
  })

  it('the admin’s refund view counts a cancelled session neither as held nor as scheduled', async () => {
    const { user, batch: april, students } = await mentorWithStudents(1, { name: 'Truthful Mentor' })
    const one = await schedule(user.token, { batchId: april.id, date: '2027-04-03' })
    await schedule(user.token, { batchId: april.id, date: '2027-04-10' })
    await api.post('/mentor-home/sessions/cancel', { token: user.token, body: { sessionId: one.body.session.id } })
    const [payment] = (
      await payload.find({ collection: 'payments', where: { user: { equals: students[0]!.id } }, depth: 0, overrideAccess: true })
    ).docs
    const request = await payload.create({
      collection: 'refund-requests',
      data: { user: students[0]!.id, payment: payment!.id, source: 'student', reason: REFUND_REASONS[0], status: 'requested' },
      overrideAccess: true,
    })
    setNow(istAt(2027, 4, 11, 10))
    try {
      const summary = await refundRequestSummary(await reqAs(), request.id)
      expect(summary!.batch).toMatchObject({ sessionsHeld: 1, sessionsScheduled: 1 })
    } finally {
      setNow(NOW)
    }
  })
})

describe('a mentor’s draft and the edit lock', () => {
  it('a saved draft releases the mentor’s lock; a lock names its holder to staff, not "User: 3"', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'], name: 'Priya Lockwood' })
    const mentor: Mentor = await createMentor(payload, { user: mentorUser })
    const staff = await createUser(payload, { roles: ['staff'], name: 'Staff Reviewer' })
    const lockOf = async (as: TestUser) =>
      (
        await payload.find({
          collection: LOCKS as 'payload-locked-documents',
          depth: 1,
          overrideAccess: false,
          user: as,
          where: { and: [{ 'document.relationTo': { equals: 'mentors' } }, { 'document.value': { equals: mentor.id } }] },
        })
      ).docs
    // The mentor opens their profile in /admin and edits: Payload's form state takes the lock.
    const mentorReq = await reqAs(mentorUser)
    await handleFormStateLocking({ id: mentor.id, collectionSlug: 'mentors', req: mentorReq, updateLastEdited: true })
    const [lock] = await lockOf(staff)
    expect(lock!.user).toEqual({ relationTo: 'users', value: { id: mentorUser.id, email: 'Priya Lockwood' } })
    // They save a draft and leave: staff find no lock.
    const saved = await api.patch(`/mentors/${mentor.id}?draft=true`, { token: mentorUser.token, body: { profession: 'Staff Engineer' } })
    expect(saved.status).toBe(200)
    expect(await lockOf(staff)).toEqual([])
  })
})
