import type { MentorDirectoryPage, MentorHighlights } from '@mentorloop/shared'
import type { Mentor } from '@mentorloop/shared/payload-types'
import type { Payload } from 'payload'
import { beforeAll, describe, expect, it } from 'vitest'
import { type RestClient, setUpWorld, studentWithPlan } from '../fixtures'
import { createMentor, openBatchOf } from '../helpers/scenarios'

/**
 * GET /api/mentors/directory and /api/mentors/highlights (docs/decisions/080, 081): filters,
 * order and paging in the database, the skills narrowed by company, the landing page's bounded
 * selection, and a 400 for a query that does not parse.
 */
let payload: Payload
let rest: RestClient
// A run of its own: other files' mentors never match these companies.
const tag = Math.random().toString(36).slice(2, 8)
const acme = `Acme ${tag}`
const globex = `Globex ${tag}`
const mentors: Mentor[] = []

async function mentor(name: string, company: string, skills: string, extra: Partial<Mentor> = {}) {
  const m = await createMentor(payload, { name, capacity: 2 })
  const updated = (await payload.update({
    collection: 'mentors',
    id: m.id,
    data: { company, skills, ...extra },
    overrideAccess: true,
  })) as Mentor
  mentors.push(updated)
  return updated
}

async function fill(m: Mentor) {
  const batch = await openBatchOf(payload, m)
  for (let i = 0; i < 2; i++) {
    const user = await studentWithPlan()
    await payload.create({
      collection: 'bookings',
      data: { user: user.id, mentor: m.id, batch: batch.id, status: 'confirmed', source: 'direct' },
      overrideAccess: true,
    })
  }
}

const dir = (query: Record<string, string | number>) =>
  rest.get<MentorDirectoryPage>(`/mentors/directory?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`)

beforeAll(async () => {
  ;({ payload, rest } = await setUpWorld())
  // Seven at Acme (display order 1..7), two at Globex; Kafka only at Globex.
  for (let i = 1; i <= 7; i++)
    await mentor(`Acme Person ${i} ${tag}`, acme, i % 2 ? 'DSA, System Design' : 'Java, dsa', { displayOrder: i })
  await mentor(`Priya Kafkaesque ${tag}`, globex, 'Kafka, Go', { displayOrder: 8 })
  await mentor(`Rahul 100%_Sure ${tag}`, ` ${globex.toLowerCase()} `, 'Kafka', { displayOrder: 9 })
  await createMentor(payload, { name: `Draft Person ${tag}`, published: false })
}, 120_000)

