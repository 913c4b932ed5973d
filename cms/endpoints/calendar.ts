import { z } from 'zod'
import { endpoint } from '../lib/endpoint'
import { perAccount } from '../services/auth/rateLimits'
import { attendanceOf, disputeAttendance, markAttendance } from '../services/sessions/attendance'
import {
  calendarOf,
  feedOwner,
  preferencesOf,
  renewFeedToken,
  revokeFeedToken,
  setRemindersOff,
  signOutEverywhere,
} from '../services/sessions/feed'

const calendarResponse = (ics: string, filename: string) =>
  new Response(ics, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': `inline; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  })

/** GET /api/calendar/feed/:token — the private feed a calendar app polls, without a cookie (docs/decisions/106). */
const feedEndpoint = endpoint({
  path: '/calendar/feed/:token',
  method: 'get',
  auth: 'public',
  params: z.object({
    token: z
      .string()
      .max(80)
      .transform((t) => t.replace(/\.ics$/, '')),
  }),
  failure: 'Failed to load the calendar',
  handler: async ({ req, params }) =>
    calendarResponse(await calendarOf(req, await feedOwner(req, params.token)), 'mentorloop-sessions.ics'),
})

/** GET /api/calendar/mine?booking=ID — the signed-in person's sessions as a download. */
const mineEndpoint = endpoint({
  path: '/calendar/mine',
  method: 'get',
  auth: 'user',
  query: z.object({ booking: z.coerce.number().int().positive().optional() }),
  failure: 'Failed to load the calendar',
  handler: async ({ req, user, query }) =>
    calendarResponse(await calendarOf(req, user.id, { bookingId: query.booking ?? null }), 'mentorloop-sessions.ics'),
})

/** GET /api/me/preferences — reminders on or off, and whether a calendar feed link exists (the owner only). */
const getPreferences = endpoint({
  path: '/me/preferences',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your preferences',
  handler: async ({ req, user }) => preferencesOf(req, user.id),
})

/** POST /api/me/preferences {remindersOff} — session reminders on or off (docs/decisions/105). */
const setPreferences = endpoint({
  path: '/me/preferences',
  method: 'post',
  auth: 'user',
  body: z.object({ remindersOff: z.boolean({ error: 'Say whether reminders are off (true or false).' }) }).strict(),
  failure: 'Failed to save your preferences',
  handler: async ({ req, user, body }) => setRemindersOff(req, user.id, body.remindersOff),
})

/** POST /api/me/calendar-token — a new private feed URL, in this answer only; the old one stops working. */
const renewToken = endpoint({
  path: '/me/calendar-token',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeFeedToken'),
  failure: 'Failed to make a new calendar link',
  handler: async ({ req, user }) => ({ calendarToken: await renewFeedToken(req, user.id) }),
})

/** POST /api/me/calendar-token/revoke — the private feed URL stops working; no new one is made. */
const revokeToken = endpoint({
  path: '/me/calendar-token/revoke',
  method: 'post',
  auth: 'user',
  failure: 'Failed to turn the calendar link off',
  handler: async ({ req, user }) => {
    await revokeFeedToken(req, user.id)
    return { calendarFeed: false }
  },
})

/** POST /api/me/sign-out-everywhere — every session of the account (site and CMS) and the calendar feed end. */
const signOutAll = endpoint({
  path: '/me/sign-out-everywhere',
  method: 'post',
  auth: 'user',
  failure: 'Failed to sign out everywhere',
  handler: async ({ req, user }) => signOutEverywhere(req, user.id),
})

/** POST /api/attendance {sessionId, userId, status} — the batch's mentor (until 48 h after the session) or an admin, from its start. */
const markEndpoint = endpoint({
  path: '/attendance',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeAttendance'),
  body: z
    .object({
      sessionId: z.number().int().positive(),
      userId: z.number().int().positive(),
      status: z.enum(['present', 'absent'], { error: 'Mark the student present or absent.' }),
    })
    .strict(),
  failure: 'The attendance could not be saved',
  handler: async ({ req, body }) => markAttendance(req, body),
})

/** GET /api/me/attendance — the signed-in student's own marks. */
const myAttendance = endpoint({
  path: '/me/attendance',
  method: 'get',
  auth: 'user',
  failure: 'Failed to load your attendance',
  handler: async ({ req, user }) => ({ attendance: await attendanceOf(req, user.id) }),
})

/** POST /api/me/attendance/:sessionId/dispute {note?} — the student disputes their absent mark; an admin decides. */
const disputeMark = endpoint({
  path: '/me/attendance/:sessionId/dispute',
  method: 'post',
  auth: 'user',
  limit: perAccount('writeAttendance'),
  params: z.object({ sessionId: z.coerce.number().int().positive() }),
  body: z
    .object({ note: z.string().trim().max(500, 'Say it in at most 500 characters.').default('') })
    .strict()
    .default({ note: '' }),
  failure: 'Your dispute could not be saved',
  handler: async ({ req, user, params, body }) => ({
    message: 'Thanks: an admin will look at your attendance mark.',
    ...(await disputeAttendance(req, user.id, { sessionId: params.sessionId, note: body.note })),
  }),
})

export const calendarEndpoints = [
  feedEndpoint,
  mineEndpoint,
  getPreferences,
  setPreferences,
  renewToken,
  revokeToken,
  signOutAll,
  markEndpoint,
  myAttendance,
  disputeMark,
]
