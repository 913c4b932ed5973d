import { nowIso, type PassedOverReason, type QueueTurn } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { isoOf } from '../../lib/db/isoOf'
import { txQuery } from '../../lib/transaction'
import { LATE_JOIN_MS } from './batches'
import { passedOverSql } from './passedOver'

type Row = {
  mentor_id: number
  batch_id: number | null
  label: string | null
  starts_on: string | null
  ends_on: string | null
  passed_over: PassedOverReason | null
  other_mentor: string | null
  other_label: string | null
}

/**
 * When each of the student's queues can offer them a seat, by mentor id: the first batch that
 * takes students now (a running one in its first days, then the open one) that the seating would
 * not pass them over for; else the last of them with the seating's reason; else no batch. Reads
 * the seating's own rule (passedOverSql), so the card says what fillBatch will do.
 */
export async function queueTurns(req: PayloadRequest, userId: number, mentorIds: number[]): Promise<Map<number, QueueTurn>> {
  const out = new Map<number, QueueTurn>()
  if (mentorIds.length === 0) return out
  const at = nowIso()
  const lateJoin = new Date(new Date(at).getTime() - LATE_JOIN_MS).toISOString()
  const rows = await txQuery<Row>(
    req,
    sql`SELECT m.id AS mentor_id, b.id AS batch_id, b.label, ${isoOf(sql`b.starts_on`)} AS starts_on, ${isoOf(sql`b.ends_on`)} AS ends_on,
               b.passed_over, other.mentor_name AS other_mentor, other.label AS other_label
          FROM mentors m
          LEFT JOIN LATERAL (
            SELECT b.*, ${passedOverSql({ id: sql`b.id`, startsOn: sql`b.starts_on`, endsOn: sql`b.ends_on` }, sql`${userId}::int`)} AS passed_over
              FROM batches b
             WHERE b.mentor_id = m.id AND m._status = 'published' AND m.accepting_bookings IS NOT FALSE
               AND (b.status = 'open' OR (b.status = 'running' AND b.starts_on > ${lateJoin}::timestamptz))
          ) b ON true
          LEFT JOIN LATERAL (
            SELECT om.name AS mentor_name, ob.label FROM bookings x JOIN batches ob ON ob.id = x.batch_id JOIN mentors om ON om.id = x.mentor_id
             WHERE b.passed_over = 'seated-elsewhere' AND x.user_id = ${userId} AND x.status = 'confirmed' AND x.batch_id <> b.id
               AND ob.starts_on <= b.ends_on AND ob.ends_on >= b.starts_on
            UNION ALL
            SELECT om.name, ob.label FROM seat_offers x JOIN batches ob ON ob.id = x.batch_id JOIN mentors om ON om.id = x.mentor_id
             WHERE b.passed_over = 'holding-elsewhere' AND x.user_id = ${userId} AND x.status = 'held' AND x.batch_id <> b.id
            LIMIT 1
          ) other ON true
         WHERE m.id IN (SELECT (v.value)::int FROM jsonb_array_elements_text(${JSON.stringify(mentorIds)}::jsonb) AS v(value))
         ORDER BY m.id, b.starts_on, b.id`,
  )
  for (const r of rows) {
    const mentorId = Number(r.mentor_id)
    const known = out.get(mentorId)
    if (known?.when === 'this-batch') continue
    if (r.batch_id === null) {
      out.set(mentorId, { when: 'no-batch' })
      continue
    }
    const batch = { id: Number(r.batch_id), label: r.label ?? '', startsOn: r.starts_on ?? '', endsOn: r.ends_on ?? '' }
    out.set(
      mentorId,
      r.passed_over === null
        ? { when: 'this-batch', batch }
        : {
            when: 'next-batch',
            batch,
            reason: r.passed_over,
            elsewhere: r.other_mentor ? { mentorName: r.other_mentor, batchLabel: r.other_label ?? '' } : null,
          },
    )
  }
  return out
}
