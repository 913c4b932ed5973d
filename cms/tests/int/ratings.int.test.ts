import { DAY_MS, HOUR_MS, RATINGS_FOR_HERO } from '@mentorloop/shared'
import type { Batch, Mentor, Session } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { Payload } from 'payload'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runTimeWork } from '../../jobs/time'
import { newRequest, txQuery } from '../../lib/transaction'
import { createBooking } from '../../services/booking'
import { listAllMentorCards, listMentorDirectory, listMentorHighlights } from '../../services/mentors/mentorCards'
import { createRating, RATING_ASK_TEMPLATE, sendRatingAsks, siteRatingFigures } from '../../services/ratings/ratings'
import { type RestClient, reqAs, resetClock, setNow, setUpWorld, studentWithPlan, tokenOf } from '../fixtures'
import { createMentor, createUser, givePlan, mapLimit, openBatchOf, type TestUser } from '../helpers/scenarios'

// Site-wide figures and the tick's sweep count every rating and batch: a database of its own.
await vi.hoisted(async () => (await import('../helpers/ownDatabase')).useOwnDatabase())

let payload: Payload
let api: RestClient

beforeAll(async () => ({ payload, rest: api } = await setUpWorld()))

afterEach(resetClock)

const setClock = (at: number) => {
  setNow(at)
}

/** A mentor with `n` students seated in the open batch, and one session of it (60 minutes, two days in). */
async function batchWithSession(n: number, opts: { names?: string[] } = {}) {
  const mentor = await createMentor(payload, { capacity: Math.max(n, 1) + 2 })
  const students = await mapLimit(Array.from({ length: n }), 4, async (_x, i) => {
    const s = await createUser(payload, { name: opts.names?.[i] ?? `Student ${i}` })
    await givePlan(payload, s)
    const booked = await createBooking(await reqAs(), { userId: s.id, mentorId: mentor.id })
    expect(booked.kind).toBe('booked')
    return s
  })
  const batch = await openBatchOf(payload, mentor)
  const session = await addSession(batch, 2)
  return { mentor, batch, students, session, endsAt: Date.parse(session.startsAt) + 60 * 60_000 }
}

async function addSession(batch: Batch, day: number): Promise<Session> {
  const startsAt = new Date(Date.parse(batch.startsOn) + day * DAY_MS + 4.5 * HOUR_MS).toISOString()
  return (await payload.create({
    collection: 'sessions',
    data: { title: `Day ${day}`, batch: batch.id, startsAt, durationMinutes: 60 },
    overrideAccess: true,
  })) as Session
}

const ratingsOf = async (batchId: number) =>
  (await payload.find({ collection: 'ratings', where: { batch: { equals: batchId } }, overrideAccess: true, depth: 0, limit: 100 })).docs

const totalsOf = async (mentorId: number) =>
  (
    await txQuery<{ rating_count: number; rating_sum: number; rating_high: number }>(
      await newRequest(payload),
      sql`SELECT rating_count, rating_sum, rating_high FROM mentor_rating_totals WHERE mentor_id = ${mentorId}`,
    )
  )[0] ?? null

const batchEnd = (batch: Batch) => Date.parse(batch.endsOn) + DAY_MS

