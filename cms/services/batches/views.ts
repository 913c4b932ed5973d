import type { BatchView, SeatOfferView } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'

const iso = (v: string | Date) => new Date(v).toISOString()

/** The student's held seats (offers and continuing holds), soonest expiry first, in one query. */
export async function listOffersOf(req: PayloadRequest, userId: number): Promise<SeatOfferView[]> {
  const rows = await txQuery<{
    id: number
    kind: SeatOfferView['kind']
    status: SeatOfferView['status']
    expires_at: string | Date
    mentor_id: number
    mentor_name: string
    batch_id: number
    label: string
    starts_on: string | Date
    ends_on: string | Date
    batch_status: BatchView['status']
  }>(
    req,
    sql`SELECT o.id, o.kind, o.status, o.expires_at, m.id AS mentor_id, m.name AS mentor_name,
               b.id AS batch_id, b.label, b.starts_on, b.ends_on, b.status AS batch_status
          FROM seat_offers o JOIN mentors m ON m.id = o.mentor_id JOIN batches b ON b.id = o.batch_id
         WHERE o.user_id = ${userId} AND o.status = 'held'
         ORDER BY o.expires_at, o.id`,
  )
  return rows.map((r) => ({
    id: Number(r.id),
    kind: r.kind,
    status: r.status,
    expiresAt: iso(r.expires_at),
    mentor: { id: Number(r.mentor_id), name: r.mentor_name },
    batch: { id: Number(r.batch_id), label: r.label, startsOn: iso(r.starts_on), endsOn: iso(r.ends_on), status: r.batch_status },
  }))
}
