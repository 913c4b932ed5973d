import type { MentorAvailability } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'

type Row = {
  id: number
  name: string
  profession: string
  company: string
  skills: string
  capacity: string | number
  accepting_bookings: boolean | null
  photo_filename: string | null
  photo_card_filename: string | null
  confirmed: string | number
}

/**
 * Every published mentor with confirmed seats counted, in ONE query (a mentors list with N
 * count queries does not scale and can show mixed moments). Only public profile fields leave:
 * no e-mail, no linked user. Draft saves never touch the main `mentors` table (Payload keeps
 * drafts in `_mentors_v`), so `_status = 'published'` there is exactly the published profile.
 *
 * A mentor is full when confirmed bookings reach capacity, the same count the seat-limit
 * trigger uses; `acceptingBookings = false` also sends new students to the waitlist.
 */
export async function listMentorAvailability(req: PayloadRequest): Promise<MentorAvailability[]> {
  const db = req.payload.db.drizzle
  const result = await db.execute(sql`
    SELECT m.id, m.name, m.profession, m.company, m.skills, m.capacity,
           m.accepting_bookings,
           md.filename AS photo_filename,
           md.sizes_card_filename AS photo_card_filename,
           (SELECT count(*) FROM bookings b WHERE b.mentor_id = m.id AND b.status = 'confirmed') AS confirmed
      FROM mentors m
      LEFT JOIN media md ON md.id = m.photo_id
     WHERE m._status = 'published'
     ORDER BY m.display_order ASC NULLS LAST, m.name ASC, m.id ASC
  `)
  const rows = (result as unknown as { rows: Row[] }).rows
  const base = (req.payload.config.serverURL ?? '').replace(/\/$/, '')
  return rows.map((r) => {
    // numeric and count(*) come back from pg as strings
    const capacity = Number(r.capacity)
    const confirmed = Number(r.confirmed)
    const file = r.photo_card_filename ?? r.photo_filename
    return {
      id: Number(r.id),
      name: r.name,
      photoUrl: file ? `${base}/api/media/file/${encodeURIComponent(file)}` : null,
      profession: r.profession,
      company: r.company,
      skills: r.skills,
      capacity,
      confirmed,
      isFull: confirmed >= capacity,
      acceptingBookings: r.accepting_bookings !== false,
    }
  })
}
