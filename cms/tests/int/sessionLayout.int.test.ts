import { DAY_MS, istMidnight, type LayoutPlan, type MentorHome } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readAttention } from '../../services/admin/attention'
import { layoutDates } from '../../services/mentorHome'
import { noShowsOfBatch } from '../../services/sessions/attendance'
import { istAt, mentorWithStudents, type RestClient, reqAs, resetClock, setNow, setUpWorld, tokenOf } from '../fixtures'
import { queuedEmails } from '../helpers/payments'
import { createUser, runningBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * Issue 21 on the mentor's home and in /admin: laying out a batch's 4 sessions in one step (dates
 * computed in India time, a weekday or a day outside the batch confirmed, overlaps 409 with nothing
 * written, a mentor's own batches only, an admin's any), attendance marked from a session's start,
 * no-shows per batch and the sessions without attendance two days after they ended.
 */
let payload: Payload
let api: RestClient
const NOW = istAt(2027, 3, 10, 10)

beforeAll(async () => ({ payload, rest: api } = await setUpWorld({ at: NOW })), 120_000)

afterAll(resetClock)

const sessionsOf = async (batchId: number) =>
  (await payload.find({ collection: 'sessions', where: { batch: { equals: batchId } }, sort: 'startsAt', overrideAccess: true, depth: 0 }))
    .docs

const LINK = 'https://meet.example.com/batch'
const layout = (token: string, body: Record<string, unknown>) =>
  api.post('/mentor-home/layout', { token, body: { time: '18:00', durationMinutes: 60, meetingLink: LINK, days: ['sat', 'sun'], ...body } })

const runningMarch = (mentor: Mentor) => runningBatchOf(payload, mentor, 2027, 3)

describe('layoutDates', () => {
  it('takes the first chosen weekend day of each week of the batch still to come, India time', () => {
    const april = { startsOn: istMidnight(2027, 4, 1) }
    // One a week (issue 32): both days ticked spread over four weekends, not the first two.
    expect(layoutDates(april, { days: ['sat', 'sun'], time: '18:00' }, NOW)).toEqual([
      '2027-04-03',
      '2027-04-10',
      '2027-04-17',
      '2027-04-24',
    ])
    expect(layoutDates(april, { days: ['sun'], time: '07:00' }, NOW)).toEqual(['2027-04-04', '2027-04-11', '2027-04-18', '2027-04-25'])
    // Saturday 13 March 2027, 9:00 IST has passed at 10:00 IST on the 13th; 11:00 has not.
    const march = { startsOn: istMidnight(2027, 3, 1) }
    const sat13 = istAt(2027, 3, 13, 10)
    expect(layoutDates(march, { days: ['sat'], time: '09:00' }, sat13)[0]).toBe('2027-03-20')
    expect(layoutDates(march, { days: ['sat'], time: '11:00' }, sat13)[0]).toBe('2027-03-13')
    // 00:30 IST on a Saturday is still Friday in UTC: the day is India's.
    expect(layoutDates(april, { days: ['sat'], time: '00:30' }, NOW)[0]).toBe('2027-04-03')
  })
})

describe('POST /api/mentor-home/layout', () => {
  it('previews the computed dates without writing, then creates all 4 through the one-by-one path, with one e-mail', async () => {
    const { user, batch: april, students } = await mentorWithStudents(1, { name: 'Layout Mentor' })
    const preview = await layout(user.token, { batchId: april.id, preview: true })
    expect(preview.status).toBe(200)
    const plan = preview.body.plan as LayoutPlan
    expect(plan.slots.map((s) => s.startsAt)).toEqual(
      [istAt(2027, 4, 3, 18), istAt(2027, 4, 10, 18), istAt(2027, 4, 17, 18), istAt(2027, 4, 24, 18)].map((d) => d.toISOString()),
    )
    expect(plan.slots.map((s) => s.title)).toEqual(['Session 1', 'Session 2', 'Session 3', 'Session 4'])
    expect(plan).toMatchObject({ needsConfirmWeekday: false, needsConfirmOutside: false })
    expect(await sessionsOf(april.id)).toEqual([])

    const created = await layout(user.token, { batchId: april.id })
    expect(created.status).toBe(201)
    const sessions = await sessionsOf(april.id)
    expect(sessions.map((s) => [s.title, s.startsAt, s.durationMinutes, s.meetingLink])).toEqual(
      plan.slots.map((s) => [s.title, s.startsAt, 60, LINK]),
    )
    // One e-mail for the layout (issue 32), not one per session.
    expect((await queuedEmails(payload, students[0]!.email, 'session-scheduled')).length).toBe(1)
    // The home lists them; a second layout continues the numbering and overlaps the first: 409.
    const home = (await api.get('/mentor-home', { token: user.token })).body as MentorHome
    expect(home.batches.find((b) => b.id === april.id)!.sessions).toHaveLength(4)
    const again = await layout(user.token, { batchId: april.id, preview: true })
    expect(again.body.plan.slots[0]).toMatchObject({ title: 'Session 5', clash: expect.stringContaining('overlaps your session') })
  })

  it('asks to confirm a weekday; an overlap is 409 and writes nothing', async () => {
    const { user, batch: april } = await mentorWithStudents(1, { name: 'Layout Mentor' })
    const dates = ['2027-04-03', '2027-04-05', '2027-04-10', '2027-04-11']
    const weekday = await layout(user.token, { batchId: april.id, dates })
    expect(weekday).toMatchObject({ status: 400, body: { code: 'CONFIRM_WEEKDAY', fieldErrors: { confirmWeekday: expect.any(String) } } })
    expect(weekday.body.message).toContain('Mon 5 Apr, 6:00 pm IST')
    expect(await sessionsOf(april.id)).toEqual([])

    // One of the mentor's sessions at 18:30 on the 10th: the plan overlaps it.
    const one = await api.post('/mentor-home/sessions', {
      token: user.token,
      body: { batchId: april.id, date: '2027-04-10', time: '18:30', durationMinutes: 30, meetingLink: LINK },
    })
    expect(one.status).toBe(201)
    const clash = await layout(user.token, { batchId: april.id, dates, confirmWeekday: true })
    expect(clash).toMatchObject({ status: 409, body: { code: 'SESSION_OVERLAP' } })
    expect(clash.body.message).toContain('Sat 10 Apr, 6:30 pm IST')
    expect((await sessionsOf(april.id)).map((s) => s.id)).toEqual([one.body.session.id])
    // Two sessions of the plan on one day overlap each other: 409 as well, nothing written.
    const twice = await layout(user.token, { batchId: april.id, dates: ['2027-04-17', '2027-04-17', '2027-04-18', '2027-04-24'] })
    expect(twice).toMatchObject({ status: 409, body: { code: 'SESSION_OVERLAP' } })
    expect(await sessionsOf(april.id)).toHaveLength(1)

    const confirmed = await layout(user.token, { batchId: april.id, dates, confirmWeekday: 'on', time: '10:00' })
    expect(confirmed.status).toBe(201)
    expect((await sessionsOf(april.id)).map((s) => s.startsAt)).toContain(istAt(2027, 4, 5, 10).toISOString())
  })

  it('a plan that runs past the batch is an admin’s (who confirms the days outside it), never the mentor’s own', async () => {
    const { user, mentor } = await mentorWithStudents(0, { name: 'Layout Mentor' })
    const march = await runningMarch(mentor)
    // From 10 March the running batch has three Saturdays left (13, 20, 27): the fourth is 3 April.
    const preview = await layout(user.token, { batchId: march.id, days: ['sat'], preview: true })
    expect((preview.body.plan as LayoutPlan).slots.map((s) => [s.date, s.outside])).toEqual([
      ['2027-03-13', false],
      ['2027-03-20', false],
      ['2027-03-27', false],
      ['2027-04-03', true],
    ])
    // The mentor: refused, confirmed or not (issue 37: a day outside the batch moves what students were promised).
    for (const confirmOutside of [undefined, 'on', true]) {
      const refused = await layout(user.token, { batchId: march.id, days: 'sat', confirmOutside })
      expect(refused).toMatchObject({ status: 403, body: { code: 'OUTSIDE_NEEDS_ADMIN' } })
      expect(refused.body.message).toContain('1–31 Mar 2027')
      expect(refused.body.message).toContain('Only an admin')
    }
    expect(await sessionsOf(march.id)).toEqual([])
    // An admin: asked to confirm, then the sessions are created.
    const admin = await createUser(payload, { roles: ['admin'] })
    const byAdmin = (body: Record<string, unknown>) =>
      api.post(`/batches/${march.id}/layout-sessions`, {
        token: admin.token,
        body: { days: ['sat'], time: '18:00', durationMinutes: 60, meetingLink: LINK, ...body },
      })
    expect(await byAdmin({})).toMatchObject({
      status: 400,
      body: { code: 'CONFIRM_OUTSIDE', fieldErrors: { confirmOutside: expect.any(String) } },
    })
    expect((await byAdmin({ confirmOutside: true })).status).toBe(201)
    expect((await sessionsOf(march.id)).at(-1)!.startsAt).toBe(istAt(2027, 4, 3, 18).toISOString())
    // A past date is refused, whatever is confirmed.
    const past = await layout(user.token, {
      batchId: march.id,
      dates: ['2027-03-06', '2027-03-14', '2027-03-21', '2027-03-28'],
      confirmOutside: true,
    })
    expect(past).toMatchObject({ status: 400, body: { fieldErrors: { dates: expect.stringContaining('has passed') } } })
  })

  it('a mentor lays out only their own batches; an admin any, from /admin; bad input is 400 with the field', async () => {
    const { user, batch: april } = await mentorWithStudents(0, { name: 'Layout Mentor' })
    const other = await mentorWithStudents(0, { name: 'Layout Mentor' })
    expect(await layout(other.user.token, { batchId: april.id })).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    const student = await createUser(payload)
    expect(await layout(student.token, { batchId: april.id })).toMatchObject({ status: 403 })
    expect(await layout(user.token, { batchId: april.id, days: [] })).toMatchObject({
      status: 400,
      body: { fieldErrors: { days: 'Pick Saturday, Sunday or both.' } },
    })
    expect(await layout(user.token, { batchId: april.id, days: ['mon'] })).toMatchObject({ status: 400 })
    expect(await layout(user.token, { batchId: april.id, meetingLink: 'http://x.example.com' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { meetingLink: expect.any(String) } },
    })
    expect(await layout(user.token, { batchId: april.id, dates: ['2027-04-03'] })).toMatchObject({
      status: 400,
      body: { fieldErrors: { dates: 'Give the 4 dates of the plan.' } },
    })
    expect(await sessionsOf(april.id)).toEqual([])

    const admin = await createUser(payload, { roles: ['admin'] })
    const body = { days: ['sun'], time: '11:00', durationMinutes: 90, meetingLink: LINK }
    expect((await api.post(`/batches/${april.id}/layout-sessions`, { token: user.token, body })).status).toBe(403)
    const preview = await api.post(`/batches/${april.id}/layout-sessions`, { token: admin.token, body: { ...body, preview: true } })
    expect(preview.body.plan.slots.map((s: { date: string }) => s.date)).toEqual(['2027-04-04', '2027-04-11', '2027-04-18', '2027-04-25'])
    expect(await sessionsOf(april.id)).toEqual([])
    expect((await api.post(`/batches/${april.id}/layout-sessions`, { token: admin.token, body })).status).toBe(201)
    expect((await sessionsOf(april.id)).map((s) => s.durationMinutes)).toEqual([90, 90, 90, 90])
    expect((await api.post('/batches/999999/layout-sessions', { token: admin.token, body })).status).toBe(404)
  })
})

describe('attendance from the mentor’s home, no-shows and the attention list', () => {
  it('marks from the start only, own sessions only, all or nothing; no-shows count; unmarked sessions show two days after they ended', async () => {
    const { user, mentor, batch: april, students } = await mentorWithStudents(2, { name: 'Layout Mentor' })
    const [a, b] = students as [TestUser, TestUser]
    const other = await mentorWithStudents(0, { name: 'Layout Mentor' })
    expect((await layout(user.token, { batchId: april.id })).status).toBe(201)
    const [first, second] = await sessionsOf(april.id)
    const mark = async (who: TestUser, sessionId: number, marks: { userId: number; status: string }[]) =>
      api.post('/mentor-home/attendance', { token: await tokenOf(who), body: { sessionId, marks } })
    const marksOf = async (sessionId: number) =>
      (await payload.find({ collection: 'session-attendance', where: { session: { equals: sessionId } }, overrideAccess: true, depth: 0 }))
        .docs
    const both = [
      { userId: a.id, status: 'present' },
      { userId: b.id, status: 'absent' },
    ]

    const early = await mark(user, first!.id, both)
    expect(early).toMatchObject({ status: 400, body: { code: 'SESSION_NOT_STARTED' } })
    expect(await marksOf(first!.id)).toEqual([])

    const startsAt = Date.parse(first!.startsAt)
    setNow(startsAt + 10 * 60_000)
    // Another mentor: refused, nothing written; a student not seated in the batch spoils the whole form.
    expect(await mark(other.user, first!.id, both)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
    const outsider = await createUser(payload)
    expect(await mark(user, first!.id, [...both, { userId: outsider.id, status: 'present' }])).toMatchObject({
      status: 400,
      body: { code: 'NOT_SEATED' },
    })
    expect(await marksOf(first!.id)).toEqual([])
    expect(await mark(user, first!.id, [{ userId: a.id, status: 'late' }])).toMatchObject({ status: 400 })

    expect((await mark(user, first!.id, both)).status).toBe(200)
    const home = (await api.get('/mentor-home', { token: await tokenOf(user) })).body as MentorHome
    const listed = home.batches.find((x) => x.id === april.id)!.sessions
    expect(listed[0]!.attendance).toEqual([
      { userId: a.id, status: 'present' },
      { userId: b.id, status: 'absent' },
    ])
    expect(listed[1]!.attendance).toEqual([])

    // No-shows of the batch (admin's view): the absent student, 1 of 1 marked session; the second session has not started.
    const noShows = await noShowsOfBatch(await reqAs(), april.id)
    expect(noShows.rows).toEqual([{ userId: b.id, name: 'Student 2', email: b.email, absences: 1, marked: 1 }])
    expect(noShows.unmarked).toBe(0)

    // The second session ends at 19:00 on 10 April; two days later it is on the attention list, until it is marked.
    const secondEnds = Date.parse(second!.startsAt) + 60 * 60_000
    const listedAt = async (t: number) => {
      setNow(t)
      return (await readAttention(await reqAs(), new Date(t))).unmarked.rows.map((s) => s.id)
    }
    expect(await listedAt(secondEnds + 2 * DAY_MS - 60_000)).not.toContain(second!.id)
    expect((await noShowsOfBatch(await reqAs(), april.id)).unmarked).toBe(1)
    const due = await readAttention(await reqAs(), new Date(secondEnds + 2 * DAY_MS))
    expect(due.unmarked.rows.find((s) => s.id === second!.id)).toMatchObject({
      title: 'Session 2',
      mentorId: mentor.id,
      batchLabel: 'April 2027',
    })
    expect(due.unmarked.rows.map((s) => s.id)).not.toContain(first!.id)
    setNow(secondEnds + 2 * DAY_MS)
    expect((await mark(user, second!.id, [{ userId: a.id, status: 'absent' }])).status).toBe(200)
    expect(await listedAt(secondEnds + 2 * DAY_MS)).not.toContain(second!.id)
    expect((await noShowsOfBatch(await reqAs(), april.id)).rows.map((r) => [r.userId, r.absences, r.marked])).toEqual([
      [a.id, 1, 2],
      [b.id, 1, 1],
    ])
    setNow(NOW)
  })
})
