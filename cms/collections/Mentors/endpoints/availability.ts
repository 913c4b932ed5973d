import type { Endpoint } from 'payload'
import { listMentorAvailability } from '../../../services/mentors/listMentorAvailability'

/**
 * GET /api/mentors/availability — every published mentor's public profile and seats, for the
 * landing page's mentor cards and booking select. Public on purpose: it returns only what an
 * anonymous visitor may see (no e-mails, no user links, no bookings). It takes no input.
 */
export const mentorAvailability: Endpoint = {
  path: '/availability',
  method: 'get',
  handler: async (req) => {
    const mentors = await listMentorAvailability(req)
    return Response.json(
      { docs: mentors, totalDocs: mentors.length },
      // Seats change with every booking: proxies may keep it only briefly.
      { headers: { 'Cache-Control': 'public, max-age=0, s-maxage=5, stale-while-revalidate=30' } },
    )
  },
}
