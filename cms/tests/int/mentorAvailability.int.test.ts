import type { MentorAvailability } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createMentor, createUser, givePlan, openBatchOf, type TestUser } from '../helpers/scenarios'

/** GET /api/mentors/availability: public profile fields and seats for every published mentor. */
let payload: Payload
let rest: RestClient
let full: Mentor
let open: Mentor
let draft: Mentor
let closed: Mentor
let student: TestUser

async function book(mentor: Mentor, status: 'confirmed' | 'cancelled' = 'confirmed') {
  const user = await createUser(payload)
  if (status === 'confirmed') await givePlan(payload, user)
  await payload.create({
    collection: 'bookings',
    data: { user: user.id, mentor: mentor.id, batch: (await openBatchOf(payload, mentor)).id, status, source: 'direct' },
    overrideAccess: true,
  })
}

type Row = MentorAvailability

const find = (rows: Row[], id: number) => rows.find((r) => r.id === id)

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld())
  full = await createMentor(payload, { capacity: 2 })
  open = await createMentor(payload, { capacity: 3 })
  draft = await createMentor(payload, { published: false })
  closed = await createMentor(payload, { capacity: 5 })
  await payload.update({ collection: 'mentors', id: closed.id, data: { acceptingBookings: false }, overrideAccess: true })
  await book(full)
  await book(full)
  await book(open)
  // Cancelled bookings free their seat.
  await book(open, 'cancelled')
  student = await createUser(payload)
})

