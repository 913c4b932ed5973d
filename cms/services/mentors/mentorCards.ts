import {
  type MentorAvailability,
  type MentorCard,
  type MentorDirectoryPage,
  type MentorDirectoryQuery,
  type MentorHighlights,
  publicRating,
} from '@mentorloop/shared'
import { type SQL, sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { txQuery } from '../../lib/transaction'
import { openBatchJoin, type SeatRow, seatColumns, seatStateFromRow } from '../seats/seatState'

/**
 * The mentor cards of the landing page and the directory, filtered, ordered and paged in the
 * database (docs/decisions/080, 081): a page's size and time do not grow with the number of
 * mentors. Only the fields a card shows leave (no bio, no LinkedIn, never an e-mail), with the
 * seat state of the mentor's open batch (cms/services/seats/seatState.ts).
 */

type CardRow = SeatRow & {
  id: number
  name: string
  profession: string
  company: string
  skills: string
  photo_filename: string | null
  photo_card_filename: string | null
  rating_count: number | null
  rating_sum: number | null
  session_count: string | number | null
  first_session_at: string | Date | null
  session_weekdays: number[] | null
}

const cardColumns = sql`m.id, m.name, m.profession, m.company, m.skills,
  md.filename AS photo_filename, md.sizes_card_filename AS photo_card_filename,
  rt.rating_count, rt.rating_sum, sc.session_count, sc.first_session_at, sc.session_weekdays, ${seatColumns}`

/**
 * The photo, the mentor's rating totals (one row by primary key, kept by each rating's write:
 * docs/decisions/108), and when the open batch meets (its sessions by the batch index; issue 32).
 * After openBatchJoin.
 */
const mediaJoin = sql`LEFT JOIN media md ON md.id = m.photo_id LEFT JOIN mentor_rating_totals rt ON rt.mentor_id = m.id
  LEFT JOIN LATERAL (
    SELECT count(*) AS session_count, min(s.starts_at) AS first_session_at,
           array_agg(DISTINCT extract(isodow FROM s.starts_at AT TIME ZONE 'Asia/Kolkata')::int) AS session_weekdays
      FROM sessions s WHERE s.batch_id = ob.id AND COALESCE(s.status, 'scheduled') <> 'cancelled'
  ) sc ON ob.id IS NOT NULL`

/** Draft saves live in `_mentors_v`: `_status = 'published'` on the main table is the published profile. */
const published = sql`m._status = 'published'`

/** The directory's order (the landing page's after its featured and open-seat steps). */
const displayOrder = sql`m.display_order ASC NULLS LAST, m.name ASC, m.id ASC`

/** A mentor's skills as the lowercase list the `mentors_skills_list` index holds. */
const skillList = sql`regexp_split_to_array(lower(btrim(m.skills)), '\\s*,\\s*')`

function toCard(req: PayloadRequest, r: CardRow): MentorCard {
  const base = (req.payload.config.serverURL ?? '').replace(/\/$/, '')
  const file = r.photo_card_filename ?? r.photo_filename
  const seats = seatStateFromRow(r)
  return {
    id: Number(r.id),
    name: r.name,
    photoUrl: file ? `${base}/api/media/file/${encodeURIComponent(file)}` : null,
    profession: r.profession,
    company: r.company,
    skills: r.skills,
    isFull: !seats.open,
    rating: publicRating(Number(r.rating_count ?? 0), Number(r.rating_sum ?? 0)),
    schedule:
      Number(r.session_count ?? 0) > 0 && r.first_session_at
        ? {
            sessions: Number(r.session_count),
            firstAt: new Date(r.first_session_at).toISOString(),
            weekdays: (r.session_weekdays ?? []).map(Number).sort((a, b) => a - b),
          }
        : null,
    ...seats,
  }
}

/** `%fragment%` for ILIKE with the fragment's own `%`, `_` and `\` taken literally. */
export const likeFragment = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

function companyIs(company: string): SQL {
  return sql`lower(btrim(m.company)) = lower(btrim(${company}))`
}

function directoryWhere(f: Pick<MentorDirectoryQuery, 'company' | 'skill' | 'q'>): SQL {
  const conditions: SQL[] = [published]
  if (f.company) conditions.push(companyIs(f.company))
  if (f.skill) conditions.push(sql`${skillList} @> ARRAY[lower(btrim(${f.skill}))]`)
  if (f.q) conditions.push(sql`m.name ILIKE ${likeFragment(f.q)}`)
  return sql.join(conditions, sql` AND `)
}

const byName = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' })

/**
 * What the filters offer: every published mentor's company, and the skills of the published
 * mentors at the chosen company (every skill when none is chosen), each once (case-insensitive),
 * alphabetical. One query.
 */
async function directoryOptions(req: PayloadRequest, company: string): Promise<MentorDirectoryPage['options']> {
  const rows = await txQuery<{ kind: 'company' | 'skill'; value: string }>(
    req,
    sql`SELECT 'company' AS kind, min(btrim(m.company)) AS value
          FROM mentors m WHERE ${published} AND btrim(m.company) <> ''
         GROUP BY lower(btrim(m.company))
        UNION ALL
        SELECT 'skill' AS kind, min(s) AS value
          FROM mentors m, unnest(regexp_split_to_array(btrim(m.skills), '\\s*,\\s*')) AS s
         WHERE ${company ? sql`${published} AND ${companyIs(company)}` : published} AND s <> ''
         GROUP BY lower(s)`,
  )
  const pick = (kind: 'company' | 'skill') =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => r.value)
      .sort(byName)
  return { companies: pick('company'), skills: pick('skill') }
}

