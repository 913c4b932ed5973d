import { formatDateTime } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'

/** The hook context key by which a confirmed day outside the batch passes the Sessions collection's date rule. */
export const OUTSIDE_CONFIRMED = 'sessionOutsideBatchConfirmed'

/**
 * A session of the mentor that overlaps [startsAt, startsAt + minutes), other than `exceptId`: a
 * mentor cannot be in two sessions at once, whichever batch they belong to. A cancelled session
 * holds no time (its slot can be taken again). The sentence says which.
 */
export async function overlappingSession(
  req: PayloadRequest,
  input: { mentorId: number; startsAt: Date; minutes: number; exceptId?: number | null },
): Promise<string | null> {
  const endsAt = new Date(input.startsAt.getTime() + input.minutes * 60_000)
  const [row] = await txQuery<{ title: string; starts_at: string | Date; duration_minutes: string | number }>(
    req,
    sql`SELECT title, starts_at, duration_minutes FROM sessions
         WHERE mentor_id = ${input.mentorId} AND id <> ${input.exceptId ?? 0} AND status IS DISTINCT FROM 'cancelled'
           AND starts_at < ${endsAt.toISOString()}::timestamptz
           AND starts_at + (duration_minutes * interval '1 minute') > ${input.startsAt.toISOString()}::timestamptz
         ORDER BY starts_at LIMIT 1`,
  )
  if (!row) return null
  return `This overlaps your session “${row.title}” on ${formatDateTime(row.starts_at)} (${Number(row.duration_minutes)} min): pick another time.`
}
