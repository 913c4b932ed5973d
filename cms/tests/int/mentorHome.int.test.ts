import { istMidnight, type MentorHome } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { txQuery } from '../../lib/transaction'
import { createBooking } from '../../services/booking'
import { istAt, type RestClient, reqAs, resetClock, seat, setUpWorld } from '../fixtures'
import { tickTo } from '../helpers/batches'
import { queuedEmails } from '../helpers/payments'
import { createMentor, createUser, givePlan, openBatchOf, runningBatchOf, type TestUser } from '../helpers/scenarios'

/**
 * The mentor's home (docs/decisions/095-mentor-home.md): GET /api/mentor-home answers only the
 * signed-in mentor's own batches, students and sessions; scheduling a session and opening the next
 * batch keep the batch's rules; and a month end tells a mentor once, in one summary.
 */
// The month-end test ticks to April 2027, which would start and complete every other file's
// batches in the shared database: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let api: RestClient

/** A mentor account with its published profile (which opens the next month's batch by itself). */
async function mentorAccount(capacity = 5): Promise<{ user: TestUser; mentor: Mentor }> {
  const user = await createUser(payload, { roles: ['mentor'], name: 'Home Mentor' })
  const mentor = await createMentor(payload, { user, capacity })
  return { user, mentor }
}

/** A running batch for this month (March 2027), as the month before would have left it. */
const runningMarch = (mentor: Mentor) => runningBatchOf(payload, mentor, 2027, 3)

const home = async (token: string) => api.get('/mentor-home', { token })

beforeAll(async () => ({ payload, rest: api } = await setUpWorld({ at: istAt(2027, 3, 10, 10) })), 120_000)

afterAll(resetClock)

describe('GET /api/mentor-home', () => {
  it('answers the mentor their own batches, seats, students with contact numbers, waitlist and why no next batch can open yet', async () => {
    const { user, mentor } = await mentorAccount()
    const other = await mentorAccount()
    await runningMarch(mentor)
    const student = await createUser(payload, { name: 'Asha Rao' })
    await givePlan(payload, student)
    const booked = await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id, phone: '9876543210', name: 'Asha Rao' })
    expect(booked.kind).toBe('booked')

    const res = await home(user.token)
    expect(res.status).toBe(200)
    const body = res.body as MentorHome
    expect(body.mentor).toMatchObject({ id: mentor.id, published: true })
    expect(body.batches.map((b) => [b.label, b.status])).toEqual([
      ['March 2027', 'running'],
      ['April 2027', 'open'],
    ])
    const april = body.batches[1]!
    expect(april).toMatchObject({ capacity: 5, taken: 1, held: 0, left: 4 })
    expect(april.students).toEqual([{ id: student.id, name: 'Asha Rao', phone: '9876543210', email: student.email }])
    expect(body.waiting).toBe(0)
    // One open batch at a time (docs/decisions/045): the rule, said with the batch that is open.
    expect(body.next).toMatchObject({ canOpen: false, open: { label: 'April 2027' } })
    expect((body.next as { reason: string }).reason).toContain('April 2027 starts running on 1 Apr 2027')

    // Another mentor sees none of it.
    const theirs = (await home(other.user.token)).body as MentorHome
    expect(theirs.mentor.id).toBe(other.mentor.id)
    expect(JSON.stringify(theirs)).not.toContain('9876543210')
    expect(theirs.batches.flatMap((b) => b.students)).toEqual([])
  })

  it('is for mentors only: 401 signed out, 403 for a student and an admin, 404 for a mentor account without a profile', async () => {
    expect((await api.get('/mentor-home')).status).toBe(401)
    const student = await createUser(payload)
    expect(await home(student.token)).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } })
    const admin = await createUser(payload, { roles: ['admin'] })
    expect((await home(admin.token)).status).toBe(403)
    const bare = await createUser(payload, { roles: ['mentor'] })
    expect(await home(bare.token)).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } })
    expect((await api.post('/mentor-home/sessions', { token: student.token, body: {} })).status).toBe(400)
    const valid = { batchId: 1, date: '2027-04-03', time: '18:00', durationMinutes: 60, meetingLink: 'https://meet.example.com/x' }
    expect((await api.post('/mentor-home/sessions', { token: student.token, body: valid })).status).toBe(403)
    expect(
      (await api.post('/mentor-home/batches', { token: student.token, body: { startsOn: '2027-05-01', endsOn: '2027-05-31' } })).status,
    ).toBe(403)
  })
})