describe('GET /api/mentors/availability', () => {
  it('is public and lists published mentors with their seats', async () => {
    const res = await rest.get<{ docs: Row[]; totalDocs: number }>('/mentors/availability')
    expect(res.status).toBe(200)
    expect(res.body.totalDocs).toBe(res.body.docs.length)
    expect(find(res.body.docs, full.id)).toMatchObject({
      name: full.name,
      profession: 'SDE II',
      company: 'Google',
      skills: 'DSA, System Design',
      capacity: 2,
      booked: 2,
      seatsLeft: 0,
      full: true,
      paused: false,
      open: false,
      isFull: true,
      photoUrl: null,
    })
    // A full batch says when the next one opens (issue 32): the day it starts, for a mentor who opens the next batch by themselves.
    const fullRow = find(res.body.docs, full.id)!
    expect(fullRow.batch?.startsOn).toMatch(/^\d{4}-/)
    expect(fullRow.nextBatchOpensOn).toBe(fullRow.batch?.startsOn)
    expect(find(res.body.docs, open.id)).toMatchObject({ capacity: 3, booked: 1, seatsLeft: 2, full: false, open: true, isFull: false })
    // Paused by staff: seats are free, but the mentor is in waitlist mode like a full one
    // (docs/decisions/041-seat-state.md), here, on is-full and waitlist-status alike.
    expect(find(res.body.docs, closed.id)).toMatchObject({ booked: 0, seatsLeft: 5, full: false, paused: true, open: false, isFull: true })
    expect((await rest.get(`/mentors/${closed.id}/is-full`)).body).toMatchObject({ isFull: true, paused: true, seatsLeft: 5 })
    expect((await rest.get(`/bookings/mentor/${closed.id}/waitlist-status`)).body).toMatchObject({ waitlist: true, paused: true })
  })

  it('is kept between calls and follows every change at once: a seat, a held seat, a capacity, a pause, a rating', async () => {
    const mentor = await createMentor(payload, { capacity: 4 })
    const version = async () =>
      (await payload.db.drizzle.execute(sql`SELECT last_value::text AS v FROM mentor_cards_version`)).rows[0]?.v as string
    const cardOf = async () => {
      const res = await rest.get<{ docs: Row[] }>('/mentors/availability')
      expect(res.status).toBe(200)
      return find(res.body.docs, mentor.id)
    }
    // Nothing changed: the same answer, and reading it moved no version.
    const before = await version()
    const [a, b] = [await rest.get('/mentors/availability'), await rest.get('/mentors/availability')]
    expect(JSON.stringify(b.body)).toBe(JSON.stringify(a.body))
    expect(await version()).toBe(before)

    expect(await cardOf()).toMatchObject({ capacity: 4, booked: 0, seatsLeft: 4 })
    await book(mentor)
    expect(await cardOf()).toMatchObject({ booked: 1, seatsLeft: 3 })
    const waiting = await createUser(payload)
    await payload.create({
      collection: 'seat-offers',
      data: {
        user: waiting.id,
        mentor: mentor.id,
        batch: (await openBatchOf(payload, mentor)).id,
        kind: 'waitlist',
        status: 'held',
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      overrideAccess: true,
    })
    expect(await cardOf()).toMatchObject({ booked: 1, held: 1, seatsLeft: 2 })
    await payload.update({
      collection: 'batches',
      id: (await openBatchOf(payload, mentor)).id,
      data: { capacity: 6 },
      overrideAccess: true,
    })
    expect(await cardOf()).toMatchObject({ capacity: 6, seatsLeft: 4 })
    await payload.update({ collection: 'mentors', id: mentor.id, data: { acceptingBookings: false }, overrideAccess: true })
    expect(await cardOf()).toMatchObject({ paused: true, isFull: true })
    await payload.db.drizzle.execute(
      sql`INSERT INTO mentor_rating_totals (mentor_id, rating_count, rating_sum) VALUES (${mentor.id}, 5, 23)
          ON CONFLICT (mentor_id) DO UPDATE SET rating_count = 5, rating_sum = 23`,
    )
    expect((await cardOf())?.rating).not.toBeNull()
    // Many calls at once after a change share one rebuild, and every one of them has the change.
    await payload.update({ collection: 'mentors', id: mentor.id, data: { acceptingBookings: true }, overrideAccess: true })
    const together = await Promise.all(Array.from({ length: 8 }, () => rest.get<{ docs: Row[] }>('/mentors/availability')))
    for (const res of together) expect(find(res.body.docs, mentor.id)).toMatchObject({ paused: false })
    expect(new Set(together.map((res) => JSON.stringify(res.body))).size).toBe(1)
  })

  it('says when the open batch meets, from its sessions (cancelled ones left out), and follows a session change at once', async () => {
    const mentor = await createMentor(payload, { capacity: 4 })
    const batch = await openBatchOf(payload, mentor)
    const cardOf = async () => find((await rest.get<{ docs: Row[] }>('/mentors/availability')).body.docs, mentor.id)
    expect((await cardOf())?.schedule).toBeNull()
    // Saturdays and a Sunday at 10:00 India time (04:30 UTC), in the batch's month; one Saturday called off.
    const starts = new Date(batch.startsOn)
    const day = (offsetDays: number) => new Date(starts.getTime() + offsetDays * 86_400_000)
    const firstSaturday = [0, 1, 2, 3, 4, 5, 6].map(day).find((d) => new Date(d.getTime() + 330 * 60_000).getUTCDay() === 6)!
    const at = (d: Date) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1, 4, 30)).toISOString()
    const session = (title: string, startsAt: string, status: 'scheduled' | 'cancelled' = 'scheduled') =>
      payload.create({
        collection: 'sessions',
        data: { title, batch: batch.id, startsAt, durationMinutes: 60, status },
        overrideAccess: true,
      })
    const saturday = (week: number) => new Date(firstSaturday.getTime() + week * 7 * 86_400_000)
    await session('One', at(saturday(0)))
    await session('Two', at(saturday(1)))
    await session('Called off', at(saturday(2)), 'cancelled')
    expect((await cardOf())?.schedule).toEqual({ sessions: 2, firstAt: at(saturday(0)), weekdays: [6] })
    const sunday = await session('Three', at(new Date(saturday(2).getTime() + 86_400_000)))
    expect((await cardOf())?.schedule).toEqual({ sessions: 3, firstAt: at(saturday(0)), weekdays: [6, 7] })
    await payload.update({ collection: 'sessions', id: sunday.id, data: { status: 'cancelled' }, overrideAccess: true })
    expect((await cardOf())?.schedule).toMatchObject({ sessions: 2, weekdays: [6] })
  })

  it('never lists a draft mentor, and shows no private field', async () => {
    const res = await rest.get<{ docs: Row[] }>('/mentors/availability', { token: student.token })
    expect(res.status).toBe(200)
    expect(find(res.body.docs, draft.id)).toBeUndefined()
    for (const row of res.body.docs) {
      expect(Object.keys(row).sort()).toEqual(
        [
          'batch',
          'booked',
          'capacity',
          'company',
          'full',
          'held',
          'id',
          'isFull',
          'name',
          'nextBatchOpensOn',
          'open',
          'paused',
          'photoUrl',
          'profession',
          'rating',
          'schedule',
          'seatsLeft',
          'skills',
        ].sort(),
      )
      expect(JSON.stringify(row)).not.toMatch(/@/)
    }
  })

  it('agrees with the published profile after a draft edit', async () => {
    await payload.update({ collection: 'mentors', id: open.id, data: { name: 'Unpublished Name' }, draft: true, overrideAccess: true })
    const res = await rest.get<{ docs: Row[] }>('/mentors/availability')
    expect(find(res.body.docs, open.id)?.name).toBe(open.name)
  })

  it('gives a photo URL when the mentor has a photo', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')
    const media = await payload.create({
      collection: 'media',
      data: { alt: 'Portrait' },
      file: { data: png, mimetype: 'image/png', name: `mentor-${Date.now()}.png`, size: png.length },
      overrideAccess: true,
    })
    await payload.update({ collection: 'mentors', id: full.id, data: { photo: media.id }, overrideAccess: true })
    const res = await rest.get<{ docs: Row[] }>('/mentors/availability')
    expect(find(res.body.docs, full.id)?.photoUrl).toMatch(/\/api\/media\/file\/mentor-.*\.png$/)
  })

  it('carries the published bio and LinkedIn address, and refuses a non-https LinkedIn', async () => {
    const withBio = await createMentor(payload)
    await payload.update({
      collection: 'mentors',
      id: withBio.id,
      data: { bio: 'Ten years of backend work.', linkedin: 'https://www.linkedin.com/in/open-mentor', _status: 'published' },
      overrideAccess: true,
    })
    // The list is cards (no profile text); `?id=` is that mentor's profile.
    const list = await rest.get<{ docs: Row[] }>('/mentors/availability')
    expect(find(list.body.docs, withBio.id)).not.toHaveProperty('bio')
    const res = await rest.get<{ docs: Row[]; totalDocs: number }>(`/mentors/availability?id=${withBio.id}`)
    expect(res.body.totalDocs).toBe(1)
    expect(res.body.docs[0]).toMatchObject({
      id: withBio.id,
      bio: 'Ten years of backend work.',
      linkedin: 'https://www.linkedin.com/in/open-mentor',
    })
    expect((await rest.get<{ docs: Row[] }>(`/mentors/availability?id=${closed.id}`)).body.docs[0]).toMatchObject({
      bio: '',
      linkedin: null,
      paused: true,
    })
    // A draft, an unknown id: no docs; an id that is not one: 400.
    expect((await rest.get<{ docs: Row[] }>(`/mentors/availability?id=${draft.id}`)).body.docs).toEqual([])
    expect((await rest.get<{ docs: Row[] }>('/mentors/availability?id=99999999')).body.docs).toEqual([])
    expect((await rest.get('/mentors/availability?id=abc')).status).toBe(400)
    expect((await rest.get('/mentors/availability?mentor=1')).status).toBe(400)
    await expect(
      payload.update({ collection: 'mentors', id: withBio.id, data: { linkedin: 'javascript:alert(1)' }, overrideAccess: true }),
    ).rejects.toThrow(/LinkedIn/)
  })

  it('shows a mentor e-mail to staff and to that mentor only, never to a student or visitor', async () => {
    const mentorUser = await createUser(payload, { roles: ['mentor'] })
    const own = await createMentor(payload, { user: mentorUser })
    const otherMentorUser = await createUser(payload, { roles: ['mentor'] })
    await createMentor(payload, { user: otherMentorUser })
    const admin = await createUser(payload, { roles: ['admin'] })
    const emailOf = async (token?: string) => {
      const res = await rest.get<{ email?: string }>(`/mentors/${own.id}?depth=0`, { token })
      expect(res.status).toBe(200)
      return res.body.email
    }
    expect(await emailOf()).toBeUndefined()
    expect(await emailOf(student.token)).toBeUndefined()
    expect(await emailOf(otherMentorUser.token)).toBeUndefined()
    expect(await emailOf(mentorUser.token)).toBe(own.email)
    expect(await emailOf(admin.token)).toBe(own.email)
    const list = await rest.get<{ docs: { email?: string }[] }>('/mentors?limit=100&depth=0', { token: student.token })
    expect(list.body.docs.length).toBeGreaterThan(0)
    expect(JSON.stringify(list.body.docs)).not.toMatch(/@test\.mentorloop\.in/)
  })

  it('does not shadow reading one mentor by id', async () => {
    const res = await rest.get(`/mentors/${open.id}`)
    expect(res.status).toBe(200)
    expect(res.body.id).toBe(open.id)
  })
})
