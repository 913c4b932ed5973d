import { DAY_MS, HOUR_MS } from '@mentorloop/shared'
import type { Batch, Session } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import nodemailer from 'nodemailer'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { startSmtpSink } from '../../../scripts/lib/smtp-sink'
import { runTimeWork } from '../../jobs/time'
import { newRequest, txQuery } from '../../lib/transaction'
import { flushOutbox, useMailTransportForTests } from '../../notifications/outbox'
import { cancelSession, moveSession } from '../../services/sessions/changes'
import { sendDueSessionReminders } from '../../services/sessions/reminders'
import { type RestClient, reqAs, resetClock, setNow, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, createUser, openBatchOf, type TestUser } from '../helpers/scenarios'

// The minute's tick sweeps every session with a moved clock: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

afterEach(resetClock)

/** A time `d` days into the batch, at 10:00 India time. */
const inBatch = (batch: Batch, d: number) => new Date(Date.parse(batch.startsOn) + d * DAY_MS + 4.5 * HOUR_MS).toISOString()

type Outbox = { to: string; template: string; subject: string; text: string; calendar: string | null; status: string }
const outbox = async (template: string, emails: string[]) =>
  txQuery<Outbox>(
    await reqAs(),
    sql`SELECT "to", template, subject, text, calendar, status FROM email_outbox
         WHERE template = ${template} AND "to" IN (${sql.join(
           emails.map((e) => sql`${e}`),
           sql`, `,
         )}) ORDER BY id`,
  )

const count = (rows: Outbox[], to: string) => rows.filter((r) => r.to === to).length

/** A mentor with an account, two students seated with reminders on, one with them off, and one session. */
async function scene() {
  const mentorUser = await createUser(payload, { roles: ['mentor'] })
  const mentor = await createMentor(payload, { user: mentorUser, capacity: 5 })
  const students: TestUser[] = []
  for (let i = 0; i < 3; i++) {
    const s = await studentWithPlan()
    expect((await api.post('/bookings', { token: s.token, body: { mentorId: mentor.id } })).status).toBe(201)
    students.push(s)
  }
  const quiet = students[2]!
  expect((await api.post('/me/preferences', { token: quiet.token, body: { remindersOff: true } })).body).toMatchObject({
    remindersOff: true,
  })
  const batch = await openBatchOf(payload, mentor)
  const admin = await createUser(payload, { roles: ['admin'] })
  const created = await api.post('/sessions', {
    token: admin.token,
    body: {
      title: 'Week 1',
      batch: batch.id,
      startsAt: inBatch(batch, 3),
      durationMinutes: 60,
      meetingLink: 'https://meet.example.com/w1',
    },
  })
  expect(created.status).toBe(201)
  const session = created.body.doc as Session
  const everyone = [...students.map((s) => s.email), mentorUser.email]
  return { mentorUser, mentor, students, quiet, batch, admin, session, everyone, start: Date.parse(session.startsAt) }
}

/** Two runners at once: the tick (under its lock) and the reminder step alone (as a runner that skipped the lock would). */
async function twoRunners() {
  const [a, b] = await Promise.all([
    runTimeWork(await newRequest(payload), { wait: true }),
    sendDueSessionReminders(await newRequest(payload)),
  ])
  return { a, b }
}

