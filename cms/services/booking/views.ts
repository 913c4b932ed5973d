import { type BatchView, type BookingView, HOUR_MS, type MentorBookingsView, nowMs, type SessionView } from '@mentorloop/shared'
import type { Batch, Booking, Mentor, Session, User } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { isoOf } from '../../lib/db/isoOf'
import { txQuery } from '../../lib/transaction'
import { bookedSeats } from '../seats/seatState'

const asMentor = (m: Booking['mentor']): Mentor | null => (typeof m === 'object' && m ? m : null)
const asUser = (u: Booking['user'] | undefined): User | null => (typeof u === 'object' && u ? u : null)
const asBatch = (b: Booking['batch'] | undefined): Batch | null => (typeof b === 'object' && b ? b : null)
const idOf = (v: unknown) => Number(typeof v === 'object' && v ? (v as { id: unknown }).id : v)

/** A session as the student sees it: a cancelled one is marked and carries no link. */
export function sessionView(s: Session): SessionView {
  const cancelled = s.status === 'cancelled'
  return {
    id: s.id,
    title: s.title,
    startsAt: s.startsAt,
    durationMinutes: Number(s.durationMinutes ?? 60),
    meetingLink: cancelled ? null : (s.meetingLink ?? null),
    cancelled,
  }
}

export function batchView(b: Batch): BatchView {
  return { id: b.id, label: b.label, startsOn: b.startsOn, endsOn: b.endsOn, status: b.status }
}

/** Upcoming (or just started) sessions of the given batches, cancelled ones marked, grouped by batch id. */
export async function upcomingSessions(req: PayloadRequest, batchIds: number[]): Promise<Map<number, SessionView[]>> {
  const byBatch = new Map<number, SessionView[]>()
  if (batchIds.length === 0) return byBatch
  const since = new Date(nowMs() - 3 * HOUR_MS).toISOString()
  const { docs } = await req.payload.find({
    collection: 'sessions',
    where: { batch: { in: batchIds }, startsAt: { greater_than_equal: since } },
    sort: 'startsAt',
    depth: 0,
    limit: 200,
    pagination: false,
    overrideAccess: true,
    req,
  })
  for (const s of docs) {
    const list = byBatch.get(idOf(s.batch)) ?? []
    list.push(sessionView(s))
    byBatch.set(idOf(s.batch), list)
  }
  return byBatch
}

export function bookingView(
  b: Omit<Booking, 'updatedAt' | 'user' | 'payment' | 'periodMonth'> & Partial<Pick<Booking, 'user'>>,
  opts: { withUser?: boolean; sessions?: Map<number, SessionView[]> } = {},
): BookingView {
  const mentor = asMentor(b.mentor)
  const user = asUser(b.user)
  const batch = asBatch(b.batch)
  return {
    id: b.id,
    status: b.status,
    source: b.source,
    timeSlot: b.timeSlot ?? null,
    createdAt: b.createdAt,
    mentor: {
      id: idOf(b.mentor),
      name: mentor?.name ?? 'Mentor',
      profession: mentor?.profession ?? null,
      company: mentor?.company ?? null,
    },
    batch: batch ? batchView(batch) : null,
    ...(opts.withUser
      ? { user: { id: idOf(b.user), name: user?.name ?? null, email: user?.email ?? null, phone: user?.phone ?? null } }
      : {}),
    ...(opts.sessions ? { sessions: b.status === 'confirmed' ? (opts.sessions.get(idOf(b.batch)) ?? []) : [] } : {}),
  }
}

/**
 * The student's bookings (not cancelled), newest first: their seat in this month's batch, the
 * next one, and past ones; each confirmed one with its batch's upcoming sessions (a cancelled one
 * listed as cancelled, without its link: it does not vanish silently).
 */
