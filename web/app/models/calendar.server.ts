import { CmsError, cms } from './cms.server'

/**
 * Session reminders and the private calendar feed (docs/decisions/105, 106, 174): the CMS keeps the
 * preference and the feed token's hash and builds every calendar; the site shows and relays them.
 * A feed link is shown once, in the answer that made it; afterwards only that one exists.
 */
export type Preferences = { remindersOff: boolean; calendarFeed: boolean }

export const getPreferences = (token: string) => cms<Preferences>('/me/preferences', { token })

/** The student's own attendance marks (GET /api/me/attendance), newest first. */
export type AttendanceMark = {
  sessionId: number
  title: string
  startsAt: string
  status: 'present' | 'absent'
  /** The student's dispute of an absent mark and how an admin decided it (issue 37). */
  dispute: 'open' | 'upheld' | 'rejected' | null
}
export const getMyAttendance = (token: string) =>
  cms<{ attendance: AttendanceMark[] }>('/me/attendance', { token }).then((r) => r.attendance)

/** The student disputes their absent mark; an admin decides. */
export const disputeAttendance = (token: string, sessionId: number, note: string) =>
  cms<{ message: string }>(`/me/attendance/${sessionId}/dispute`, { method: 'POST', token, body: { note } })

export const setRemindersOff = (token: string, remindersOff: boolean) =>
  cms<Preferences>('/me/preferences', { method: 'POST', token, body: { remindersOff } })

export const renewCalendarToken = (token: string) =>
  cms<{ calendarToken: string }>('/me/calendar-token', { method: 'POST', token }).then((r) => r.calendarToken)

export const revokeCalendarToken = (token: string) => cms<{ calendarFeed: false }>('/me/calendar-token/revoke', { method: 'POST', token })

/** Ends every session of the account (this one too) and its calendar feed. */
export const signOutEverywhere = (token: string) => cms<{ sessionsEnded: number }>('/me/sign-out-everywhere', { method: 'POST', token })

/** The private feed's address for a token. */
export const feedUrlOf = (publicUrl: string, calendarToken: string) => `${publicUrl.replace(/\/$/, '')}/api/calendar/${calendarToken}.ics`

/** The feed's token in a URL path: 32 URL-safe characters, then `.ics`. */
export const FEED_FILE = /^([A-Za-z0-9_-]{32})\.ics$/

const calendarHeaders = (disposition: 'inline' | 'attachment') => ({
  'Content-Type': 'text/calendar; charset=utf-8',
  'Content-Disposition': `${disposition}; filename="mentorloop-sessions.ics"`,
  'Cache-Control': 'no-store',
  'X-Robots-Tag': 'noindex',
})

const plain = (status: number, text: string) =>
  new Response(text, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

/** A calendar from the CMS as a response: 404 for an unknown token, 503 when the CMS cannot answer. */
export async function calendarResponse(path: string, opts: { token?: string; query?: Record<string, unknown>; download: boolean }) {
  try {
    const ics = await cms<string>(path, { token: opts.token, query: opts.query, headers: { Accept: 'text/calendar' } })
    return new Response(String(ics), { headers: calendarHeaders(opts.download ? 'attachment' : 'inline') })
  } catch (error) {
    if (error instanceof CmsError && error.status === 404)
      return plain(404, 'This calendar link does not exist or was replaced by a new one.')
    if (error instanceof CmsError && error.status === 401) return plain(401, 'Please sign in.')
    return plain(503, 'Your sessions could not be loaded right now. Please try again.')
  }
}
