import type { BatchView, LayoutPlan, MarkAttendanceInput, MentorHome, SessionView } from '@mentorloop/shared'
import { cms } from './cms.server'

/** The signed-in mentor's home (GET /api/mentor-home): the CMS finds the mentor from the token alone. */
export const getMentorHome = (token: string) => cms<MentorHome>('/mentor-home', { token })

export const postSession = (token: string, body: Record<string, unknown>) =>
  cms<{ message: string; session: SessionView }>('/mentor-home/sessions', { method: 'POST', token, body, timeoutMs: 20_000 })

export const postNextBatch = (token: string, body: { startsOn: string; endsOn: string }) =>
  cms<{ message: string; batch: BatchView }>('/mentor-home/batches', { method: 'POST', token, body, timeoutMs: 20_000 })

/** Lay out a batch's sessions (POST /api/mentor-home/layout): with `preview` the plan only. */
export const postLayout = (token: string, body: Record<string, unknown>) =>
  cms<{ message?: string; plan: LayoutPlan; sessions?: SessionView[] }>('/mentor-home/layout', {
    method: 'POST',
    token,
    body,
    timeoutMs: 30_000,
  })

/** A session's present/absent marks (POST /api/mentor-home/attendance), from its start. */
export const postAttendance = (token: string, body: MarkAttendanceInput) =>
  cms<{ message: string; sessionId: number; marked: number }>('/mentor-home/attendance', { method: 'POST', token, body, timeoutMs: 20_000 })

/** Move one of the mentor's sessions (POST /api/mentor-home/sessions/move): the CMS e-mails the old and new time. */
export const postMoveSession = (token: string, body: Record<string, unknown>) =>
  cms<{ message: string; session: SessionView }>('/mentor-home/sessions/move', { method: 'POST', token, body, timeoutMs: 20_000 })

/** Cancel one of the mentor's sessions (POST /api/mentor-home/sessions/cancel): everyone gets a calendar cancellation. */
export const postCancelSession = (token: string, sessionId: number) =>
  cms<{ message: string; session: SessionView }>('/mentor-home/sessions/cancel', {
    method: 'POST',
    token,
    body: { sessionId },
    timeoutMs: 20_000,
  })
