import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import type { CalendarSession } from '../../notifications/ics'

/** A person told about a session: a student seated in its batch, or its mentor. */
export type SessionPerson = { userId: number | null; email: string; name: string | null; role: 'student' | 'mentor'; remindersOff: boolean }

export type SessionFacts = CalendarSession & { batchId: number; batchLabel: string; sequence: number }

type FactsRow = {
  id: number
  title: string
  starts_at: string | Date
  duration_minutes: number
  meeting_link: string | null
  sequence: number | null
  status: 'scheduled' | 'cancelled' | null
  batch_id: number
  label: string
  mentor: string
}

const factsOf = (r: FactsRow): SessionFacts => ({
  id: Number(r.id),
  title: r.title,
  startsAt: new Date(r.starts_at).toISOString(),
  durationMinutes: Number(r.duration_minutes),
  meetingLink: r.meeting_link,
  sequence: Number(r.sequence ?? 0),
  status: r.status ?? 'scheduled',
  batchId: Number(r.batch_id),
  batchLabel: r.label,
  mentorName: r.mentor,
})

/** Sessions with what their e-mails and calendar entries say (in `req`'s transaction). */
export async function sessionFacts(req: PayloadRequest, ids: number[]): Promise<SessionFacts[]> {
  if (ids.length === 0) return []
  const rows = await txQuery<FactsRow>(
    req,
    sql`SELECT s.id, s.title, s.starts_at, s.duration_minutes, s.meeting_link, s.sequence, s.status, s.batch_id, b.label, m.name AS mentor
          FROM sessions s JOIN batches b ON b.id = s.batch_id JOIN mentors m ON m.id = b.mentor_id
         WHERE s.id IN (${sql.join(
           ids.map((id) => sql`${id}`),
           sql`, `,
         )})
         ORDER BY s.starts_at, s.id`,
  )
  return rows.map(factsOf)
}

/**
 * Everyone a session concerns, by batch: the students seated in it (confirmed bookings) and the
 * mentor (the mentor's own account's e-mail when linked, else the profile's). Each one's own
 * address only: every message goes to one person.
 */
export async function peopleOfBatches(req: PayloadRequest, batchIds: number[]): Promise<Map<number, SessionPerson[]>> {
  const out = new Map<number, SessionPerson[]>()
  if (batchIds.length === 0) return out
  const list = sql.join(
    batchIds.map((id) => sql`${id}`),
    sql`, `,
  )
  const rows = await txQuery<{
    batch_id: number
    user_id: number | null
    email: string
    name: string | null
    role: 'student' | 'mentor'
    reminders_off: boolean | null
  }>(
    req,
    sql`SELECT bk.batch_id, u.id AS user_id, u.email, u.name, 'student' AS role, u.reminders_off
          FROM bookings bk JOIN users u ON u.id = bk.user_id
         WHERE bk.batch_id IN (${list}) AND bk.status = 'confirmed'
        UNION ALL
        SELECT b.id, mu.id, COALESCE(mu.email, m.email), m.name, 'mentor', mu.reminders_off
          FROM batches b JOIN mentors m ON m.id = b.mentor_id LEFT JOIN users mu ON mu.id = m.user_id
         WHERE b.id IN (${list})
         ORDER BY 1, 5 DESC, 2`,
  )
  const seen = new Set<string>()
  for (const r of rows) {
    const batchId = Number(r.batch_id)
    // A mentor who also holds a seat in their own batch (tests, staff) hears once.
    const k = `${batchId}:${r.email.toLowerCase()}`
    if (!r.email || seen.has(k)) continue
    seen.add(k)
    const list = out.get(batchId) ?? []
    list.push({
      userId: r.user_id === null ? null : Number(r.user_id),
      email: r.email,
      name: r.name,
      role: r.role,
      remindersOff: r.reminders_off === true,
    })
    out.set(batchId, list)
  }
  return out
}