describe('GET /api/mentors/directory', () => {
  it('filters by company in the database, case-insensitive, and pages in display order', async () => {
    const first = await dir({ company: acme.toUpperCase(), limit: 3 })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ totalDocs: 7, page: 1, totalPages: 3, limit: 3 })
    expect(first.body.docs.map((d) => d.name)).toEqual([1, 2, 3].map((i) => `Acme Person ${i} ${tag}`))
    const last = await dir({ company: acme, limit: 3, page: 3 })
    expect(last.body.docs.map((d) => d.name)).toEqual([`Acme Person 7 ${tag}`])
    const past = await dir({ company: acme, limit: 3, page: 4 })
    expect(past.body).toMatchObject({ docs: [], totalDocs: 7, totalPages: 3 })
    // Only what a card shows: no bio, no LinkedIn, no e-mail.
    expect(Object.keys(first.body.docs[0]!)).not.toContain('bio')
    expect(JSON.stringify(first.body)).not.toMatch(/@/)
  })

  it('filters by skill from the one-line list (any case, any spacing) and by a name fragment', async () => {
    const dsa = await dir({ company: acme, skill: 'DSA', limit: 48 })
    expect(dsa.body.totalDocs).toBe(7)
    const java = await dir({ company: acme, skill: 'java' })
    expect(java.body.docs.map((d) => d.name)).toEqual([2, 4, 6].map((i) => `Acme Person ${i} ${tag}`))
    const kafka = await dir({ skill: 'Kafka', q: tag })
    expect(kafka.body.docs.map((d) => d.name)).toEqual([`Priya Kafkaesque ${tag}`, `Rahul 100%_Sure ${tag}`])
    const name = await dir({ q: `kafkaESQUE ${tag}` })
    expect(name.body.docs.map((d) => d.name)).toEqual([`Priya Kafkaesque ${tag}`])
    // `%` and `_` in the fragment are literal characters, not wildcards.
    expect((await dir({ q: `100%_sure ${tag}` })).body.totalDocs).toBe(1)
    expect((await dir({ q: `1_0% ${tag}` })).body.totalDocs).toBe(0)
    expect((await dir({ q: `Draft Person ${tag}` })).body.totalDocs).toBe(0)
  })

  it('offers only the skills of the chosen company, and every company', async () => {
    const atAcme = await dir({ company: acme })
    expect(atAcme.body.options.skills).toEqual(['DSA', 'Java', 'System Design'])
    expect(atAcme.body.options.companies).toEqual(expect.arrayContaining([acme, globex]))
    // One entry per company whatever its case and spacing.
    expect(atAcme.body.options.companies.filter((c) => c.toLowerCase() === globex.toLowerCase())).toHaveLength(1)
    const atGlobex = await dir({ company: globex })
    expect(atGlobex.body.options.skills).toEqual(['Go', 'Kafka'])
    // A skill the company has no mentor for matches nothing.
    expect((await dir({ company: acme, skill: 'Kafka' })).body).toMatchObject({ docs: [], totalDocs: 0 })
  })

  it('refuses a query that does not parse with a 400 and the reason', async () => {
    for (const [query, message] of [
      // The REST guard (lib/restGuard.ts) refuses a page or limit out of any range before the endpoint's schema.
      [{ page: 0 }, /page/],
      [{ page: 'two' }, /page/],
      [{ limit: 49 }, /page size must be at most 48/],
      [{ company: 'x'.repeat(121) }, /company filter is at most 120/],
      [{ sort: 'email' }, /./],
    ] as const) {
      const res = await dir(query)
      expect(res.status, JSON.stringify(query)).toBe(400)
      expect(JSON.stringify(res.body)).toMatch(message)
    }
  })
})

describe('GET /api/mentors/highlights', () => {
  it('returns at most `limit` cards: featured first, then open seats, then display order', async () => {
    // The Acme mentors come first in display order among this file's; others' mentors may exist, so
    // give ours the lowest display orders and fill the first two.
    for (const [i, m] of mentors.entries()) {
      await payload.update({ collection: 'mentors', id: m.id, data: { displayOrder: -100 + i }, overrideAccess: true })
    }
    await fill(mentors[0]!)
    await fill(mentors[1]!)
    await payload.update({ collection: 'mentors', id: mentors[8]!.id, data: { featured: true }, overrideAccess: true })
    const res = await rest.get<MentorHighlights>('/mentors/highlights?limit=3')
    expect(res.status).toBe(200)
    expect(res.body.docs).toHaveLength(3)
    const others = await payload.find({ collection: 'mentors', where: { featured: { equals: true } }, limit: 0, overrideAccess: true })
    const featuredIds = new Set(others.docs.map((d) => d.id))
    // Featured ones lead (ours among them); the full Acme 1 and 2 never come before an open Acme 3.
    const ids = res.body.docs.map((d) => d.id)
    const firstNotFeatured = ids.findIndex((id) => !featuredIds.has(id))
    expect(ids.slice(0, firstNotFeatured === -1 ? ids.length : firstNotFeatured).every((id) => featuredIds.has(id))).toBe(true)
    expect(ids).not.toContain(mentors[0]!.id)
    expect(ids).not.toContain(mentors[1]!.id)
    if (featuredIds.size === 1) expect(ids).toEqual([mentors[8]!.id, mentors[2]!.id, mentors[3]!.id])
    expect(res.body.included).toBeNull()
  })

  it('adds the asked-for mentor when it is not among them, never a draft', async () => {
    const res = await rest.get<MentorHighlights>(`/mentors/highlights?limit=1&include=${mentors[0]!.id}`)
    expect(res.body.docs).toHaveLength(1)
    expect(res.body.included).toMatchObject({ id: mentors[0]!.id, full: true, open: false })
    const draft = await createMentor(payload, { published: false })
    expect((await rest.get<MentorHighlights>(`/mentors/highlights?limit=1&include=${draft.id}`)).body.included).toBeNull()
    expect((await rest.get('/mentors/highlights?limit=100')).status).toBe(400)
  })
})