describe('POST /api/mentor-home/batches', () => {
  it('opens the month after the running batch, pre-filled with the year; then says the rule instead of a second open batch', async () => {
    const { user, mentor } = await mentorAccount(6)
    // The batch that opened on publishing is cancelled: this mentor has only March running.
    const april = await openBatchOf(payload, mentor)
    await payload.update({ collection: 'batches', id: april.id, data: { status: 'cancelled' }, overrideAccess: true })
    await runningMarch(mentor)

    const before = (await home(user.token)).body as MentorHome
    expect(before.next).toMatchObject({
      canOpen: true,
      label: 'April 2027',
      startsOn: istMidnight(2027, 4, 1).toISOString(),
      endsOn: istMidnight(2027, 4, 30).toISOString(),
      after: { label: 'March 2027' },
    })

    // Typed dates, day first as in India, are accepted as well as a date input's value.
    const opened = await api.post('/mentor-home/batches', { token: user.token, body: { startsOn: '01/04/2027', endsOn: '2027-04-30' } })
    expect(opened.status).toBe(201)
    expect(opened.body.batch).toMatchObject({ label: 'April 2027', status: 'open', startsOn: istMidnight(2027, 4, 1).toISOString() })
    const created = await payload.findByID({ collection: 'batches', id: opened.body.batch.id, overrideAccess: true })
    expect(Number(created.capacity)).toBe(5) // the latest batch's capacity: its continuing students fit

    const again = await api.post('/mentor-home/batches', { token: user.token, body: { startsOn: '2027-05-01', endsOn: '2027-05-31' } })
    expect(again.status).toBe(409)
    expect(again.body).toMatchObject({ code: 'BATCH_ALREADY_OPEN' })
    expect(again.body.message).toContain('Your April 2027 batch (1–30 Apr 2027) is open for bookings')
  })

  it('refuses malformed or impossible dates with 400 and the field', async () => {
    const { user, mentor } = await mentorAccount()
    await payload.update({
      collection: 'batches',
      id: (await openBatchOf(payload, mentor)).id,
      data: { status: 'cancelled' },
      overrideAccess: true,
    })
    const post = (body: unknown) => api.post('/mentor-home/batches', { token: user.token, body })
    expect(await post({ startsOn: 'soon', endsOn: '2027-04-30' })).toMatchObject({
      status: 400,
      body: { code: 'INVALID_INPUT', fieldErrors: { startsOn: expect.stringContaining('not a date') } },
    })
    expect(await post({ startsOn: '2027-02-30', endsOn: '2027-04-30' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { startsOn: expect.any(String) } },
    })
    expect(await post({ endsOn: '2027-04-30' })).toMatchObject({ status: 400, body: { fieldErrors: { startsOn: expect.any(String) } } })
    expect(await post({ startsOn: '2027-03-05', endsOn: '2027-03-31' })).toMatchObject({
      status: 400,
      body: { message: 'A new batch starts after today.' },
    })
    expect(await post({ startsOn: '2027-04-10', endsOn: '2027-04-01' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { endsOn: expect.any(String) } },
    })
    expect(
      await payload.count({
        collection: 'batches',
        where: { mentor: { equals: mentor.id }, status: { equals: 'open' } },
        overrideAccess: true,
      }),
    ).toMatchObject({ totalDocs: 0 })
  })
})

describe('POST /api/mentor-home/sessions', () => {
  it('schedules inside the batch, asks to confirm a weekday, refuses overlaps, other mentors’ batches and bad input', async () => {
    const { user, mentor } = await mentorAccount()
    const other = await mentorAccount()
    const april = await openBatchOf(payload, mentor)
    const student = await createUser(payload, { name: 'Session Student' })
    await givePlan(payload, student)
    await createBooking(await reqAs(), { userId: student.id, mentorId: mentor.id })
    const post = (body: Record<string, unknown>, token = user.token) =>
      api.post('/mentor-home/sessions', {
        token,
        body: {
          batchId: april.id,
          date: '2027-04-03',
          time: '18:00',
          durationMinutes: 60,
          meetingLink: 'https://meet.example.com/abc',
          ...body,
        },
      })

    const first = await post({})
    expect(first.status).toBe(201)
    expect(first.body.session).toMatchObject({
      startsAt: istAt(2027, 4, 3, 18).toISOString(),
      durationMinutes: 60,
      meetingLink: 'https://meet.example.com/abc',
    })
    expect((await queuedEmails(payload, student.email, 'session-scheduled')).length).toBe(1)

    // Two sessions of one mentor may not overlap (30 minutes into the first).
    const clash = await post({ time: '18:30' })
    expect(clash).toMatchObject({ status: 409, body: { code: 'SESSION_OVERLAP' } })
    expect(clash.body.message).toContain('Sat 3 Apr, 6:00 pm IST')
    // Right after it is fine.
    expect((await post({ time: '19:00', durationMinutes: 45 })).status).toBe(201)

    // A weekday asks for confirmation first.
    const monday = await post({ date: '2027-04-05' })
    expect(monday).toMatchObject({
      status: 400,
      body: { code: 'CONFIRM_WEEKDAY', fieldErrors: { confirmWeekday: expect.stringContaining('Monday') } },
    })
    expect((await post({ date: '05 Apr 2027', confirmWeekday: 'on' })).status).toBe(201)

    // Outside the batch, in the past, another mentor's batch, bad input.
    expect(await post({ date: '2027-05-01' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { date: expect.stringContaining('1–30 Apr 2027') } },
    })
    expect(await post({ date: '2027-04-30', time: '23:30', durationMinutes: 60, confirmWeekday: true })).toMatchObject({ status: 400 })
    expect(await post({ batchId: (await openBatchOf(payload, other.mentor)).id })).toMatchObject({
      status: 404,
      body: { code: 'NOT_FOUND' },
    })
    expect(await post({}, other.user.token)).toMatchObject({ status: 404 })
    expect(await post({ meetingLink: 'http://meet.example.com/x' })).toMatchObject({
      status: 400,
      body: { fieldErrors: { meetingLink: expect.stringContaining('https://') } },
    })
    expect(await post({ time: '25:00' })).toMatchObject({ status: 400, body: { fieldErrors: { time: expect.any(String) } } })
    expect(await post({ durationMinutes: 5 })).toMatchObject({
      status: 400,
      body: { fieldErrors: { durationMinutes: expect.any(String) } },
    })
    expect(await post({ date: 'tomorrow' })).toMatchObject({ status: 400, body: { fieldErrors: { date: expect.any(String) } } })

    // The home lists them, with their links, in time order; the other mentor sees none.
    const mine = (await home(user.token)).body as MentorHome
    const listed = mine.batches.find((b) => b.id === april.id)!.sessions
    expect(listed.map((s) => s.startsAt)).toEqual(
      [istAt(2027, 4, 3, 18), istAt(2027, 4, 3, 19), istAt(2027, 4, 5, 18)].map((d) => d.toISOString()),
    )
    expect(listed.every((s) => s.meetingLink === 'https://meet.example.com/abc')).toBe(true)
    expect(((await home(other.user.token)).body as MentorHome).batches.flatMap((b) => b.sessions)).toEqual([])

    // The admin panel's path keeps the overlap rule too.
    await expect(
      payload.create({
        collection: 'sessions',
        data: { batch: april.id, title: 'Clash', startsAt: istAt(2027, 4, 3, 18.5).toISOString(), durationMinutes: 30 },
        overrideAccess: true,
      }),
    ).rejects.toThrow(/overlaps your session/)
  })
})

