import { nowIso, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { mentorIdForUser } from '../../access/mentorIdForUser'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'

/**
 * Attendance (issue 21): from a session's start its mentor or an admin marks each student seated in
 * its batch present or absent; marking again changes the mark. Refused with a 4xx and nothing
 * written: a session that does not exist or was cancelled, one that has not started, a student not
 * seated in the batch, a mentor's mark on another mentor's session.
 */
export type AttendanceStatus = 'present' | 'absent'

export type AttendanceView = { sessionId: number; title: string; startsAt: string; status: AttendanceStatus }

/** The rules of a mark (shared by the endpoint and /admin's hook); returns the session's batch and mentor. */
export async function checkAttendance(
  req: PayloadRequest,
  input: { sessionId: number; userId: number },
): Promise<{ batchId: number; mentorId: number; at: string }> {
  const [s] = await txQuery<{ batch_id: number; mentor_id: number; starts_at: string | Date; status: string | null }>(
    req,
    sql`SELECT s.batch_id, b.mentor_id, s.starts_at, s.status FROM sessions s JOIN batches b ON b.id = s.batch_id WHERE s.id = ${input.sessionId}`,
  )
  if (!s) throw new AppError('NOT_FOUND', 404, 'That session does not exist.')
  if (s.status === 'cancelled') throw new AppError('SESSION_CANCELLED', 409, 'That session was cancelled: there is no attendance to mark.')
  if (new Date(s.starts_at).getTime() > nowMs()) {
    throw new AppError('SESSION_NOT_STARTED', 400, 'Attendance can be marked from the session’s start.')
  }
  const user = req.user
  if (user && !checkRole(user, 'admin')) {
    const mentorId = await mentorIdForUser(req, user)
    if (mentorId === null || mentorId !== Number(s.mentor_id)) {
      throw new AppError('FORBIDDEN', 403, 'You can only mark attendance for your own batches.')
    }
  }
  const [seated] = await txQuery(
    req,
    sql`SELECT 1 FROM bookings WHERE batch_id = ${s.batch_id} AND user_id = ${input.userId} AND status IN ('confirmed', 'completed') LIMIT 1`,
  )
  if (!seated) throw new AppError('NOT_SEATED', 400, 'That student is not seated in this session’s batch.')
  return { batchId: Number(s.batch_id), mentorId: Number(s.mentor_id), at: nowIso() }
}

/** Marks one student; the mentor of the batch or an admin (req.user). */
export async function markAttendance(
  req: PayloadRequest,
  input: { sessionId: number; userId: number; status: AttendanceStatus },
): Promise<{ sessionId: number; userId: number; status: AttendanceStatus }> {
  return inTransaction(req, async () => {
    const facts = await checkAttendance(req, input)
    await txQuery(
      req,
      sql`INSERT INTO session_attendance (session_id, user_id, status, batch_id, mentor_id, marked_by_id, marked_at, created_at, updated_at)
          VALUES (${input.sessionId}, ${input.userId}, ${input.status}, ${facts.batchId}, ${facts.mentorId}, ${req.user?.id ?? null},
                  ${facts.at}::timestamptz, now(), now())
          ON CONFLICT (session_id, user_id) DO UPDATE
            SET status = EXCLUDED.status, marked_by_id = EXCLUDED.marked_by_id, marked_at = EXCLUDED.marked_at, updated_at = now()`,
    )
    return input
  })
}

/** A student's own marks, newest first. */
export async function attendanceOf(req: PayloadRequest, userId: number): Promise<AttendanceView[]> {
  const rows = await txQuery<{ session_id: number; title: string; starts_at: string | Date; status: AttendanceStatus }>(
    req,
    sql`SELECT a.session_id, s.title, s.starts_at, a.status FROM session_attendance a JOIN sessions s ON s.id = a.session_id
         WHERE a.user_id = ${userId} ORDER BY s.starts_at DESC LIMIT 100`,
  )
  return rows.map((r) => ({
    sessionId: Number(r.session_id),
    title: r.title,
    startsAt: new Date(r.starts_at).toISOString(),
    status: r.status,
  }))
}

/** No-shows per batch (admins): students marked absent, and how often. */
export async function noShowsOfBatch(req: PayloadRequest, batchId: number): Promise<{ userId: number; absences: number }[]> {
  const rows = await txQuery<{ user_id: number; n: number }>(
    req,
    sql`SELECT user_id, count(*)::int AS n FROM session_attendance WHERE batch_id = ${batchId} AND status = 'absent'
         GROUP BY user_id ORDER BY n DESC, user_id`,
  )
  return rows.map((r) => ({ userId: Number(r.user_id), absences: Number(r.n) }))
}
