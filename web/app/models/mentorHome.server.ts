import type { BatchView, MentorHome, SessionView } from '@mentorloop/shared'
import { cms } from './cms.server'

/** The signed-in mentor's home (GET /api/mentor-home): the CMS finds the mentor from the token alone. */
export const getMentorHome = (token: string) => cms<MentorHome>('/mentor-home', { token })

export const postSession = (token: string, body: Record<string, unknown>) =>
  cms<{ message: string; session: SessionView }>('/mentor-home/sessions', { method: 'POST', token, body, timeoutMs: 20_000 })

export const postNextBatch = (token: string, body: { startsOn: string; endsOn: string }) =>
  cms<{ message: string; batch: BatchView }>('/mentor-home/batches', { method: 'POST', token, body, timeoutMs: 20_000 })