/**
 * One page of the directory: the matching published mentors in display order, their number and the
 * filters' options. The page's mentors are chosen on ids first, so the seat counts are computed for
 * that page only, whatever the number of mentors.
 */
export async function listMentorDirectory(req: PayloadRequest, query: MentorDirectoryQuery): Promise<MentorDirectoryPage> {
  const where = directoryWhere(query)
  const offset = (query.page - 1) * query.limit
  const [rows, options] = await Promise.all([
    txQuery<CardRow & { total: string | number }>(
      req,
      sql`WITH hits AS (SELECT m.id, m.display_order, m.name FROM mentors m WHERE ${where}),
               chosen AS (SELECT m.id FROM hits m ORDER BY ${displayOrder} LIMIT ${query.limit} OFFSET ${offset})
          SELECT ${cardColumns}, (SELECT count(*) FROM hits) AS total
            FROM chosen c
            JOIN mentors m ON m.id = c.id
            ${openBatchJoin}
            ${mediaJoin}
           ORDER BY ${displayOrder}`,
    ),
    directoryOptions(req, query.company),
  ])
  // A page past the end has no rows to carry the total: count once (the page says "no mentors here").
  const totalDocs = rows[0]
    ? Number(rows[0].total)
    : offset === 0
      ? 0
      : Number((await txQuery<{ n: string }>(req, sql`SELECT count(*) AS n FROM mentors m WHERE ${where}`))[0]?.n ?? 0)
  return {
    docs: rows.map((r) => toCard(req, r)),
    totalDocs,
    page: query.page,
    totalPages: Math.max(1, Math.ceil(totalDocs / query.limit)),
    limit: query.limit,
    options,
  }
}

/**
 * The landing page's selection (docs/decisions/080): published mentors, featured first, then those
 * a student can book now (open seats), then display order; at most `limit`. `include` adds one
 * published mentor the page needs besides (the mentor a booking link chose) when it is not among them.
 */
export async function listMentorHighlights(req: PayloadRequest, opts: { limit: number; include?: number }): Promise<MentorHighlights> {
  const rows = await txQuery<CardRow & { featured: boolean | null }>(
    req,
    sql`SELECT * FROM (
          SELECT ${cardColumns}, m.featured, m.display_order
            FROM mentors m
            ${openBatchJoin}
            ${mediaJoin}
           WHERE ${published}
        ) m
        ORDER BY m.featured IS TRUE DESC,
                 (m.batch_id IS NOT NULL AND m.accepting_bookings IS NOT FALSE AND m.capacity - m.booked - m.held > 0) DESC,
                 ${displayOrder}
        LIMIT ${opts.limit}`,
  )
  const docs = rows.map((r) => toCard(req, r))
  let included: MentorCard | null = null
  if (opts.include && !docs.some((d) => d.id === opts.include)) {
    const [row] = await txQuery<CardRow>(
      req,
      sql`SELECT ${cardColumns} FROM mentors m ${openBatchJoin} ${mediaJoin} WHERE ${published} AND m.id = ${opts.include}`,
    )
    included = row ? toCard(req, row) : null
  }
  return { docs, included }
}

/**
 * Every published mentor's card in display order, in one query (GET /api/mentors/availability: the
 * booking form's list and the sitemap). Cards only: the profile's text is `getMentorProfile`'s.
 */
export async function listAllMentorCards(req: PayloadRequest): Promise<MentorCard[]> {
  const rows = await txQuery<CardRow>(
    req,
    sql`SELECT ${cardColumns} FROM mentors m ${openBatchJoin} ${mediaJoin} WHERE ${published} ORDER BY ${displayOrder}`,
  )
  return rows.map((r) => toCard(req, r))
}

/** One published mentor's public profile: the card with the bio and LinkedIn address; null when there is none. */
export async function getMentorProfile(req: PayloadRequest, id: number): Promise<MentorAvailability | null> {
  const [row] = await txQuery<CardRow & { bio: string | null; linkedin: string | null }>(
    req,
    sql`SELECT ${cardColumns}, m.bio, m.linkedin FROM mentors m ${openBatchJoin} ${mediaJoin} WHERE ${published} AND m.id = ${id}`,
  )
  return row ? { ...toCard(req, row), bio: row.bio ?? '', linkedin: row.linkedin || null } : null
}
