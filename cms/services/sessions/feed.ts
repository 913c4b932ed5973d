import { createHash, randomBytes } from 'node:crypto'
import { DAY_MS, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { buildCalendar } from '../../notifications/ics'
import { sessionFacts } from './people'

/**
 * A person's calendar (docs/decisions/106): the sessions of the batches they are seated in (and,
 * for a mentor, of their own batches), from 60 days back, cancelled ones marked CANCELLED with their
 * higher SEQUENCE so a subscribed calendar drops them. Served to the dashboard (signed in) and at a
 * private token URL that calendar apps poll without a cookie.
 */
const FEED_PAST_DAYS = 60

export async function calendarOf(req: PayloadRequest, userId: number, opts: { bookingId?: number | null } = {}): Promise<string> {
  const since = new Date(nowMs() - FEED_PAST_DAYS * DAY_MS).toISOString()
  const onlyBooking = opts.bookingId ? sql`AND bk.id = ${opts.bookingId}` : sql``
  const rows = await txQuery<{ id: number }>(
    req,
    sql`SELECT s.id FROM sessions s
         WHERE s.starts_at >= ${since}::timestamptz
           AND (s.batch_id IN (SELECT bk.batch_id FROM bookings bk
                                WHERE bk.user_id = ${userId} AND bk.status IN ('confirmed', 'completed') ${onlyBooking})
                ${opts.bookingId ? sql`` : sql`OR s.batch_id IN (SELECT b.id FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE m.user_id = ${userId})`})`,
  )
  const sessions = await sessionFacts(
    req,
    rows.map((r) => Number(r.id)),
  )
  return buildCalendar(sessions, { method: 'PUBLISH', at: new Date(nowMs()) })
}

/** A feed token: 32 URL-safe characters from 24 random bytes. */
export const newFeedToken = () => randomBytes(24).toString('base64url')

export const FEED_TOKEN = /^[A-Za-z0-9_-]{32}$/

/**
 * What the database keeps of a feed token (docs/decisions/174): its SHA-256, in hex. The token has
 * 192 random bits, so a plain hash is enough (no salt, no slow hash); the token itself is shown
 * once, when it is made, and a copy of the database holds nothing that opens a feed.
 */
export const feedTokenHash = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex')

/** The owner of a feed token, or a 404 (a forged, mistyped, replaced or revoked token: the same answer). */
export async function feedOwner(req: PayloadRequest, token: string): Promise<number> {
  const [row] = FEED_TOKEN.test(token)
    ? await txQuery<{ id: number }>(req, sql`SELECT id FROM users WHERE calendar_token_hash = ${feedTokenHash(token)}`)
    : []
  if (!row) throw new AppError('NOT_FOUND', 404, 'This calendar link does not exist or was replaced by a new one.')
  return Number(row.id)
}

/** A new token for the user's feed, returned this once: the old URL stops working at once. */
export async function renewFeedToken(req: PayloadRequest, userId: number): Promise<string> {
  const token = newFeedToken()
  await txQuery(
    req,
    sql`UPDATE users SET calendar_token_hash = ${feedTokenHash(token)}, calendar_token = NULL, updated_at = now() WHERE id = ${userId}`,
  )
  return token
}

/** The user's feed link stops working; none is made in its place. */
export async function revokeFeedToken(req: PayloadRequest, userId: number): Promise<void> {
  await txQuery(req, sql`UPDATE users SET calendar_token_hash = NULL, calendar_token = NULL, updated_at = now() WHERE id = ${userId}`)
}

/**
 * "Sign out everywhere": every session of the account ends (each site sign-in and each CMS token is
 * a row of users_sessions, which every request's lookup needs) and the calendar feed stops.
 */
export async function signOutEverywhere(req: PayloadRequest, userId: number): Promise<{ sessionsEnded: number }> {
  return inTransaction(req, async () => {
    const ended = await txQuery<{ id: string }>(req, sql`DELETE FROM users_sessions WHERE _parent_id = ${userId} RETURNING id`)
    await revokeFeedToken(req, userId)
    return { sessionsEnded: ended.length }
  })
}

/** `calendarFeed`: whether a feed link exists (the link itself was shown when it was made). */
export type Preferences = { remindersOff: boolean; calendarFeed: boolean }

export async function preferencesOf(req: PayloadRequest, userId: number): Promise<Preferences> {
  const [row] = await txQuery<{ reminders_off: boolean | null; has_feed: boolean }>(
    req,
    sql`SELECT reminders_off, calendar_token_hash IS NOT NULL AS has_feed FROM users WHERE id = ${userId}`,
  )
  return { remindersOff: row?.reminders_off === true, calendarFeed: row?.has_feed === true }
}

export async function setRemindersOff(req: PayloadRequest, userId: number, off: boolean): Promise<Preferences> {
  await txQuery(req, sql`UPDATE users SET reminders_off = ${off}, updated_at = now() WHERE id = ${userId}`)
  return preferencesOf(req, userId)
}