export async function listUserBookings(req: PayloadRequest, userId: number): Promise<BookingView[]> {
  // One statement (decision 119): the bookings with their mentor's and batch's few fields and,
  // for a confirmed seat, its batch's upcoming sessions. Payload's find with depth 1 took four
  // queries and a walk over every field for the same answer (bookingViews.int.test.ts compares).
  const since = new Date(nowMs() - 3 * HOUR_MS).toISOString()
  const rows = await txQuery<UserBookingRow>(
    req,
    sql`SELECT b.id, b.status, b.source, ${isoOf(sql`b.time_slot`)} AS "timeSlot", ${isoOf(sql`b.created_at`)} AS "createdAt",
          b.mentor_id AS "mentorId", m.name AS "mentorName", m.profession, m.company,
          bt.id AS "batchId", bt.label, ${isoOf(sql`bt.starts_on`)} AS "startsOn", ${isoOf(sql`bt.ends_on`)} AS "endsOn",
          bt.status AS "batchStatus",
          CASE WHEN b.status = 'confirmed' THEN (
            SELECT COALESCE(json_agg(json_build_object(
                     'id', s.id, 'title', s.title, 'startsAt', ${isoOf(sql`s.starts_at`)},
                     'durationMinutes', s.duration_minutes,
                     'meetingLink', CASE WHEN s.status = 'cancelled' THEN NULL ELSE s.meeting_link END,
                     'cancelled', s.status IS NOT DISTINCT FROM 'cancelled'
                   ) ORDER BY s.starts_at, s.id), '[]'::json)
              FROM sessions s
             WHERE s.batch_id = b.batch_id AND s.starts_at >= ${since}::timestamptz
          ) ELSE '[]'::json END AS sessions,
          (b.status = 'confirmed' AND EXISTS (
            SELECT 1 FROM refund_requests r WHERE r.payment_id = b.payment_id AND r.status IN ('approved', 'pending')
          )) AS refunding
        FROM bookings b
        LEFT JOIN mentors m ON m.id = b.mentor_id
        LEFT JOIN batches bt ON bt.id = b.batch_id
       WHERE b.user_id = ${userId} AND b.status <> 'cancelled'
       ORDER BY b.created_at DESC, b.id DESC
       LIMIT 50`,
  )
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    source: r.source,
    timeSlot: r.timeSlot,
    createdAt: r.createdAt,
    mentor: { id: r.mentorId, name: r.mentorName ?? 'Mentor', profession: r.profession, company: r.company },
    batch: r.batchId === null ? null : { id: r.batchId, label: r.label!, startsOn: r.startsOn!, endsOn: r.endsOn!, status: r.batchStatus! },
    sessions: r.refunding ? [] : r.sessions.map((x) => ({ ...x, durationMinutes: Number(x.durationMinutes ?? 60) })),
    // Said only when it is so: a seat being kept reads as it always has.
    ...(r.refunding ? { refunding: true } : {}),
  }))
}

type UserBookingRow = {
  id: number
  status: BookingView['status']
  source: BookingView['source']
  timeSlot: string | null
  createdAt: string
  mentorId: number
  mentorName: string | null
  profession: string | null
  company: string | null
  batchId: number | null
  label: string | null
  startsOn: string | null
  endsOn: string | null
  batchStatus: BatchView['status'] | null
  sessions: SessionView[]
  refunding: boolean | null
}

/**
 * A mentor's students in one batch (the one asked for, else the running batch, else the open one),
 * oldest first, with their names, e-mails and contact numbers; that mentor's batches for a switcher;
 * the batch's seats taken of capacity and the mentor's waitlist length.
 */
export async function listMentorBookings(req: PayloadRequest, mentorId: number, batchId?: number): Promise<MentorBookingsView> {
  const { docs: batchDocs } = await req.payload.find({
    collection: 'batches',
    where: { mentor: { equals: mentorId } },
    sort: '-startsOn',
    depth: 0,
    limit: 24,
    overrideAccess: true,
    req,
  })
  const batches = batchDocs.map(batchView)
  const chosen =
    (batchId ? batches.find((b) => b.id === batchId) : undefined) ??
    batches.find((b) => b.status === 'running') ??
    batches.find((b) => b.status === 'open') ??
    batches[0] ??
    null
  const waiting = await waitlistLength(req, mentorId)
  if (batchId && chosen?.id !== batchId) return { bookings: [], batch: null, batches, seats: null, waiting }
  if (!chosen) return { bookings: [], batch: null, batches, seats: null, waiting }
  const { docs } = await req.payload.find({
    collection: 'bookings',
    where: { batch: { equals: chosen.id }, status: { in: ['confirmed', 'completed'] } },
    sort: 'createdAt',
    depth: 1,
    limit: 500,
    overrideAccess: true,
    req,
    select: { user: true, mentor: true, batch: true, status: true, source: true, timeSlot: true, createdAt: true },
    populate: {
      users: { name: true, email: true, phone: true },
      mentors: { name: true },
      batches: { label: true, startsOn: true, endsOn: true, status: true },
    },
  })
  return {
    bookings: docs.map((b) => bookingView(b, { withUser: true })),
    batch: chosen,
    batches,
    seats: await batchSeats(req, chosen.id),
    waiting,
  }
}

/** Seats taken (confirmed bookings, the one count: services/seats) of the batch's capacity. */
async function batchSeats(req: PayloadRequest, batchId: number): Promise<{ booked: number; capacity: number } | null> {
  const rows = await txQuery<{ booked: string | number; capacity: string | number }>(
    req,
    sql`SELECT ${bookedSeats(sql`bt.id`)} AS booked, COALESCE(bt.capacity, m.capacity) AS capacity
          FROM batches bt JOIN mentors m ON m.id = bt.mentor_id WHERE bt.id = ${batchId}`,
  )
  return rows[0] ? { booked: Number(rows[0].booked), capacity: Number(rows[0].capacity) } : null
}

/** Students waiting in the mentor's queue. */
async function waitlistLength(req: PayloadRequest, mentorId: number): Promise<number> {
  const rows = await txQuery<{ n: string | number }>(
    req,
    sql`SELECT count(*) AS n FROM waitlist WHERE mentor_id = ${mentorId} AND status = 'waiting'`,
  )
  return Number(rows[0]?.n ?? 0)
}
