import {
  DAY_MS,
  formatDate,
  type MentorRating,
  nowIso,
  type PublicRatingComment,
  publicRating,
  RATINGS_FOR_HERO,
  type RatingCard,
  type RatingInput,
  type SiteRatingFigures,
} from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { renderEmail } from '../../notifications/layout'
import { queueOutbox } from '../../notifications/outbox'

/**
 * Ratings of a mentor by the students of a batch (issue 21, docs/decisions/108, 177). A student
 * seated in a batch (confirmed booking) may rate its mentor once, from the end of the batch's first
 * session (not cancelled) until the batch ends (the end of its last day, India time), and change
 * the rating until then. Attendance marks play no part: a mentor cannot decide who rates them by
 * marking students absent (issue 37). Each write keeps the mentor's totals (`mentor_rating_totals`)
 * in the same transaction, so cards read one row.
 */

/** When a batch's ratings close: the end of its last day (`ends_on` is India midnight; India has no daylight saving). */
const batchEnd = sql`(b.ends_on + interval '1 day')`

/** The end of the first session of the batch `bk.batch_id`, if it has ended by `at`. */
const firstSessionEnded = (at: string) => sql`
  SELECT min(s.starts_at + s.duration_minutes * interval '1 minute') FROM sessions s
   WHERE s.batch_id = bk.batch_id AND s.status IS DISTINCT FROM 'cancelled'
     AND s.starts_at + s.duration_minutes * interval '1 minute' <= ${at}::timestamptz`

type Window = { mentorId: number; mentorName: string; batchLabel: string; opensAt: string; closesAt: string }

/** The student's rating window for the batch, or the refusal that says why there is none now. */
async function ratingWindow(req: PayloadRequest, userId: number, batchId: number): Promise<Window> {
  const at = nowIso()
  const [row] = await txQuery<{
    mentor_id: number
    mentor: string
    label: string
    closes_at: string | Date
    seated: boolean
    opens_at: string | Date | null
  }>(
    req,
    sql`SELECT b.mentor_id, m.name AS mentor, b.label, ${batchEnd} AS closes_at,
               bk.user_id IS NOT NULL AS seated,
               (${firstSessionEnded(at)}) AS opens_at
          FROM batches b JOIN mentors m ON m.id = b.mentor_id
          LEFT JOIN LATERAL (SELECT x.batch_id, x.user_id FROM bookings x
                              WHERE x.batch_id = b.id AND x.user_id = ${userId} AND x.status IN ('confirmed', 'completed') LIMIT 1) bk ON true
         WHERE b.id = ${batchId}`,
  )
  if (!row) throw new AppError('NOT_FOUND', 404, 'That batch does not exist.')
  if (!row.seated) throw new AppError('NOT_IN_BATCH', 403, 'Only students with a seat in this batch can rate its mentor.')
  const closesAt = new Date(row.closes_at)
  if (closesAt.getTime() <= Date.parse(at)) {
    throw new AppError(
      'RATING_CLOSED',
      409,
      `Ratings for this batch closed when it ended on ${formatDate(new Date(closesAt.getTime() - DAY_MS))}.`,
    )
  }
  if (!row.opens_at)
    throw new AppError('RATING_TOO_EARLY', 409, 'You can rate your mentor once your first session in this batch has ended.')
  return {
    mentorId: Number(row.mentor_id),
    mentorName: row.mentor,
    batchLabel: row.label,
    opensAt: new Date(row.opens_at).toISOString(),
    closesAt: closesAt.toISOString(),
  }
}

const high = (stars: number) => (stars >= 4 ? 1 : 0)

/** Adds a rating's stars to its mentor's totals (or the difference of an edit), in the caller's transaction. */
async function addToTotals(req: PayloadRequest, mentorId: number, d: { count: number; sum: number; high: number }): Promise<void> {
  await txQuery(
    req,
    sql`INSERT INTO mentor_rating_totals (mentor_id, rating_count, rating_sum, rating_high)
        VALUES (${mentorId}, ${d.count}, ${d.sum}, ${d.high})
        ON CONFLICT (mentor_id) DO UPDATE
          SET rating_count = mentor_rating_totals.rating_count + EXCLUDED.rating_count,
              rating_sum = mentor_rating_totals.rating_sum + EXCLUDED.rating_sum,
              rating_high = mentor_rating_totals.rating_high + EXCLUDED.rating_high`,
  )
}

export type SavedRating = { id: number; batchId: number; stars: number; comment: string; showComment: boolean; collegeYear: string | null }

