import { z } from 'zod'
import { endpoint, json, jsonText } from '../../../lib/endpoint'
import { allMentorCardsJson } from '../../../services/mentors/cardsCache'
import { getMentorProfile } from '../../../services/mentors/mentorCards'
import { positiveInt } from './cards'

/**
 * GET /api/mentors/availability — every published mentor's card and seat state (the booking form's
 * list, the sitemap); `?id=` — that one published mentor's profile (the card with bio and LinkedIn),
 * or no docs. Public on purpose: only what an anonymous visitor may see (no e-mails, no user links,
 * no bookings). The list carries no profile text, so its size stays a card's per mentor.
 */
export const mentorAvailability = endpoint({
  path: '/availability',
  method: 'get',
  auth: 'public',
  query: z
    .object({
      id: positiveInt('mentor id', 2_147_483_647).optional(),
    })
    .strict(),
  failure: 'We could not load the mentors right now.',
  handler: async ({ req, query }) => {
    if (query.id !== undefined) {
      const profile = await getMentorProfile(req, query.id)
      const docs = profile ? [profile] : []
      return json({ docs, totalDocs: docs.length }, { cache: 'public' })
    }
    // Kept per process and checked against the cards' version on each call (services/mentors/cardsCache.ts).
    return jsonText(await allMentorCardsJson(req), { cache: 'public' })
  },
})