describe('month-end summary', () => {
  it('a rollover with 5 seat changes sends the mentor exactly one summary and no e-mail per seat', async () => {
    const { mentor } = await mentorAccount(5)
    const april = await openBatchOf(payload, mentor)
    // Two students book April during the month: one e-mail each to the mentor.
    const student = async (name: string) => {
      const user = await createUser(payload, { name })
      await givePlan(payload, user)
      return user
    }
    const [a, b] = [await student('Continuing One'), await student('Continuing Two')]
    for (const s of [a, b]) await seat(s, mentor)
    // Three students wait for this mentor with a plan (as the rollover bench loads them).
    const waiting = [await student('Queue One'), await student('Queue Two'), await student('Queue Three')]
    await txQuery(
      await reqAs(),
      sql`INSERT INTO waitlist (user_id, mentor_id, status, joined_at, created_at, updated_at)
          SELECT u, ${mentor.id}, 'waiting', now(), now(), now() FROM unnest(${`{${waiting.map((w) => w.id).join(',')}}`}::int[]) u`,
    )
    const before = await queuedEmails(payload, mentor.email)
    expect(before.map((m) => m.template)).toEqual(['mentor-seat-booked', 'mentor-seat-booked'])

    // The month turns: April runs, May opens and hands out its seats: 2 continuing, 3 from the queue.
    await tickTo(payload, istAt(2027, 4, 1, 0.5))
    const [may] = await txQuery<{ id: number; changes: number }>(
      await reqAs(),
      sql`SELECT b.id, ((SELECT count(*) FROM bookings bk WHERE bk.batch_id = b.id AND bk.status = 'confirmed')
                      + (SELECT count(*) FROM seat_offers o WHERE o.batch_id = b.id AND o.status = 'held'))::int AS changes
            FROM batches b WHERE b.mentor_id = ${mentor.id} AND b.label = 'May 2027'`,
    )
    expect(may?.changes).toBe(5)
    expect(april.id).not.toBe(may?.id)
    await tickTo(payload, istAt(2027, 4, 1, 1))

    const after = (await queuedEmails(payload, mentor.email)).slice(before.length)
    expect(after.map((m) => m.template)).toEqual(['mentor-batch-summary'])
    const summary = after[0]!
    expect(summary.subject).toContain('Your May 2027 batch')
    expect(summary.subject).toBe('Your May 2027 batch: 3 of 5 seats taken')
    // Who continues (the two April students' seats are held until they renew), who joined, the
    // seats left and the waitlist: the whole month end in one e-mail.
    expect(summary.text).toContain('Continuing with you: nobody yet.')
    expect(summary.text).toContain('Joined from the waitlist or booked: Queue One, Queue Two, Queue Three.')
    expect(summary.text).toContain('Seats held for students who still have to renew or pay: Continuing One, Continuing Two.')
    expect(summary.text).toContain('0 seats are free; 0 on the waitlist.')
    expect(summary.text).toContain('/mentor-home')
  })
})