describe('ratings: who, when, once, range', () => {
  it('only a seated student, after the batch’s first session ended (whatever the marks), once, 1–5 stars, ≤ 500 characters, until the batch ends', async () => {
    const { mentor, batch, students, session, endsAt } = await batchWithSession(4)
    const [a, b, c, d] = students as [TestUser, TestUser, TestUser, TestUser]
    const outsider = await studentWithPlan()
    const rate = async (who: TestUser, body: Record<string, unknown>) =>
      api.post('/ratings/mine', { token: await tokenOf(who), body: { batchId: batch.id, ...body } })

    // During the session: too early for everyone, nothing written.
    setClock(endsAt - 30 * 60_000)
    const early = await rate(a, { stars: 5 })
    expect([early.status, early.body.code]).toEqual([409, 'RATING_TOO_EARLY'])
    expect(early.body.message).toMatch(/first session/)
    // The mentor marks b absent (from the session's start); a is not marked at all.
    const mentorUser = await createUser(payload, { roles: ['admin'] })
    expect(
      (await api.post('/attendance', { token: await tokenOf(mentorUser), body: { sessionId: session.id, userId: b.id, status: 'absent' } }))
        .status,
    ).toBe(200)

    setClock(endsAt + 60_000)
    // Not in the batch: 403.
    const stranger = await rate(outsider, { stars: 5 })
    expect([stranger.status, stranger.body.code]).toEqual([403, 'NOT_IN_BATCH'])
    // Marked absent by the mentor: b may rate all the same (issue 37: a mentor cannot decide who rates them).
    expect((await api.get('/ratings/mine', { token: await tokenOf(b) })).body.cards).toEqual([
      expect.objectContaining({ batchId: batch.id, rating: null }),
    ])
    // Out of range, not whole, a comment too long, unknown fields, no sign-in: 4xx with a message.
    for (const bad of [{ stars: 0 }, { stars: 6 }, { stars: 4.5 }, { stars: '5' }, {}]) {
      const r = await rate(a, bad)
      expect(r.status, JSON.stringify(bad)).toBe(400)
      expect(r.body.message).toBe('Choose 1 to 5 stars.')
    }
    const long = await rate(a, { stars: 4, comment: 'x'.repeat(501) })
    expect([long.status, long.body.message]).toEqual([400, 'A comment is at most 500 characters.'])
    expect((await rate(a, { stars: 4, mentorId: 1 })).status).toBe(400)
    expect((await rate(a, { stars: 4, collegeYear: 'Year 9' })).status).toBe(400)
    expect((await api.post('/ratings/mine', { body: { batchId: batch.id, stars: 4 } })).status).toBe(401)
    expect((await rate(a, { batchId: 999_999_999, stars: 4 })).status).toBe(404)
    expect(await ratingsOf(batch.id)).toHaveLength(0)
    expect(await totalsOf(mentor.id)).toBeNull()

    // a rates (an unmarked session counts as attended); exactly 500 characters is fine.
    const made = await rate(a, { stars: 4, comment: 'y'.repeat(500), showComment: true, collegeYear: '3rd year' })
    expect(made.status).toBe(201)
    const ratingId = made.body.rating.id as number
    // Once: a second create is 409 and changes nothing; editing is an explicit PATCH.
    const twice = await rate(a, { stars: 1 })
    expect([twice.status, twice.body.code]).toEqual([409, 'ALREADY_RATED'])
    expect(await totalsOf(mentor.id)).toEqual({ rating_count: 1, rating_sum: 4, rating_high: 1 })
    const edited = await api.patch(`/ratings/mine/${ratingId}`, { token: await tokenOf(a), body: { stars: 2, comment: 'Changed my mind' } })
    expect(edited.status).toBe(200)
    expect(await totalsOf(mentor.id)).toEqual({ rating_count: 1, rating_sum: 2, rating_high: 0 })
    // Someone else's rating is not found for them; a bad edit writes nothing.
    expect((await api.patch(`/ratings/mine/${ratingId}`, { token: await tokenOf(c), body: { stars: 5 } })).status).toBe(404)
    expect((await api.patch(`/ratings/mine/${ratingId}`, { token: await tokenOf(a), body: { stars: 9 } })).status).toBe(400)
    const [stored] = await ratingsOf(batch.id)
    expect(stored).toMatchObject({ stars: 2, comment: 'Changed my mind', showComment: false })

    // The dashboard's card: c and b may rate (nothing yet), a sees their rating to edit, the outsider none.
    const cardsOf = async (u: TestUser) => (await api.get('/ratings/mine', { token: await tokenOf(u) })).body.cards
    expect(await cardsOf(c)).toEqual([expect.objectContaining({ batchId: batch.id, rating: null })])
    expect((await cardsOf(a))[0].rating).toMatchObject({ id: ratingId, stars: 2, comment: 'Changed my mind' })
    expect(await cardsOf(b)).toEqual([expect.objectContaining({ batchId: batch.id, rating: null })])
    expect(await cardsOf(outsider)).toEqual([])

    // After a second session, b rates.
    const second = await addSession(batch, 3)
    setClock(Date.parse(second.startsAt) + 61 * 60_000)
    expect((await rate(b, { stars: 5 })).status).toBe(201)

    // After the batch ended: neither a new rating nor an edit.
    setClock(batchEnd(batch) + 60_000)
    const late = await rate(d, { stars: 5 })
    expect([late.status, late.body.code]).toEqual([409, 'RATING_CLOSED'])
    expect(late.body.message).toMatch(/closed when it ended/)
    expect((await api.patch(`/ratings/mine/${ratingId}`, { token: await tokenOf(a), body: { stars: 5 } })).body.code).toBe('RATING_CLOSED')
    expect(await ratingsOf(batch.id)).toHaveLength(2)
    expect(await totalsOf(mentor.id)).toEqual({ rating_count: 2, rating_sum: 7, rating_high: 1 })
  })

  it('two creates at once: one rating, the other 409', async () => {
    const { batch, students, endsAt, mentor } = await batchWithSession(1)
    setClock(endsAt + 60_000)
    const token = await tokenOf(students[0]!)
    const both = await Promise.all([3, 5].map((stars) => api.post('/ratings/mine', { token, body: { batchId: batch.id, stars } })))
    expect(both.map((r) => r.status).sort()).toEqual([201, 409])
    expect(await ratingsOf(batch.id)).toHaveLength(1)
    expect((await totalsOf(mentor.id))?.rating_count).toBe(1)
  })
})

