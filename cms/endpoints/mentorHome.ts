import {
  cancelSessionSchema,
  formatDateTime,
  layoutSessionsSchema,
  markAttendanceSchema,
  moveSessionSchema,
  openBatchSchema,
  scheduleSessionSchema,
} from '@mentorloop/shared'
import { endpoint, json } from '../lib/endpoint'
import { perAccount } from '../services/auth/rateLimits'
import {
  cancelOwnSession,
  getMentorHome,
  layoutSessions,
  moveOwnSession,
  openNextBatch,
  ownMentorId,
  scheduleSession,
} from '../services/mentorHome'
import { markSessionAttendance } from '../services/sessions/attendance'

/**
 * The mentor's home on the site (docs/decisions/095-mentor-home.md). Every call works on the
 * signed-in mentor's own profile, found from their account: nothing in the request names a mentor.
 */

/** GET /api/mentor-home — the mentor's running and open batches, students, sessions, waitlist and next batch. */
export const mentorHomeEndpoint = endpoint({
  path: '/mentor-home',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your home.',
  handler: async ({ req, user }) => getMentorHome(req, await ownMentorId(req, user)),
})

/** POST /api/mentor-home/sessions — schedule a session in one of the mentor's batches. */
export const scheduleSessionEndpoint = endpoint({
  path: '/mentor-home/sessions',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeMentorSchedule'),
  body: scheduleSessionSchema,
  failure: 'Failed to schedule the session.',
  handler: async ({ req, user, body }) => {
    const mentorId = await ownMentorId(req, user)
    const session = await scheduleSession(req, mentorId, body)
    return json({ message: 'Session scheduled. Your students have been e-mailed.', session }, { status: 201 })
  },
})

/** POST /api/mentor-home/sessions/move — move one of the mentor's sessions (the admin's move: services/sessions/changes.ts). */
export const moveSessionEndpoint = endpoint({
  path: '/mentor-home/sessions/move',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeMentorSchedule'),
  body: moveSessionSchema,
  failure: 'Failed to move the session.',
  handler: async ({ req, user, body }) => {
    const session = await moveOwnSession(req, await ownMentorId(req, user), body)
    return { message: `Session moved to ${formatDateTime(session.startsAt)}. Your students have been e-mailed.`, session }
  },
})

/** POST /api/mentor-home/sessions/cancel — cancel one of the mentor's sessions (the admin's cancellation). */
export const cancelSessionEndpoint = endpoint({
  path: '/mentor-home/sessions/cancel',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeMentorSchedule'),
  body: cancelSessionSchema,
  failure: 'Failed to cancel the session.',
  handler: async ({ req, user, body }) => {
    const session = await cancelOwnSession(req, await ownMentorId(req, user), body.sessionId)
    return { message: `The session on ${formatDateTime(session.startsAt)} is cancelled. Your students have been e-mailed.`, session }
  },
})

/** POST /api/mentor-home/batches — open the mentor's next batch. */
export const openBatchEndpoint = endpoint({
  path: '/mentor-home/batches',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeMentorSchedule'),
  body: openBatchSchema,
  failure: 'Failed to open the batch.',
  handler: async ({ req, user, body }) => {
    const mentorId = await ownMentorId(req, user)
    const batch = await openNextBatch(req, mentorId, body)
    return json({ message: `Your ${batch.label} batch is open for bookings.`, batch }, { status: 201 })
  },
})

/**
 * POST /api/mentor-home/layout — lay out a batch's sessions in one step (services/mentorHome/layoutSessions.ts):
 * with `preview` the computed plan only; otherwise all its sessions, or none with the reason.
 */
export const layoutSessionsEndpoint = endpoint({
  path: '/mentor-home/layout',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeMentorSchedule'),
  body: layoutSessionsSchema,
  failure: 'Failed to lay out the sessions.',
  handler: async ({ req, user, body }) => {
    const mentorId = await ownMentorId(req, user)
    const { plan, created } = await layoutSessions(req, { mentorId }, body)
    if (body.preview) return { plan }
    return json(
      { message: `${created.length} sessions scheduled. Your students have been e-mailed.`, plan, sessions: created },
      { status: 201 },
    )
  },
})

/** POST /api/mentor-home/attendance — a session's present/absent marks, from its start (services/sessions/attendance.ts). */
export const markAttendanceEndpoint = endpoint({
  path: '/mentor-home/attendance',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeAttendance'),
  body: markAttendanceSchema,
  failure: 'The attendance could not be saved.',
  handler: async ({ req, user, body }) => {
    await ownMentorId(req, user)
    return { message: 'Attendance saved.', ...(await markSessionAttendance(req, body)) }
  },
})

export const mentorHomeEndpoints = [
  mentorHomeEndpoint,
  scheduleSessionEndpoint,
  moveSessionEndpoint,
  cancelSessionEndpoint,
  openBatchEndpoint,
  layoutSessionsEndpoint,
  markAttendanceEndpoint,
]
