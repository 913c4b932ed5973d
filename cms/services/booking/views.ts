import { type BookingView, HOUR_MS, nowMs, type SessionView } from '@mentorloop/shared'
import type { Booking, Mentor, Session, User } from '@mentorloop/shared/payload-types'
import type { PayloadRequest } from 'payload'

const asMentor = (m: Booking['mentor']): Mentor | null => (typeof m === 'object' && m ? m : null)
const asUser = (u: Booking['user']): User | null => (typeof u === 'object' && u ? u : null)
const idOf = (v: unknown) => Number(typeof v === 'object' && v ? (v as { id: unknown }).id : v)

export function sessionView(s: Session): SessionView {
  return {
    id: s.id,
    title: s.title,
    startsAt: s.startsAt,
    durationMinutes: Number(s.durationMinutes ?? 60),
    meetingLink: s.meetingLink ?? null,
  }
}

/** Upcoming (or just started) sessions of the given mentors, grouped by mentor id. */
export async function upcomingSessions(req: PayloadRequest, mentorIds: number[]): Promise<Map<number, SessionView[]>> {
  const byMentor = new Map<number, SessionView[]>()
  if (mentorIds.length === 0) return byMentor
  const since = new Date(nowMs() - 3 * HOUR_MS).toISOString()
  const { docs } = await req.payload.find({
    collection: 'sessions',
    where: { mentor: { in: mentorIds }, startsAt: { greater_than_equal: since } },
    sort: 'startsAt',
    depth: 0,
    limit: 200,
    overrideAccess: true,
    req,
  })
  for (const s of docs) {
    const list = byMentor.get(idOf(s.mentor)) ?? []
    list.push(sessionView(s))
    byMentor.set(idOf(s.mentor), list)
  }
  return byMentor
}

export function bookingView(
  b: Omit<Booking, 'updatedAt'>,
  opts: { withUser?: boolean; sessions?: Map<number, SessionView[]> } = {},
): BookingView {
  const mentor = asMentor(b.mentor)
  const user = asUser(b.user)
  const mentorId = idOf(b.mentor)
  return {
    id: b.id,
    status: b.status,
    source: b.source,
    timeSlot: b.timeSlot ?? null,
    createdAt: b.createdAt,
    mentor: { id: mentorId, name: mentor?.name ?? 'Mentor', profession: mentor?.profession ?? null, company: mentor?.company ?? null },
    ...(opts.withUser ? { user: { id: idOf(b.user), name: user?.name ?? null, email: user?.email ?? null } } : {}),
    ...(opts.sessions ? { sessions: b.status === 'confirmed' ? (opts.sessions.get(mentorId) ?? []) : [] } : {}),
  }
}

/** The student's bookings (not cancelled), newest first, each confirmed one with its upcoming sessions. */
export async function listUserBookings(req: PayloadRequest, userId: number): Promise<BookingView[]> {
  const { docs } = await req.payload.find({
    collection: 'bookings',
    where: { user: { equals: userId }, status: { not_equals: 'cancelled' } },
    sort: '-createdAt',
    depth: 1,
    limit: 50,
    overrideAccess: true,
    req,
  })
  const sessions = await upcomingSessions(
    req,
    docs.filter((b) => b.status === 'confirmed').map((b) => idOf(b.mentor)),
  )
  return docs.map((b) => bookingView(b, { sessions }))
}

/** A mentor's current batch (confirmed bookings), oldest first, with the students' names and e-mails. */
export async function listMentorBookings(req: PayloadRequest, mentorId: number): Promise<BookingView[]> {
  const { docs } = await req.payload.find({
    collection: 'bookings',
    where: { mentor: { equals: mentorId }, status: { equals: 'confirmed' } },
    sort: 'createdAt',
    depth: 1,
    limit: 500,
    overrideAccess: true,
    req,
    select: { user: true, mentor: true, status: true, source: true, timeSlot: true, createdAt: true },
    populate: { users: { name: true, email: true }, mentors: { name: true } },
  })
  return docs.map((b) => bookingView(b, { withUser: true }))
}