describe('ratings: privacy and staff', () => {
  it('profiles show agreed comments with a first name and college year only; staff hide a comment with a reason and never change a rating', async () => {
    const { mentor, batch, students, endsAt } = await batchWithSession(4, {
      names: ['Asha Verma', 'Ravi Kumar', 'Meera Nair', 'Kabir Shah'],
    })
    setClock(endsAt + 60_000)
    const say = [
      { stars: 5, comment: 'Clear and kind.', showComment: true, collegeYear: '2nd year' },
      { stars: 4, comment: 'Not to be shown.', showComment: false },
      { stars: 3, comment: 'Good pace.', showComment: true },
    ]
    const ids: number[] = []
    for (const [i, body] of say.entries()) {
      const r = await api.post('/ratings/mine', { token: await tokenOf(students[i]!), body: { batchId: batch.id, ...body } })
      expect(r.status).toBe(201)
      ids.push(r.body.rating.id)
    }
    const pub = await api.get(`/ratings/mentor/${mentor.id}`)
    expect(pub.status).toBe(200)
    expect(pub.body.rating).toEqual({ average: 4, count: 3 })
    expect(pub.body.comments.map((c: { comment: string }) => c.comment).sort()).toEqual(['Clear and kind.', 'Good pace.'])
    const text = JSON.stringify(pub.body)
    for (const s of students) {
      expect(text).not.toContain(s.email)
      expect(text).not.toContain(s.name!.split(' ')[1])
    }
    expect(pub.body.comments.find((c: { comment: string }) => c.comment === 'Clear and kind.')).toMatchObject({
      firstName: 'Asha',
      collegeYear: '2nd year',
    })

    // The collection: nobody but admins reads it, nobody creates or deletes over REST.
    const student = students[3]!
    expect((await api.get('/ratings', { token: await tokenOf(student) })).status).toBe(403)
    expect((await api.get(`/ratings/${ids[0]}`, { token: await tokenOf(student) })).status).toBe(403)
    expect((await api.get('/ratings')).status).toBe(403)
    const admin = await createUser(payload, { roles: ['admin'] })
    const at = await tokenOf(admin)
    expect((await api.post('/ratings', { token: at, body: { user: admin.id, batch: batch.id, mentor: mentor.id, stars: 5 } })).status).toBe(
      403,
    )
    expect((await api.delete(`/ratings/${ids[0]}`, { token: at })).status).toBe(403)
    // Stars, author, batch: read-only for admins too (over REST and through the Local API).
    for (const patch of [{ stars: 1 }, { user: admin.id }, { comment: 'Edited by staff' }]) {
      await api.patch(`/ratings/${ids[0]}`, { token: at, body: patch })
    }
    await expect(payload.update({ collection: 'ratings', id: ids[0]!, data: { stars: 1 }, overrideAccess: true })).rejects.toThrow(
      /cannot be changed/,
    )
    expect(await payload.findByID({ collection: 'ratings', id: ids[0]!, overrideAccess: true, depth: 0 })).toMatchObject({
      stars: 5,
      comment: 'Clear and kind.',
      user: students[0]!.id,
    })
    await expect(
      payload.create({
        collection: 'ratings',
        data: { user: admin.id, batch: batch.id, mentor: mentor.id, stars: 5 },
        overrideAccess: true,
      }),
    ).rejects.toThrow(/written by students/)
    // Hiding needs a reason; then the comment leaves the profile and the stars still count.
    const noReason = await api.patch(`/ratings/${ids[0]}`, { token: at, body: { hidden: true } })
    expect(noReason.status).toBe(400)
    const hid = await api.patch(`/ratings/${ids[0]}`, { token: at, body: { hidden: true, hiddenReason: 'Names another student' } })
    expect(hid.status).toBe(200)
    expect(hid.body.doc).toMatchObject({ hidden: true, hiddenReason: 'Names another student', hiddenBy: expect.anything() })
    const after = (await api.get(`/ratings/mentor/${mentor.id}`)).body
    expect(after.comments.map((c: { comment: string }) => c.comment)).toEqual(['Good pace.'])
    expect(after.rating).toEqual({ average: 4, count: 3 })
    expect(await totalsOf(mentor.id)).toEqual({ rating_count: 3, rating_sum: 12, rating_high: 2 })
  })
})

