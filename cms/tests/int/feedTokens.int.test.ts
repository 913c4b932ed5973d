import { createHash } from 'node:crypto'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { hashPlainFeedTokens } from '../../migrations/20261129_020124_feed_token_hash'
import { type RestClient, setUpWorld, tokenOf } from '../fixtures'
import { createUser } from '../helpers/scenarios'

/**
 * Calendar feed tokens (docs/decisions/174): kept as a SHA-256 only, shown once, revocable; "sign
 * out everywhere" ends every session of the account and the feed.
 */
let payload: Payload
let api: RestClient
beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

type Db = { execute: (q: ReturnType<typeof sql>) => Promise<{ rows: Record<string, unknown>[] }> }
const db = () => (payload.db as unknown as { drizzle: Db }).drizzle
const stored = async (userId: number) =>
  (await db().execute(sql`SELECT calendar_token, calendar_token_hash FROM users WHERE id = ${userId}`)).rows[0] as {
    calendar_token: string | null
    calendar_token_hash: string | null
  }
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

describe('calendar feed tokens', () => {
  it('are stored as their SHA-256 only and shown once: the preferences say a link exists, never what it is', async () => {
    const student = await createUser(payload)
    const made = await api.post('/me/calendar-token', { token: student.token })
    expect(made.status).toBe(200)
    const token = made.body.calendarToken as string
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(await stored(student.id)).toEqual({ calendar_token: null, calendar_token_hash: sha256(token) })
    // Nothing the API answers afterwards holds the token or its hash.
    const prefs = await api.get('/me/preferences', { token: student.token })
    expect(prefs.body).toEqual({ remindersOff: false, calendarFeed: true })
    const me = await api.get('/users/me', { token: student.token })
    expect(JSON.stringify(me.body)).not.toContain(token)
    expect(JSON.stringify(me.body)).not.toContain(sha256(token))
    expect((await api.get(`/calendar/feed/${token}.ics`)).status).toBe(200)
    // The hash itself opens nothing (it is not a token).
    expect((await api.get(`/calendar/feed/${sha256(token).slice(0, 32)}.ics`)).status).toBe(404)
  })

  it('can be revoked: the link stops working and none is made in its place', async () => {
    const student = await createUser(payload)
    const token = (await api.post('/me/calendar-token', { token: student.token })).body.calendarToken as string
    const revoked = await api.post('/me/calendar-token/revoke', { token: student.token })
    expect(revoked.status).toBe(200)
    expect((await api.get(`/calendar/feed/${token}.ics`)).status).toBe(404)
    expect(await stored(student.id)).toEqual({ calendar_token: null, calendar_token_hash: null })
    expect((await api.get('/me/preferences', { token: student.token })).body).toEqual({ remindersOff: false, calendarFeed: false })
    expect((await api.post('/me/calendar-token/revoke', {})).status).toBe(401)
  })

  it('sign out everywhere ends every session of the account (site sign-ins and CMS tokens) and the feed, and no one else’s', async () => {
    const student = await createUser(payload)
    const secondDevice = await tokenOf(student)
    const other = await createUser(payload)
    const feed = (await api.post('/me/calendar-token', { token: student.token })).body.calendarToken as string
    const otherFeed = (await api.post('/me/calendar-token', { token: other.token })).body.calendarToken as string
    expect((await api.get('/users/me', { token: secondDevice })).body.user?.id).toBe(student.id)

    const out = await api.post('/me/sign-out-everywhere', { token: student.token })
    expect(out.status).toBe(200)
    expect(out.body.sessionsEnded).toBeGreaterThanOrEqual(2)
    for (const token of [student.token, secondDevice]) expect((await api.get('/users/me', { token })).body.user).toBeNull()
    expect((await api.get('/me/preferences', { token: secondDevice })).status).toBe(401)
    expect((await api.get(`/calendar/feed/${feed}.ics`)).status).toBe(404)
    // Another account is untouched.
    expect((await api.get('/users/me', { token: other.token })).body.user?.id).toBe(other.id)
    expect((await api.get(`/calendar/feed/${otherFeed}.ics`)).status).toBe(200)
  })

  it('the migration keeps the links people subscribed to and leaves no readable token behind', async () => {
    const student = await createUser(payload)
    const legacy = 'L'.repeat(32)
    // A token as the release before this one stored it, in plain text.
    await db().execute(sql`UPDATE users SET calendar_token = ${legacy}, calendar_token_hash = NULL WHERE id = ${student.id}`)
    // The migration's data step (its schema step ran when the test database was migrated).
    await db().execute(hashPlainFeedTokens)
    expect(await stored(student.id)).toEqual({ calendar_token: null, calendar_token_hash: sha256(legacy) })
    expect((await api.get(`/calendar/feed/${legacy}.ics`)).status).toBe(200)
  })
})
