import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld } from '../fixtures'
import { createMentor, createUser, givePlan, openBatchOf, type TestUser, unique } from '../helpers/scenarios'

/**
 * The admin lists' student columns and search (cms/fields/studentFields.ts): the REST list query
 * the admin's search box sends — `where[or][n][field][like]=…` over listSearchableFields.
 */
let payload: Payload
let api: RestClient
let admin: TestUser
let mentorUser: TestUser
let otherMentorUser: TestUser
let rahul: TestUser
let priya: TestUser
let rahulBookingId: number
let priyaBookingId: number
let rahulName: string

const search = (term: string) => ({
  where: { or: [{ studentName: { like: term } }, { studentEmail: { like: term } }] },
  depth: 0,
})

beforeAll(async () => {
  ;({ payload, rest: api, admin } = await setUpWorld())
  mentorUser = await createUser(payload, { roles: ['mentor'] })
  otherMentorUser = await createUser(payload, { roles: ['mentor'] })
  rahulName = unique('Rahul Verma')
  rahul = await createUser(payload, { name: rahulName })
  priya = await createUser(payload, { name: unique('Priya Shah') })
  const mentor = await createMentor(payload, { user: mentorUser, capacity: 5 })
  const otherMentor = await createMentor(payload, { user: otherMentorUser, capacity: 5 })
  for (const s of [rahul, priya]) await givePlan(payload, s)
  rahulBookingId = (
    await payload.create({
      collection: 'bookings',
      data: { user: rahul.id, mentor: mentor.id, batch: (await openBatchOf(payload, mentor)).id, status: 'confirmed', source: 'direct' },
      overrideAccess: true,
    })
  ).id
  priyaBookingId = (
    await payload.create({
      collection: 'bookings',
      data: {
        user: priya.id,
        mentor: otherMentor.id,
        batch: (await openBatchOf(payload, otherMentor)).id,
        status: 'confirmed',
        source: 'direct',
      },
      overrideAccess: true,
    })
  ).id
})

describe('Bookings: student name and e-mail in the admin list', () => {
  it('the admin finds a booking by part of the student’s name, any case, and by e-mail', async () => {
    const byName = await api.get('/bookings', { token: admin.token, query: search(rahulName.slice(0, 12).toLowerCase()) })
    expect(byName.status).toBe(200)
    expect(byName.body.docs.map((d: { id: number }) => d.id)).toEqual([rahulBookingId])
    expect(byName.body.docs[0]).toMatchObject({ studentName: rahulName, studentEmail: rahul.email })
    const byEmail = await api.get('/bookings', { token: admin.token, query: search(priya.email) })
    expect(byEmail.body.docs.map((d: { id: number }) => d.id)).toEqual([priyaBookingId])
  })

  it('a mentor reads the names of their own students (not their e-mails), and finds no rows through them', async () => {
    const own = await api.get('/bookings', { token: mentorUser.token, query: { depth: 0, where: { id: { equals: rahulBookingId } } } })
    expect(own.status).toBe(200)
    expect(own.body.docs).toHaveLength(1)
    expect(own.body.docs[0].studentName).toBe(rahulName)
    expect(own.body.docs[0].studentEmail ?? null).toBeNull()
    // Another mentor does not read that booking at all.
    const notTheirs = await api.get(`/bookings/${rahulBookingId}`, { token: otherMentorUser.token, query: { depth: 0 } })
    expect(notTheirs.status === 403 || notTheirs.status === 404).toBe(true)
    for (const where of [{ studentEmail: { like: rahul.email } }, { studentName: { like: rahulName } }]) {
      const res = await api.get('/bookings', { token: mentorUser.token, query: { depth: 0, where } })
      // Either refused or empty: never a row matched through a student's e-mail or name.
      expect(res.status === 403 || (res.status === 200 && res.body.docs.length === 0)).toBe(true)
    }
    const other = await api.get('/bookings', {
      token: otherMentorUser.token,
      query: { depth: 0, where: { studentName: { like: rahulName } } },
    })
    expect(other.status === 403 || (other.status === 200 && other.body.docs.length === 0)).toBe(true)
  })

  it('a student reads their own name and e-mail on their booking, never another student’s booking', async () => {
    const res = await api.get(`/bookings/${rahulBookingId}`, { token: rahul.token, query: { depth: 0 } })
    expect(res.status).toBe(200)
    expect(res.body).toMatchObject({ studentName: rahulName, studentEmail: rahul.email })
    expect((await api.get(`/bookings/${priyaBookingId}`, { token: rahul.token })).status).toBe(404)
    const probe = await api.get('/bookings', { token: rahul.token, query: { depth: 0, where: { studentEmail: { like: priya.email } } } })
    expect(probe.status === 403 || (probe.status === 200 && probe.body.docs.length === 0)).toBe(true)
  })
})

describe('Payments: search by student', () => {
  it('the admin finds a payment by the student’s name; the amount stays in paise in the API', async () => {
    const res = await api.get('/payments', { token: admin.token, query: search(rahulName) })
    expect(res.status).toBe(200)
    expect(res.body.docs.length).toBeGreaterThan(0)
    for (const doc of res.body.docs) {
      expect(doc.user).toBe(rahul.id)
      expect(doc.studentName).toBe(rahulName)
      expect(Number.isInteger(doc.amount)).toBe(true)
    }
  })
})
