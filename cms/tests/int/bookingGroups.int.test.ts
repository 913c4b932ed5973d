import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../lib/errors'
import { type CreateBookingResult, createBooking } from '../../services/booking'
import { reqAs, setUpWorld } from '../fixtures'
import { createMentor, createUser, givePlan } from '../helpers/scenarios'

let payload: Payload

beforeAll(async () => ({ payload } = await setUpWorld()))

/**
 * Bookings of one mentor made at the same time are decided together, in arrival order, in one
 * transaction (docs/decisions/125). Each call below starts in the same tick, so the first runs
 * alone and the rest form the next group: these check that a group answers exactly what the same
 * calls one after another would.
 */
type Outcome = { kind: string; code?: string; position?: number | null; alreadyWaiting?: boolean }

const outcome = (r: PromiseSettledResult<CreateBookingResult>): Outcome => {
  if (r.status === 'rejected') return { kind: 'error', code: r.reason instanceof AppError ? r.reason.code : String(r.reason) }
  return r.value.kind === 'booked'
    ? { kind: 'booked' }
    : { kind: 'waitlisted', position: r.value.position, alreadyWaiting: r.value.alreadyWaiting }
}

async function student(payload: Payload, plan = true) {
  const u = await createUser(payload)
  if (plan) await givePlan(payload, u)
  return u
}

const bookAll = async (calls: { userId: number; mentorId: number; phone?: string }[]) =>
  (await Promise.allSettled(calls.map(async (c) => createBooking(await reqAs(), c)))).map(outcome)

async function mailTo(payload: Payload, email: string) {
  const { docs } = await payload.find({ collection: 'email-outbox', where: { to: { equals: email } }, overrideAccess: true, limit: 20 })
  return docs.map((d) => d.template)
}

describe('bookings decided together', () => {
  it('seats go to the first in arrival order; a refusal leaves its seat to the next; the rest queue in order, once each', async () => {
    const mentor = await createMentor(payload, { capacity: 3 })
    const elsewhere = await createMentor(payload, { capacity: 3 })
    const [a, noPlan, b, seatedElsewhere, c, d, e] = [
      await student(payload),
      await student(payload, false),
      await student(payload),
      await student(payload),
      await student(payload),
      await student(payload),
      await student(payload),
    ] as const
    expect((await createBooking(await reqAs(), { userId: seatedElsewhere.id, mentorId: elsewhere.id })).kind).toBe('booked')

    const m = mentor.id
    const got = await bookAll([
      { userId: a.id, mentorId: m },
      { userId: noPlan.id, mentorId: m },
      { userId: b.id, mentorId: m, phone: '9876543210' },
      { userId: seatedElsewhere.id, mentorId: m },
      { userId: b.id, mentorId: m }, // a double click, in the same group
      { userId: c.id, mentorId: m },
      { userId: d.id, mentorId: m },
      { userId: 2_000_000_000, mentorId: m }, // no such user
      { userId: e.id, mentorId: m },
      { userId: e.id, mentorId: m }, // a double click of a queued student
    ])
    expect(got).toEqual([
      { kind: 'booked' },
      { kind: 'error', code: 'PAYMENT_REQUIRED' },
      { kind: 'booked' },
      { kind: 'error', code: 'MENTOR_ALREADY_BOOKED' },
      { kind: 'error', code: 'ALREADY_BOOKED' },
      { kind: 'booked' },
      { kind: 'waitlisted', position: 1, alreadyWaiting: false },
      { kind: 'error', code: 'USER_NOT_FOUND' },
      { kind: 'waitlisted', position: 2, alreadyWaiting: false },
      { kind: 'waitlisted', position: 2, alreadyWaiting: true },
    ])

    const seated = await payload.find({
      collection: 'bookings',
      where: { mentor: { equals: m }, status: { equals: 'confirmed' } },
      overrideAccess: true,
      depth: 0,
    })
    expect(seated.docs.map((x) => x.user).sort()).toEqual([a.id, b.id, c.id].sort())
    const queue = await payload.find({
      collection: 'waitlist',
      where: { mentor: { equals: m }, status: { equals: 'waiting' } },
      sort: 'joinedAt',
      overrideAccess: true,
      depth: 0,
    })
    expect(queue.docs.map((x) => x.user)).toEqual([d.id, e.id])
    expect((await payload.findByID({ collection: 'users', id: b.id, overrideAccess: true })).phone).toBe('9876543210')
    // One e-mail per outcome: a seat, or a place in line; none for a refusal or a double click.
    expect(await mailTo(payload, b.email)).toEqual(['booking-confirmed'])
    expect(await mailTo(payload, e.email)).toEqual(['waitlist-joined'])
    expect(await mailTo(payload, noPlan.email)).toEqual([])
    expect((await mailTo(payload, seatedElsewhere.email)).filter((t) => t === 'waitlist-joined')).toEqual([])
  })

  it('when the group as a whole fails, each booking is decided alone: one bad call fails only itself', async () => {
    const mentor = await createMentor(payload, { capacity: 1 })
    const [a, b, c] = [await student(payload), await student(payload), await student(payload)] as const
    const m = mentor.id
    // An id past PostgreSQL's integer range fails the group's statements (the endpoint never sends one).
    const got = await bookAll([
      { userId: a.id, mentorId: m },
      { userId: b.id, mentorId: m },
      { userId: 9_000_000_000, mentorId: m },
      { userId: c.id, mentorId: m },
    ])
    expect(got[0]).toEqual({ kind: 'booked' })
    expect(got[1]).toEqual({ kind: 'waitlisted', position: 1, alreadyWaiting: false })
    expect(got[2]!.kind).toBe('error')
    expect(got[3]).toEqual({ kind: 'waitlisted', position: 2, alreadyWaiting: false })
  })
})
