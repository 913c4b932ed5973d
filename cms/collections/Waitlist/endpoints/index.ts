import { idParamsSchema, MESSAGES, type WaitlistEntryView, waitlistRequestSchema } from '@mentorloop/shared'
import { requireMentorOrAdmin, requireSelfOrAdmin } from '../../../access/guards'
import { endpoint, json } from '../../../lib/endpoint'
import { perAccount } from '../../../services/auth/rateLimits'
import { queueTurns } from '../../../services/batches/queueTurns'
import { joinWaitlist, leaveWaitlist, listWaitlist } from '../../../services/booking'

/** POST /api/waitlist/add {userId?, mentorId} — join a mentor's waitlist, no plan needed. */
export const addToWaitlistEndpoint = endpoint({
  path: '/add',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeWaitlist'),
  body: waitlistRequestSchema,
  failure: MESSAGES.FAILED_ADD_WAITLIST,
  handler: async ({ req, user, body }) => {
    const userId = requireSelfOrAdmin(user, body.userId)
    const result = await joinWaitlist(req, { userId, mentorId: body.mentorId })
    return json(
      {
        message: result.assigned ? MESSAGES.BOOKING_CREATED : MESSAGES.ADDED_TO_WAITLIST,
        assigned: result.assigned,
        alreadyWaiting: result.alreadyWaiting,
        waitlistEntry: { id: result.entry.id, mentorId: body.mentorId, status: result.entry.status, position: result.position },
      },
      { status: result.alreadyWaiting ? 200 : 201 },
    )
  },
})

/** POST /api/waitlist/remove {userId?, mentorId} — leave it. */
export const removeFromWaitlistEndpoint = endpoint({
  path: '/remove',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeWaitlist'),
  body: waitlistRequestSchema,
  failure: MESSAGES.FAILED_REMOVE_WAITLIST,
  handler: async ({ req, user, body }) => {
    await leaveWaitlist(req, { userId: requireSelfOrAdmin(user, body.userId), mentorId: body.mentorId })
    return { message: MESSAGES.REMOVED_FROM_WAITLIST }
  },
})

const view = (e: Awaited<ReturnType<typeof listWaitlist>>[number]): WaitlistEntryView => ({
  id: e.id,
  mentorId: e.mentorId,
  mentorName: e.mentorName,
  status: e.status,
  joinedAt: e.joinedAt,
  position: e.position,
})

/** GET /api/waitlist/user/:id — the student's own waiting entries with their queue positions and when a seat can be offered. */
export const userWaitlistEndpoint = endpoint({
  path: '/user/:id',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_FETCH_WAITLIST,
  handler: async ({ req, user, params }) => {
    const userId = requireSelfOrAdmin(user, params.id)
    const entries = await listWaitlist(req, { userId })
    const turns = await queueTurns(
      req,
      userId,
      entries.map((e) => e.mentorId),
    )
    return { waitlistEntries: entries.map((e) => ({ ...view(e), turn: turns.get(e.mentorId) })) }
  },
})

/** GET /api/waitlist/mentor/:id — that mentor's queue, in order, with the students' names and e-mails (the mentor and admins only). */
export const mentorWaitlistEndpoint = endpoint({
  path: '/mentor/:id',
  method: 'get',
  auth: 'user',
  params: idParamsSchema,
  failure: MESSAGES.FAILED_FETCH_MENTOR_WAITLIST,
  handler: async ({ req, user, params }) => {
    const mentorId = params.id
    await requireMentorOrAdmin(req, user, mentorId)
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
    return {
      waitlistEntries: entries.map((e) => ({
        ...view(e),
        user: { id: e.userId, name: byId.get(e.userId)?.name ?? null, email: byId.get(e.userId)?.email ?? null },
      })),
    }
  },
})

export const waitlistEndpoints = [addToWaitlistEndpoint, removeFromWaitlistEndpoint, userWaitlistEndpoint, mentorWaitlistEndpoint]