describe('session reminders', () => {
  it('24 hours and 1 hour before: once per person, with two runners and a retry; the calendar entry goes with them', async () => {
    const { students, quiet, session, everyone, start, mentorUser } = await scene()
    setNow(start - 25 * HOUR_MS)
    await twoRunners()
    expect(await outbox('session-reminder', everyone)).toEqual([])

    setNow(start - 24 * HOUR_MS + 60_000)
    await twoRunners()
    await twoRunners() // a retried job
    let sent = await outbox('session-reminder', everyone)
    for (const to of [students[0]!.email, students[1]!.email, mentorUser.email]) expect(count(sent, to)).toBe(1)
    expect(count(sent, quiet.email)).toBe(0)
    const first = sent.find((r) => r.to === students[0]!.email)!
    expect(first.subject).toContain('tomorrow')
    expect(first.text).toContain('IST')
    expect(first.text).toContain('https://meet.example.com/w1')
    expect(first.calendar).toContain(`UID:session-${session.id}@mentorloop`)
    expect(first.calendar).toContain('METHOD:REQUEST')

    setNow(start - HOUR_MS + 60_000)
    await twoRunners()
    await twoRunners()
    sent = await outbox('session-reminder', everyone)
    for (const to of [students[0]!.email, students[1]!.email, mentorUser.email]) expect(count(sent, to)).toBe(2)
    expect(sent.filter((r) => r.subject.includes('in an hour'))).toHaveLength(3)

    // Sent through SMTP, the message carries the calendar as text/calendar and an .ics attachment.
    const sink = await startSmtpSink()
    useMailTransportForTests(nodemailer.createTransport({ host: '127.0.0.1', port: sink.port, secure: false, ignoreTLS: true }))
    try {
      await flushOutbox(payload)
    } finally {
      useMailTransportForTests(undefined)
      await sink.stop()
    }
    const reminder = sink.messages.find((m) => m.includes(students[0]!.email) && /Subject: Reminder/.test(m))
    expect(reminder).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/)
    expect(reminder).toMatch(/filename=session\.ics/)
  })

  it('a moved session drops the reminders queued for the old time, tells everyone (same UID, higher SEQUENCE) and reminds at the new time', async () => {
    const { students, quiet, session, everyone, start, admin, batch } = await scene()
    setNow(start - 24 * HOUR_MS + 60_000)
    await twoRunners()
    expect((await outbox('session-reminder', everyone)).filter((r) => r.status === 'queued')).toHaveLength(3)

    const newStart = Date.parse(inBatch(batch, 5))
    const moved = await moveSession(await newRequest(payload), session.id, { startsAt: new Date(newStart).toISOString() })
    expect(moved.sequence).toBe(1)
    // The old round, not yet sent, is gone; everyone (reminders off or not) hears of the move.
    expect(await outbox('session-reminder', everyone)).toEqual([])
    const notes = await outbox('session-moved', everyone)
    expect(notes.map((n) => n.to).sort()).toEqual([...everyone].sort())
    expect(notes[0]!.calendar).toContain(`UID:session-${session.id}@mentorloop`)
    expect(notes[0]!.calendar).toContain('SEQUENCE:1')

    await twoRunners()
    expect(await outbox('session-reminder', everyone)).toEqual([])
    setNow(newStart - 24 * HOUR_MS + 60_000)
    await twoRunners()
    const again = await outbox('session-reminder', everyone)
    expect(again).toHaveLength(3)
    expect(count(again, quiet.email)).toBe(0)
    expect(again.every((r) => r.calendar?.includes('SEQUENCE:1'))).toBe(true)

    // An admin's move in /admin (the collection's hooks) does the same, once more higher.
    resetClock()
    const viaAdmin = await api.patch(`/sessions/${session.id}`, { token: admin.token, body: { startsAt: inBatch(batch, 6) } })
    expect(viaAdmin.status).toBe(200)
    expect(viaAdmin.body.doc.sequence).toBe(2)
    expect(count(await outbox('session-moved', everyone), students[0]!.email)).toBe(2)
  })

  it('a cancelled session sends METHOD:CANCEL to everyone and no reminder; the dashboard lists it as cancelled, without its link', async () => {
    const { students, session, everyone, start } = await scene()
    setNow(start - 2 * DAY_MS)
    await cancelSession(await newRequest(payload), session.id)
    await cancelSession(await newRequest(payload), session.id) // twice: nothing more
    const notes = await outbox('session-cancelled', everyone)
    expect(notes.map((n) => n.to).sort()).toEqual([...everyone].sort())
    expect(notes[0]!.calendar).toContain('METHOD:CANCEL')
    expect(notes[0]!.calendar).toContain('STATUS:CANCELLED')
    expect(notes[0]!.calendar).toContain('SEQUENCE:1')
    for (const at of [start - 24 * HOUR_MS + 60_000, start - HOUR_MS + 60_000]) {
      setNow(at)
      await twoRunners()
    }
    expect(await outbox('session-reminder', everyone)).toEqual([])
    resetClock()
    const res = await api.get(`/bookings/user/${students[0]!.id}`, { token: students[0]!.token })
    // Issue 32: listed as cancelled (it no longer vanishes silently), and without its link.
    expect(res.body.bookings[0].sessions).toEqual([expect.objectContaining({ id: session.id, cancelled: true, meetingLink: null })])
  })

  it('the calendar feed: a private token URL works without a cookie, follows changes, and stops when renewed', async () => {
    const { students, session, admin } = await scene()
    const s = students[0]!
    expect((await api.get('/me/preferences', { token: s.token })).body).toEqual({ remindersOff: false, calendarFeed: false })
    const { calendarToken } = (await api.post('/me/calendar-token', { token: s.token })).body
    expect(calendarToken).toMatch(/^[A-Za-z0-9_-]{32}$/)
    const feed = await api.get(`/calendar/feed/${calendarToken}.ics`)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toContain('text/calendar')
    expect(feed.body).toContain(`UID:session-${session.id}@mentorloop`)
    expect(feed.body).toContain('SEQUENCE:0')
    // Another student's feed does not hold this batch.
    const other = await createUser(payload)
    const otherToken = (await api.post('/me/calendar-token', { token: other.token })).body.calendarToken
    expect((await api.get(`/calendar/feed/${otherToken}.ics`)).body).not.toContain(`session-${session.id}@`)

    await api.patch(`/sessions/${session.id}`, { token: admin.token, body: { status: 'cancelled' } })
    const after = await api.get(`/calendar/feed/${calendarToken}.ics`)
    expect(after.body).toContain('SEQUENCE:1')
    expect(after.body).toContain('STATUS:CANCELLED')

    const renewed = (await api.post('/me/calendar-token', { token: s.token })).body.calendarToken
    expect(renewed).not.toBe(calendarToken)
    const revoked = await api.get(`/calendar/feed/${calendarToken}.ics`)
    expect(revoked.status).toBe(404)
    expect(revoked.body.error ?? revoked.body).toBeTruthy()
    expect((await api.get(`/calendar/feed/${renewed}.ics`)).status).toBe(200)
    expect((await api.get('/calendar/feed/not-a-token.ics')).status).toBe(404)
    expect((await api.get(`/calendar/feed/${'A'.repeat(32)}`)).status).toBe(404)
    // The signed-in download, and the preferences, need a session; bad input is a 400.
    expect((await api.get('/calendar/mine')).status).toBe(401)
    expect((await api.get('/calendar/mine', { token: s.token })).body).toContain('STATUS:CANCELLED')
    expect((await api.post('/me/preferences', { token: s.token, body: { remindersOff: 'yes' } })).status).toBe(400)
    expect((await api.post('/me/preferences', { body: { remindersOff: true } })).status).toBe(401)
  })
})
