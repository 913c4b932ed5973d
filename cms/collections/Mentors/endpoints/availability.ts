import { endpoint, json } from '../../../lib/endpoint'
import { listMentorAvailability } from '../../../services/mentors/listMentorAvailability'

/**
 * GET /api/mentors/availability — every published mentor's public card and seat state, for the
 * landing page's cards, the booking select and the mentors list. Public on purpose: it returns
 * only what an anonymous visitor may see (no e-mails, no user links, no bookings).
 */
export const mentorAvailability = endpoint({
  path: '/availability',
  method: 'get',
  auth: 'public',
  failure: 'We could not load the mentors right now.',
  handler: async ({ req }) => {
    const mentors = await listMentorAvailability(req)
    return json({ docs: mentors, totalDocs: mentors.length }, { cache: 'public' })
  },
})