describe('ratings: aggregates and thresholds', () => {
  const cardOf = async (mentor: Mentor) => {
    const req = await newRequest(payload)
    const [all, page, highlights] = await Promise.all([
      listAllMentorCards(req),
      listMentorDirectory(req, { company: '', skill: '', q: mentor.name, page: 1, limit: 12 }),
      listMentorHighlights(req, { limit: 1, include: mentor.id }),
    ])
    const cards = [
      all.find((m) => m.id === mentor.id),
      page.docs.find((m) => m.id === mentor.id),
      highlights.docs.find((m) => m.id === mentor.id) ?? highlights.included,
    ]
    // The landing, the directory and the profile agree.
    expect(cards[1]?.rating).toEqual(cards[0]?.rating)
    expect(cards[2]?.rating).toEqual(cards[0]?.rating)
    return cards[0]!.rating
  }

  /** Every rating so far (this file's database is its own, but earlier tests here rated too). */
  const siteTotals = async () =>
    (
      await txQuery<{ n: number; total: number; high: number }>(
        await newRequest(payload),
        sql`SELECT COALESCE(sum(stars), 0)::int AS total, count(*)::int AS n, count(*) FILTER (WHERE stars >= 4)::int AS high FROM ratings`,
      )
    )[0]!

  it('cards show the average from 3 ratings ("New mentor" before); the hero uses real figures from 20', async () => {
    const base = await siteTotals()
    expect(base.n).toBeLessThan(RATINGS_FOR_HERO - 3)
    // Enough students that the last one's rating is the site's 20th.
    const n = RATINGS_FOR_HERO - base.n
    const { mentor, batch, students, endsAt } = await batchWithSession(n)
    setClock(endsAt + 60_000)
    // Stars 5, 4, 3, 5, 4, 3, …: 2 of 3 are 4 or 5.
    const starsOf = (i: number) => 5 - (i % 3)
    const admin = await createUser(payload, { roles: ['admin'] })
    const adminSays = async () =>
      (await api.get('/globals/site-settings', { token: await tokenOf(admin) })).body.hero.ratingFigures as string
    for (const [i, s] of students.entries()) {
      // Below 20 ratings the admin reads that the site leaves the rating stats out (decision 182).
      if (i === 0)
        expect(await adminSays()).toMatch(
          /Until there are 20 ratings the site leaves the stats .* out; it never shows the values typed below for them\.$/,
        )
      if (i === 2) expect(await cardOf(mentor)).toBeNull()
      await createRating(await newRequest(payload), s.id, batch.id, {
        stars: starsOf(i),
        comment: '',
        showComment: false,
        collegeYear: null,
      })
      if (i === 2) expect(await cardOf(mentor)).toEqual({ average: 4, count: 3 })
      const figures = await siteRatingFigures(await newRequest(payload))
      expect(figures.count).toBe(base.n + i + 1)
      expect(figures.live, `${figures.count} ratings`).toBe(figures.count >= RATINGS_FOR_HERO)
    }
    const sum = students.reduce((t, _s, i) => t + starsOf(i), 0)
    expect(await cardOf(mentor)).toEqual({ average: Math.round((sum / n) * 10) / 10, count: n })
    // Site-wide: every rating counts once, whichever mentor; the totals the cards read agree with the ratings.
    const all = await siteTotals()
    expect(all.n).toBe(RATINGS_FOR_HERO)
    expect(await siteRatingFigures(await newRequest(payload))).toEqual({
      count: RATINGS_FOR_HERO,
      average: Math.round((all.total / all.n) * 10) / 10,
      satisfaction: Math.round((all.high / all.n) * 100),
      live: true,
    })
    // The admin's site settings say which figures the site uses.
    expect(await adminSays()).toMatch(new RegExp(`^${RATINGS_FOR_HERO} ratings: average .*The site shows these real figures`))
    // The public endpoint the hero reads.
    expect((await api.get('/ratings/site')).body).toMatchObject({ count: RATINGS_FOR_HERO, live: true })
  })
})

