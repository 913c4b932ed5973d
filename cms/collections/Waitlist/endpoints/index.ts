import { idSchema, MESSAGES, type WaitlistEntryView, waitlistRequestSchema } from '@mentorloop/shared'
import type { Endpoint } from 'payload'
import { handle, json, parseOr400, readJson, requireSelfOrAdmin, requireUser } from '../../../lib/endpoint'
import { joinWaitlist, leaveWaitlist, listWaitlist } from '../../../services/booking'
import { requireMentorOrAdmin } from '../../Bookings/endpoints/listBookings'

/** POST /api/waitlist/add {userId?, mentorId} — join a mentor's waitlist, no plan needed. */
export const addToWaitlistEndpoint: Endpoint = {
  path: '/add',
  method: 'post',
  handler: handle(MESSAGES.FAILED_ADD_WAITLIST, async (req) => {
    const user = requireUser(req)
    const input = parseOr400(waitlistRequestSchema, await readJson(req))
    const userId = requireSelfOrAdmin(user, input.userId)
    const result = await joinWaitlist(req, { userId, mentorId: input.mentorId })
    return json(
      {
        message: result.assigned ? MESSAGES.BOOKING_CREATED : MESSAGES.ADDED_TO_WAITLIST,
        assigned: result.assigned,
        alreadyWaiting: result.alreadyWaiting,
        waitlistEntry: { id: result.entry.id, mentorId: input.mentorId, status: result.entry.status, position: result.position },
      },
      result.alreadyWaiting ? 200 : 201,
    )
  }),
}

/** POST /api/waitlist/remove {userId?, mentorId} — leave it. */
export const removeFromWaitlistEndpoint: Endpoint = {
  path: '/remove',
  method: 'post',
  handler: handle(MESSAGES.FAILED_REMOVE_WAITLIST, async (req) => {
    const user = requireUser(req)
    const input = parseOr400(waitlistRequestSchema, await readJson(req))
    const userId = requireSelfOrAdmin(user, input.userId)
    await leaveWaitlist(req, { userId, mentorId: input.mentorId })
    return json({ message: MESSAGES.REMOVED_FROM_WAITLIST })
  }),
}

const view = (e: Awaited<ReturnType<typeof listWaitlist>>[number]): WaitlistEntryView => ({
  id: e.id,
  mentorId: e.mentorId,
  mentorName: e.mentorName,
  status: e.status,
  joinedAt: e.joinedAt,
  position: e.position,
})

/** GET /api/waitlist/user/:id — the student's own waiting entries with their queue positions. */
export const userWaitlistEndpoint: Endpoint = {
  path: '/user/:id',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_WAITLIST, async (req) => {
    const user = requireUser(req)
    const userId = requireSelfOrAdmin(user, parseOr400(idSchema, req.routeParams?.id))
    const entries = await listWaitlist(req, { userId })
    return json({ waitlistEntries: entries.map(view) })
  }),
}

/** GET /api/waitlist/mentor/:id — that mentor's queue, in order, with the students' names and e-mails (the mentor and admins only). */
export const mentorWaitlistEndpoint: Endpoint = {
  path: '/mentor/:id',
  method: 'get',
  handler: handle(MESSAGES.FAILED_FETCH_MENTOR_WAITLIST, async (req) => {
    const mentorId = parseOr400(idSchema, req.routeParams?.id)
    await requireMentorOrAdmin(req, mentorId)
    const entries = await listWaitlist(req, { mentorId })
    const ids = [...new Set(entries.map((e) => e.userId))]
    const { docs: users } = ids.length
      ? await req.payload.find({
          collection: 'users',
          where: { id: { in: ids } },
          depth: 0,
          pagination: false,
          overrideAccess: true,
          req,
          select: { name: true, email: true },
        })
      : { docs: [] }
    const byId = new Map(users.map((u) => [u.id, u]))
    return json({
      waitlistEntries: entries.map((e) => ({
        ...view(e),
        user: { id: e.userId, name: byId.get(e.userId)?.name ?? null, email: byId.get(e.userId)?.email ?? null },
      })),
    })
  }),
}

export const waitlistEndpoints = [addToWaitlistEndpoint, removeFromWaitlistEndpoint, userWaitlistEndpoint, mentorWaitlistEndpoint]