/** A student's first rating of a batch's mentor; a second one is refused (409): editing is `updateRating`. */
export async function createRating(req: PayloadRequest, userId: number, batchId: number, input: RatingInput): Promise<SavedRating> {
  return inTransaction(req, async () => {
    const w = await ratingWindow(req, userId, batchId)
    const at = nowIso()
    const [row] = await txQuery<{ id: number }>(
      req,
      sql`INSERT INTO ratings (user_id, batch_id, mentor_id, stars, comment, show_comment, college_year, hidden, created_at, updated_at)
          VALUES (${userId}, ${batchId}, ${w.mentorId}, ${input.stars}, ${input.comment || null}, ${input.showComment},
                  ${input.collegeYear}, false, ${at}::timestamptz, ${at}::timestamptz)
          ON CONFLICT (user_id, batch_id) DO NOTHING
          RETURNING id`,
    )
    if (!row) throw new AppError('ALREADY_RATED', 409, 'You have already rated this batch’s mentor. You can change your rating instead.')
    await addToTotals(req, w.mentorId, { count: 1, sum: input.stars, high: high(input.stars) })
    return { id: Number(row.id), batchId, ...input }
  })
}

/** The student changes their own rating, until the batch ends. Someone else's rating is "not found". */
export async function updateRating(req: PayloadRequest, userId: number, ratingId: number, input: RatingInput): Promise<SavedRating> {
  return inTransaction(req, async () => {
    const [old] = await txQuery<{ batch_id: number; stars: number }>(
      req,
      sql`SELECT batch_id, stars FROM ratings WHERE id = ${ratingId} AND user_id = ${userId} FOR UPDATE`,
    )
    if (!old) throw new AppError('NOT_FOUND', 404, 'That rating does not exist.')
    const batchId = Number(old.batch_id)
    const w = await ratingWindow(req, userId, batchId)
    const before = Number(old.stars)
    await txQuery(
      req,
      sql`UPDATE ratings SET stars = ${input.stars}, comment = ${input.comment || null}, show_comment = ${input.showComment},
                 college_year = ${input.collegeYear}, updated_at = ${nowIso()}::timestamptz
           WHERE id = ${ratingId}`,
    )
    await addToTotals(req, w.mentorId, { count: 0, sum: input.stars - before, high: high(input.stars) - high(before) })
    return { id: ratingId, batchId, ...input }
  })
}

/** The dashboard's rating cards: each batch the student may rate now, with their rating when given. */
export async function myRatingCards(req: PayloadRequest, userId: number): Promise<RatingCard[]> {
  const at = nowIso()
  const rows = await txQuery<{
    batch_id: number
    label: string
    mentor: string
    closes_at: string | Date
    id: number | null
    stars: number | null
    comment: string | null
    show_comment: boolean | null
    college_year: string | null
  }>(
    req,
    sql`SELECT bk.batch_id, b.label, m.name AS mentor, ${batchEnd} AS closes_at,
               r.id, r.stars, r.comment, r.show_comment, r.college_year
          FROM bookings bk JOIN batches b ON b.id = bk.batch_id JOIN mentors m ON m.id = b.mentor_id
          LEFT JOIN ratings r ON r.batch_id = bk.batch_id AND r.user_id = bk.user_id
         WHERE bk.user_id = ${userId} AND bk.status IN ('confirmed', 'completed')
           AND ${batchEnd} > ${at}::timestamptz
           AND (${firstSessionEnded(at)}) IS NOT NULL
         ORDER BY b.starts_on DESC, bk.batch_id`,
  )
  return rows.map((r) => ({
    batchId: Number(r.batch_id),
    batchLabel: r.label,
    mentorName: r.mentor,
    openUntil: new Date(new Date(r.closes_at).getTime() - 1).toISOString(),
    rating:
      r.id === null
        ? null
        : {
            id: Number(r.id),
            stars: Number(r.stars),
            comment: r.comment ?? '',
            showComment: r.show_comment === true,
            collegeYear: r.college_year,
          },
  }))
}

/** A mentor's public rating (null below the card threshold) and the recent comments their authors agreed to show. */
export async function mentorRatingOf(
  req: PayloadRequest,
  mentorId: number,
): Promise<{ rating: MentorRating; comments: PublicRatingComment[] }> {
  const [totals] = await txQuery<{ rating_count: number; rating_sum: number }>(
    req,
    sql`SELECT t.rating_count, t.rating_sum FROM mentor_rating_totals t JOIN mentors m ON m.id = t.mentor_id
         WHERE t.mentor_id = ${mentorId} AND m._status = 'published'`,
  )
  const rating = publicRating(Number(totals?.rating_count ?? 0), Number(totals?.rating_sum ?? 0))
  if (!rating) return { rating, comments: [] }
  const rows = await txQuery<{
    stars: number
    comment: string
    name: string | null
    college_year: string | null
    updated_at: string | Date
  }>(
    req,
    sql`SELECT r.stars, r.comment, u.name, r.college_year, r.updated_at FROM ratings r JOIN users u ON u.id = r.user_id
         WHERE r.mentor_id = ${mentorId} AND r.show_comment AND NOT r.hidden AND r.comment IS NOT NULL AND btrim(r.comment) <> ''
         ORDER BY r.updated_at DESC, r.id DESC LIMIT 5`,
  )
  return {
    rating,
    comments: rows.map((r) => ({
      stars: Number(r.stars),
      comment: r.comment,
      firstName: firstNameOf(r.name),
      collegeYear: r.college_year,
      at: new Date(r.updated_at).toISOString(),
    })),
  }
}