describe('ratings: the "rate your mentor" e-mail', () => {
  const asks = async (email: string) =>
    (
      await payload.find({
        collection: 'email-outbox',
        where: { to: { equals: email }, template: { equals: RATING_ASK_TEMPLATE } },
        overrideAccess: true,
        limit: 10,
      })
    ).docs

  it('once per student and batch after its first session ended (absent or not), with two runners and a retried tick', async () => {
    const { batch, students, session, endsAt } = await batchWithSession(3)
    const [a, b, c] = students as [TestUser, TestUser, TestUser]
    // Before the session ended: nobody asked.
    setClock(endsAt - 60_000)
    const admin = await createUser(payload, { roles: ['admin'] })
    await api.post('/attendance', { token: await tokenOf(admin), body: { sessionId: session.id, userId: b.id, status: 'absent' } })
    expect(await sendRatingAsks(await newRequest(payload))).toBe(0)

    setClock(endsAt + 60_000)
    // c rated already (right away, from the dashboard): no e-mail for c.
    await createRating(await newRequest(payload), c.id, batch.id, { stars: 5, comment: '', showComment: false, collegeYear: null })
    // Two runners at once, then the tick again (a retried job): a and b (marked absent) asked once, c not.
    // (Earlier tests' students are due too: the sweep is site-wide.)
    await Promise.all([sendRatingAsks(await newRequest(payload)), sendRatingAsks(await newRequest(payload))])
    const ticks = await Promise.all([
      runTimeWork(await newRequest(payload), { wait: true }),
      runTimeWork(await newRequest(payload), { wait: true }),
    ])
    expect(ticks.map((t) => t?.ratingAsks)).toEqual([0, 0])
    const mail = await asks(a.email)
    expect(mail).toHaveLength(1)
    expect(mail[0]).toMatchObject({ subject: expect.stringContaining('How is your mentorship') })
    expect(mail[0]!.text).toContain('/myDashboard#rate-mentor')
    expect(await asks(b.email)).toHaveLength(1)
    expect(await asks(c.email)).toHaveLength(0)

    // After the next session: nobody asked twice.
    const second = await addSession(batch, 3)
    setClock(Date.parse(second.startsAt) + 61 * 60_000)
    await sendRatingAsks(await newRequest(payload))
    expect(await sendRatingAsks(await newRequest(payload))).toBe(0)
    expect(await asks(b.email)).toHaveLength(1)
    expect(await asks(a.email)).toHaveLength(1)
    // Site-wide: never two asks for one student and batch (the ledger and the outbox key agree).
    const [dupes] = await txQuery<{ n: number }>(
      await newRequest(payload),
      sql`SELECT count(*)::int AS n FROM (SELECT dedupe_key FROM email_outbox WHERE template = ${RATING_ASK_TEMPLATE}
            GROUP BY dedupe_key HAVING count(*) > 1) d`,
    )
    expect(dupes!.n).toBe(0)
  })
})
