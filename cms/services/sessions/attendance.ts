import { formatDateTime, HOUR_MS, nowIso, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { checkRole } from '../../access/checkRole'
import { mentorIdForUser } from '../../access/mentorIdForUser'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'

/**
 * Attendance (issue 21): from a session's start its mentor or an admin marks each student seated in
 * its batch present or absent; marking again changes the mark. The mentor's marks close 48 hours
 * after the session ends (issue 37); the student sees theirs and may dispute an absent mark. Refused with a 4xx and nothing
 * written: a session that does not exist or was cancelled, one that has not started, a student not
 * seated in the batch, a mentor's mark on another mentor's session.
 */
export type AttendanceStatus = 'present' | 'absent'

/** How long after a session's end its mentor may mark or change attendance (DESIGN.md §11). */
export const ATTENDANCE_WINDOW_HOURS = 48

export type AttendanceDispute = 'open' | 'upheld' | 'rejected'

export type AttendanceView = {
  sessionId: number
  title: string
  startsAt: string
  status: AttendanceStatus
  /** The student's dispute of an absent mark, and how an admin decided it. */
  dispute: AttendanceDispute | null
}

/** The rules of a mark (shared by the endpoint and /admin's hook); returns the session's batch and mentor. */
export async function checkAttendance(
  req: PayloadRequest,
  input: { sessionId: number; userId: number },
): Promise<{ batchId: number; mentorId: number; at: string }> {
  const [s] = await txQuery<{
    batch_id: number
    mentor_id: number
    starts_at: string | Date
    duration_minutes: number | string | null
    status: string | null
  }>(
    req,
    sql`SELECT s.batch_id, b.mentor_id, s.starts_at, s.duration_minutes, s.status FROM sessions s JOIN batches b ON b.id = s.batch_id WHERE s.id = ${input.sessionId}`,
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
  // The mentor's marks close 48 hours after the session: a mark cannot be changed later to keep a
  // student from anything. An admin may still correct one (deciding a student's dispute).
  const closesAt = new Date(s.starts_at).getTime() + Number(s.duration_minutes ?? 60) * 60_000 + ATTENDANCE_WINDOW_HOURS * HOUR_MS
  if (user && !checkRole(user, 'admin') && nowMs() > closesAt) {
    throw new AppError(
      'ATTENDANCE_CLOSED',
      409,
      `Attendance can be marked or changed until ${ATTENDANCE_WINDOW_HOURS} hours after the session, until ${formatDateTime(new Date(closesAt))}. Ask an admin to correct it.`,
      { title: 'Attendance closed' },
    )
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

/**
 * A session's marks from the mentor's home in one go (one form per session): all or none, each by
 * markAttendance's rules (a refusal of one rolls back the others).
 */
export async function markSessionAttendance(
  req: PayloadRequest,
  input: { sessionId: number; marks: { userId: number; status: AttendanceStatus }[] },
): Promise<{ sessionId: number; marked: number }> {
  return inTransaction(req, async () => {
    for (const mark of input.marks) await markAttendance(req, { sessionId: input.sessionId, ...mark })
    return { sessionId: input.sessionId, marked: input.marks.length }
  })
}

/** A student's own marks, newest first. */
export async function attendanceOf(req: PayloadRequest, userId: number): Promise<AttendanceView[]> {
  const rows = await txQuery<{
    session_id: number
    title: string
    starts_at: string | Date
    status: AttendanceStatus
    dispute: AttendanceDispute | null
  }>(
    req,
    sql`SELECT a.session_id, s.title, s.starts_at, a.status, a.dispute FROM session_attendance a JOIN sessions s ON s.id = a.session_id
         WHERE a.user_id = ${userId} ORDER BY s.starts_at DESC LIMIT 100`,
  )
  return rows.map((r) => ({
    sessionId: Number(r.session_id),
    title: r.title,
    startsAt: new Date(r.starts_at).toISOString(),
    status: r.status,
    dispute: r.dispute ?? null,
  }))
}

/**
 * The student disputes their own absent mark (issue 37): an admin decides it (the "needs attention"
 * home lists open disputes). Once per mark; a present mark or a session without a mark has nothing
 * to dispute.
 */
export async function disputeAttendance(
  req: PayloadRequest,
  userId: number,
  input: { sessionId: number; note: string },
): Promise<{ sessionId: number; dispute: AttendanceDispute }> {
  return inTransaction(req, async () => {
    const [row] = await txQuery<{ status: AttendanceStatus; dispute: AttendanceDispute | null }>(
      req,
      sql`SELECT status, dispute FROM session_attendance WHERE session_id = ${input.sessionId} AND user_id = ${userId} FOR UPDATE`,
    )
    if (!row) throw new AppError('NOT_FOUND', 404, 'You have no attendance mark for that session.')
    if (row.status !== 'absent') throw new AppError('NOT_ABSENT', 409, 'Only an absent mark can be disputed; you were marked present.')
    if (row.dispute) {
      throw new AppError(
        'ALREADY_DISPUTED',
        409,
        row.dispute === 'open'
          ? 'You have already disputed this mark; an admin will decide it.'
          : 'An admin has already decided your dispute.',
      )
    }
    await txQuery(
      req,
      sql`UPDATE session_attendance SET dispute = 'open', dispute_note = ${input.note || null}, disputed_at = ${nowIso()}::timestamptz,
                 updated_at = now()
           WHERE session_id = ${input.sessionId} AND user_id = ${userId}`,
    )
    return { sessionId: input.sessionId, dispute: 'open' }
  })
}

export type NoShowRow = { userId: number; name: string | null; email: string; absences: number; marked: number }

/**
 * No-shows per batch (admins, the batch in /admin): each student of the batch marked absent at
 * least once, how often, out of how many marked sessions, most absences first; and the batch's
 * sessions that have started with no mark yet (what the numbers cannot count).
 */
export async function noShowsOfBatch(req: PayloadRequest, batchId: number): Promise<{ rows: NoShowRow[]; unmarked: number }> {
  const [rows, [unmarked]] = await Promise.all([
    txQuery<{ user_id: number; name: string | null; email: string; absences: number; marked: number }>(
      req,
      sql`SELECT a.user_id, u.name, u.email, count(*) FILTER (WHERE a.status = 'absent')::int AS absences, count(*)::int AS marked
            FROM session_attendance a JOIN users u ON u.id = a.user_id
           WHERE a.batch_id = ${batchId}
           GROUP BY a.user_id, u.name, u.email
          HAVING count(*) FILTER (WHERE a.status = 'absent') > 0
           ORDER BY absences DESC, a.user_id`,
    ),
    txQuery<{ n: number }>(
      req,
      sql`SELECT count(*)::int AS n FROM sessions s
           WHERE s.batch_id = ${batchId} AND COALESCE(s.status, 'scheduled') <> 'cancelled' AND s.starts_at <= ${nowIso()}::timestamptz
             AND NOT EXISTS (SELECT 1 FROM session_attendance a WHERE a.session_id = s.id)`,
    ),
  ])
  return {
    rows: rows.map((r) => ({
      userId: Number(r.user_id),
      name: r.name,
      email: r.email,
      absences: Number(r.absences),
      marked: Number(r.marked),
    })),
    unmarked: Number(unmarked?.n ?? 0),
  }
}
