import { type MentorAvailability, publicRating } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { openBatchJoin, type SeatRow, seatColumns, seatStateFromRow } from '../seats/seatState'

type Row = SeatRow & {
  id: number
  name: string
  profession: string
  company: string
  skills: string
  bio: string | null
  linkedin: string | null
  photo_filename: string | null
  photo_card_filename: string | null
  rating_count: number | null
  rating_sum: number | null
}

/**
 * Every published mentor's public card with its seat state in its open batch, in ONE query (N
 * count queries do not scale and can show mixed moments). Only public profile fields leave: no
 * e-mail, no linked user. Draft saves never touch the main `mentors` table (Payload keeps drafts
 * in `_mentors_v`), so `_status = 'published'` there is exactly the published profile.
 */
export async function listMentorAvailability(req: PayloadRequest): Promise<MentorAvailability[]> {
  const rows = await txQuery<Row>(
    req,
    sql`SELECT m.id, m.name, m.profession, m.company, m.skills, m.bio, m.linkedin,
               md.filename AS photo_filename, md.sizes_card_filename AS photo_card_filename,
               rt.rating_count, rt.rating_sum, ${seatColumns}
          FROM mentors m
          ${openBatchJoin}
          LEFT JOIN media md ON md.id = m.photo_id
          LEFT JOIN mentor_rating_totals rt ON rt.mentor_id = m.id
         WHERE m._status = 'published'
         ORDER BY m.display_order ASC NULLS LAST, m.name ASC, m.id ASC`,
  )
  const base = (req.payload.config.serverURL ?? '').replace(/\/$/, '')
  return rows.map((r) => {
    const file = r.photo_card_filename ?? r.photo_filename
    const seats = seatStateFromRow(r)
    return {
      id: Number(r.id),
      name: r.name,
      photoUrl: file ? `${base}/api/media/file/${encodeURIComponent(file)}` : null,
      profession: r.profession,
      company: r.company,
      skills: r.skills,
      bio: r.bio ?? '',
      linkedin: r.linkedin || null,
      isFull: !seats.open,
      rating: publicRating(Number(r.rating_count ?? 0), Number(r.rating_sum ?? 0)),
      ...seats,
    }
  })
}
