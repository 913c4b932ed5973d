import type { Waitlist } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, txQuery } from '../../lib/transaction'
import { fillMentorBatches } from '../batches/seating'
import { emailAddedToWaitlist } from './emails'
import { bookingErrors } from './errors'
import { enqueue, findWaitingEntry, lockMentor, queuePosition, seatedWith } from './seats'

export type JoinWaitlistResult = { entry: Waitlist; position: number | null; alreadyWaiting: boolean; assigned: boolean }

/**
 * Joins a mentor's waitlist: no plan needed (docs/spec.md: "Join Waitlist (No Payment Required)").
 * Idempotent: a student already waiting keeps their place. Runs under the mentor's row lock, so
 * the queue order and a seat that happens to be free are decided on fresh numbers; if a seat is
 * free and the student has a plan, the queue is processed at once and they get it.
 */
export async function joinWaitlist(
  req: PayloadRequest,
  { userId, mentorId }: { userId: number; mentorId: number },
): Promise<JoinWaitlistResult> {
  return inTransaction(req, async () => {
    const { payload } = req
    const mentor = await lockMentor(req, mentorId)
    if (!mentor?.published) throw bookingErrors.mentorNotFound()
    const user = await payload.findByID({ collection: 'users', id: userId, depth: 0, overrideAccess: true, req, disableErrors: true })
    if (!user) throw bookingErrors.userNotFound()
    // A student seated with this mentor (this month or the next) has nothing to wait for.
    if (await seatedWith(req, userId, mentorId)) throw bookingErrors.alreadyBooked()
    const queued = await enqueue(req, userId, mentorId)
    if (queued.alreadyWaiting) return { ...queued, assigned: false }
    const { entry } = queued
    const filled = await fillMentorBatches(req, mentorId)
    const mine = filled.find((a) => a.userId === userId)
    if (mine?.kind === 'seated') {
      const assignedEntry = await payload.findByID({ collection: 'waitlist', id: entry.id, depth: 0, overrideAccess: true, req })
      return { entry: assignedEntry, position: null, alreadyWaiting: false, assigned: true }
    }
    const position = await queuePosition(req, entry.id)
    // A seat held for them has its own e-mail; "you are on the waitlist" would only confuse.
    if (!mine) await emailAddedToWaitlist(req, user, mentor.name, position)
    return { entry, position, alreadyWaiting: false, assigned: false }
  })
}

/** Leaves a mentor's waitlist (the entry is kept as `removed` for the admin's history). */
export async function leaveWaitlist(req: PayloadRequest, { userId, mentorId }: { userId: number; mentorId: number }): Promise<Waitlist> {
  return inTransaction(req, async () => {
    await lockMentor(req, mentorId)
    const entry = await findWaitingEntry(req, userId, mentorId)
    if (!entry) throw bookingErrors.notOnWaitlist()
    return req.payload.update({ collection: 'waitlist', id: entry.id, data: { status: 'removed' }, depth: 0, overrideAccess: true, req })
  })
}

export type WaitlistView = {
  id: number
  mentorId: number
  mentorName: string
  userId: number
  status: Waitlist['status']
  joinedAt: string
  position: number | null
}

/** Entries with their queue positions, computed in one query (window over each mentor's queue). */
export async function listWaitlist(
  req: PayloadRequest,
  filter: { userId?: number; mentorId?: number; waitingOnly?: boolean },
): Promise<WaitlistView[]> {
  const rows = await txQuery<{
    id: number
    mentor_id: number
    mentor_name: string | null
    user_id: number
    status: Waitlist['status']
    joined_at: string | Date
    position: number | null
  }>(
    req,
    sql`WITH queue AS (
          SELECT w.id, w.mentor_id, w.user_id, w.status, w.joined_at,
            CASE WHEN w.status = 'waiting'
              THEN row_number() OVER (PARTITION BY w.mentor_id, (w.status = 'waiting') ORDER BY w.joined_at, w.id)
            END AS position
          FROM waitlist w
          WHERE w.mentor_id IN (
            SELECT mentor_id FROM waitlist
            WHERE (${filter.userId ?? null}::int IS NULL OR user_id = ${filter.userId ?? null}::int)
              AND (${filter.mentorId ?? null}::int IS NULL OR mentor_id = ${filter.mentorId ?? null}::int)
          )
        )
        SELECT q.id, q.mentor_id, m.name AS mentor_name, q.user_id, q.status, q.joined_at, q.position::int AS position
        FROM queue q JOIN mentors m ON m.id = q.mentor_id
        WHERE (${filter.userId ?? null}::int IS NULL OR q.user_id = ${filter.userId ?? null}::int)
          AND (${filter.mentorId ?? null}::int IS NULL OR q.mentor_id = ${filter.mentorId ?? null}::int)
          AND (${filter.waitingOnly ?? true} = false OR q.status = 'waiting')
        ORDER BY q.mentor_id, q.joined_at, q.id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    mentorId: Number(r.mentor_id),
    mentorName: r.mentor_name ?? 'Mentor',
    userId: Number(r.user_id),
    status: r.status,
    joinedAt: new Date(r.joined_at).toISOString(),
    position: r.position == null ? null : Number(r.position),
  }))
}
