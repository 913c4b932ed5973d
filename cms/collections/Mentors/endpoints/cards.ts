import { z } from 'zod'
import { endpoint, json } from '../../../lib/endpoint'
import { listMentorDirectory, listMentorHighlights } from '../../../services/mentors/mentorCards'

/** The most cards one call returns: a page's size never grows with the number of mentors. */
export const MAX_CARDS_PER_PAGE = 48

const filterText = (what: string) => z.string().trim().max(120, `The ${what} filter is at most 120 characters.`).default('')

export const positiveInt = (what: string, max: number) =>
  z.coerce
    .number({ error: `The ${what} must be a number.` })
    .int(`The ${what} must be a whole number.`)
    .min(1, `The ${what} must be at least 1.`)
    .max(max, `The ${what} must be at most ${max}.`)

/**
 * GET /api/mentors/directory?company=&skill=&q=&page=&limit= — one page of published mentor cards
 * (docs/decisions/081): filtered by company and skill (case-insensitive, exact), a fragment of the
 * name (`q`, case-insensitive), in display order, with the total and the filters' options (skills
 * narrowed by the chosen company). Public: only what a visitor may see.
 */
export const mentorDirectory = endpoint({
  path: '/directory',
  method: 'get',
  auth: 'public',
  query: z
    .object({
      company: filterText('company'),
      skill: filterText('skill'),
      q: filterText('name'),
      page: positiveInt('page', 10_000).default(1),
      limit: positiveInt('page size', MAX_CARDS_PER_PAGE).default(12),
    })
    .strict(),
  failure: 'We could not load the mentors right now.',
  handler: async ({ req, query }) => json(await listMentorDirectory(req, query), { cache: 'public' }),
})

/**
 * GET /api/mentors/highlights?limit=&include= — the landing page's bounded selection
 * (docs/decisions/080): featured mentors first, then those with open seats, at most `limit`;
 * `include` also returns that published mentor (the booking form's choice) when it is not among them.
 */
export const mentorHighlights = endpoint({
  path: '/highlights',
  method: 'get',
  auth: 'public',
  query: z
    .object({
      limit: positiveInt('number of mentors', 24).default(6),
      include: positiveInt('mentor id', 2_147_483_647).optional(),
    })
    .strict(),
  failure: 'We could not load the mentors right now.',
  handler: async ({ req, query }) => json(await listMentorHighlights(req, query), { cache: 'public' }),
})