/** The first word of a name, or "A student": never a surname, never an e-mail. */
export function firstNameOf(name: string | null): string {
  const first = (name ?? '').trim().split(/\s+/)[0] ?? ''
  return first && !first.includes('@') ? first.slice(0, 40) : 'A student'
}

/** The site-wide figures of the hero: real once there are RATINGS_FOR_HERO ratings. */
export async function siteRatingFigures(req: PayloadRequest): Promise<SiteRatingFigures> {
  const [row] = await txQuery<{ n: number | null; total: number | null; high: number | null }>(
    req,
    sql`SELECT sum(rating_count)::int AS n, sum(rating_sum)::int AS total, sum(rating_high)::int AS high FROM mentor_rating_totals`,
  )
  const count = Number(row?.n ?? 0)
  if (count === 0) return { count, average: null, satisfaction: null, live: false }
  return {
    count,
    average: Math.round((Number(row?.total) / count) * 10) / 10,
    satisfaction: Math.round((Number(row?.high) / count) * 100),
    live: count >= RATINGS_FOR_HERO,
  }
}

/** The template and key of the "rate your mentor" e-mail: one per student and batch. */
export const RATING_ASK_TEMPLATE = 'rate-your-mentor'
const askKey = (batchId: number, userId: number) => `rate-your-mentor:${batchId}:${userId}`

/**
 * Asks each seated student once per batch, after the batch's first session ended and while the
 * batch runs, to rate the mentor (part of the minute's tick). Each ask is claimed in the
 * `rating_asks` ledger (primary key batch and student) in the transaction that queues its e-mail
 * (the outbox's key is unique too): two workers or a retried tick ask once.
 */
export async function sendRatingAsks(given: PayloadRequest): Promise<number> {
  const req = await newRequest(given.payload)
  return inTransaction(req, async () => {
    const at = nowIso()
    const won = await txQuery<{ batch_id: number; user_id: number; email: string; name: string | null; mentor: string; label: string }>(
      req,
      sql`WITH due AS (
            SELECT bk.batch_id, bk.user_id FROM bookings bk JOIN batches b ON b.id = bk.batch_id
             WHERE bk.status = 'confirmed' AND b.starts_on <= ${at}::timestamptz AND ${batchEnd} > ${at}::timestamptz
               AND (${firstSessionEnded(at)}) IS NOT NULL
               AND NOT EXISTS (SELECT 1 FROM ratings r WHERE r.batch_id = bk.batch_id AND r.user_id = bk.user_id)
               AND NOT EXISTS (SELECT 1 FROM rating_asks ra WHERE ra.batch_id = bk.batch_id AND ra.user_id = bk.user_id)
             ORDER BY bk.batch_id, bk.user_id
             LIMIT 1000),
          won AS (
            INSERT INTO rating_asks (batch_id, user_id, asked_at) SELECT batch_id, user_id, ${at}::timestamptz FROM due
            ON CONFLICT (batch_id, user_id) DO NOTHING
            RETURNING batch_id, user_id)
          SELECT won.batch_id, won.user_id, u.email, u.name, m.name AS mentor, b.label
            FROM won JOIN users u ON u.id = won.user_id JOIN batches b ON b.id = won.batch_id JOIN mentors m ON m.id = b.mentor_id
           ORDER BY won.batch_id, won.user_id`,
    )
    await queueOutbox(
      req,
      won.map((w) => ({
        to: w.email,
        template: RATING_ASK_TEMPLATE,
        priority: 'normal' as const,
        key: askKey(Number(w.batch_id), Number(w.user_id)),
        ...renderEmail({
          subject: `How is your mentorship with ${w.mentor} going?`,
          greeting: `Hi ${w.name?.trim() || 'there'},`,
          paragraphs: [
            `Your first session of the ${w.label} batch with ${w.mentor} is done. Rate your mentor from 1 to 5 stars, with a comment if you like.`,
            'Your rating helps other students choose. You can change it until the batch ends; your name and e-mail are never shown to other students.',
          ],
          action: { label: 'Rate your mentor', url: `${env.WEB_PUBLIC_URL}/myDashboard#rate-mentor` },
        }),
      })),
    )
    return won.length
  })
}
