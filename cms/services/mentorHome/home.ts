import {
  type AttendanceMark,
  type BatchView,
  formatDateRange,
  formatDay,
  type MentorHome,
  type MentorHomeBatch,
  type NextBatchOption,
  nowMs,
} from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { commonErrors } from '../../lib/errors'
import { txQuery } from '../../lib/transaction'
import { type BatchRow, batchesOf, nextBatchPeriod } from '../batches/batches'

const iso = (v: string | Date) => new Date(v).toISOString()

const view = (b: BatchRow): BatchView => ({
  id: b.id,
  label: b.label,
  startsOn: iso(b.startsOn),
  endsOn: iso(b.endsOn),
  status: b.status,
})

/**
 * Whether the mentor can open a next batch, and with which dates. The rule (docs/decisions/045,
 * 095): a mentor takes bookings for one batch at a time, so with a batch open the next one waits
 * until that batch starts running; without one, the next batch is the calendar month after their
 * latest (the running one), which the form offers pre-filled.
 */
export async function nextBatchOption(req: PayloadRequest, mentorId: number, batches: BatchRow[]): Promise<NextBatchOption> {
  const open = batches.find((b) => b.status === 'open')
  if (open) {
    return {
      canOpen: false,
      open: view(open),
      reason: `Your ${open.label} batch (${formatDateRange(open.startsOn, open.endsOn)}) is open for bookings. A mentor takes bookings for one batch at a time, so the batch after it can be opened once ${open.label} starts running on ${formatDay(open.startsOn)}.`,
    }
  }
  const period = await nextBatchPeriod(req, mentorId)
  const running = [...batches].reverse().find((b) => b.status === 'running') ?? null
  return {
    canOpen: true,
    startsOn: iso(period.startsOn),
    endsOn: iso(period.endsOn),
    label: period.label,
    after: running ? view(running) : null,
  }
}

/**
 * The mentor's home: their running and open batches, each with its seats (taken, held, left), the
 * seated students with their contact numbers and the batch's sessions; the waitlist length and
 * whether a next batch can be opened, each session with the attendance recorded. Five queries whatever
 * the number of students.
 */
export async function getMentorHome(req: PayloadRequest, mentorId: number): Promise<MentorHome> {
  const [mentor] = await txQuery<{ id: number; name: string; status: string | null }>(
    req,
    sql`SELECT id, name, _status AS status FROM mentors WHERE id = ${mentorId}`,
  )
  if (!mentor) throw commonErrors.notFound('Your mentor profile does not exist any more.')
  const rows = await batchesOf(req, mentorId, ['running', 'open'])
  const ids = rows.map((b) => b.id)
  const idList = ids.length
    ? sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )
    : sql`NULL`
  const [students, sessions, counts, marks] = ids.length
    ? await Promise.all([
        txQuery<{ batch_id: number; id: number; name: string | null; phone: string | null; email: string | null }>(
          req,
          sql`SELECT b.batch_id, u.id, u.name, u.phone, u.email FROM bookings b JOIN users u ON u.id = b.user_id
               WHERE b.batch_id IN (${idList}) AND b.status IN ('confirmed', 'completed') ORDER BY b.created_at, b.id`,
        ),
        txQuery<{
          batch_id: number
          id: number
          title: string
          starts_at: string | Date
          duration_minutes: string | number
          meeting_link: string | null
          status: string | null
        }>(
          req,
          sql`SELECT batch_id, id, title, starts_at, duration_minutes, meeting_link, status FROM sessions
               WHERE batch_id IN (${idList}) ORDER BY starts_at, id`,
        ),
        txQuery<{ batch_id: number; held: string | number }>(
          req,
          sql`SELECT batch_id, count(*) AS held FROM seat_offers WHERE batch_id IN (${idList}) AND status = 'held' GROUP BY batch_id`,
        ),
        txQuery<{ session_id: number; user_id: number; status: AttendanceMark }>(
          req,
          sql`SELECT session_id, user_id, status FROM session_attendance WHERE batch_id IN (${idList}) ORDER BY session_id, user_id`,
        ),
      ])
    : [[], [], [], []]
  const [{ n: waiting } = { n: 0 }] = await txQuery<{ n: string | number }>(
    req,
    sql`SELECT count(*) AS n FROM waitlist WHERE mentor_id = ${mentorId} AND status = 'waiting'`,
  )
  const batches: MentorHomeBatch[] = rows.map((b) => {
    const own = students.filter((s) => Number(s.batch_id) === b.id)
    const held = Number(counts.find((c) => Number(c.batch_id) === b.id)?.held ?? 0)
    return {
      ...view(b),
      capacity: b.capacity,
      taken: own.length,
      held,
      left: Math.max(0, b.capacity - own.length - held),
      students: own.map((s) => ({ id: Number(s.id), name: s.name, phone: s.phone, email: s.email })),
      sessions: sessions
        .filter((s) => Number(s.batch_id) === b.id)
        .map((s) => ({
          id: Number(s.id),
          title: s.title,
          startsAt: iso(s.starts_at),
          durationMinutes: Number(s.duration_minutes),
          // A cancelled session keeps no link on the home: nobody should join it.
          meetingLink: s.status === 'cancelled' ? null : s.meeting_link,
          cancelled: s.status === 'cancelled',
          started: new Date(s.starts_at).getTime() <= nowMs(),
          attendance: marks
            .filter((a) => Number(a.session_id) === Number(s.id))
            .map((a) => ({ userId: Number(a.user_id), status: a.status })),
        })),
    }
  })
  return {
    mentor: { id: Number(mentor.id), name: mentor.name, published: mentor.status === 'published' },
    batches,
    waiting: Number(waiting),
    next: await nextBatchOption(req, mentorId, rows),
  }
}
