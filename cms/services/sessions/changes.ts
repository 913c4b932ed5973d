import { formatDate, formatDateTime, nowMs } from '@mentorloop/shared'
import type { Session } from '@mentorloop/shared/payload-types'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { AppError } from '../../lib/errors'
import { inTransaction, txQuery } from '../../lib/transaction'
import { buildCalendar } from '../../notifications/ics'
import { renderEmail } from '../../notifications/layout'
import { queueOutbox } from '../../notifications/outbox'
import { peopleOfBatches, type SessionFacts, sessionFacts } from './people'
import { dropQueuedReminders } from './reminders'

/**
 * What a change to a session tells people (docs/decisions/106): every seated student and the mentor
 * get one e-mail with the session's calendar entry (the same UID, the new SEQUENCE; METHOD:CANCEL
 * for a cancellation), and reminders queued for the old time are dropped. Runs in the change's own
 * transaction (the Sessions hooks), so a change that rolls back tells nobody.
 */
export type SessionChange = 'scheduled' | 'moved' | 'updated' | 'cancelled'

const idOf = (v: unknown) => Number(v && typeof v === 'object' ? (v as { id: unknown }).id : v)

/** What changed between two versions of a session, as far as a calendar is concerned (null: nothing). */
export function calendarChange(before: Partial<Session> | null | undefined, after: Partial<Session>): SessionChange | null {
  if (!before) return 'scheduled'
  const wasCancelled = before.status === 'cancelled'
  const isCancelled = after.status === 'cancelled'
  if (isCancelled) return wasCancelled ? null : 'cancelled'
  if (wasCancelled) return 'scheduled'
  const time = (v: unknown) => (v ? new Date(String(v)).getTime() : null)
  if (time(before.startsAt) !== time(after.startsAt) || Number(before.durationMinutes) !== Number(after.durationMinutes)) return 'moved'
  if ((before.meetingLink ?? '') !== (after.meetingLink ?? '') || before.title !== after.title) return 'updated'
  return null
}

/** The session's facts from a document (the row may be gone: a deleted session). */
export async function factsOfDoc(req: PayloadRequest, doc: Session, override: Partial<SessionFacts> = {}): Promise<SessionFacts> {
  const [b] = await txQuery<{ label: string; mentor: string }>(
    req,
    sql`SELECT b.label, m.name AS mentor FROM batches b JOIN mentors m ON m.id = b.mentor_id WHERE b.id = ${idOf(doc.batch)}`,
  )
  return {
    id: doc.id,
    title: doc.title,
    startsAt: doc.startsAt,
    durationMinutes: Number(doc.durationMinutes),
    meetingLink: doc.meetingLink ?? null,
    sequence: Number(doc.sequence ?? 0),
    status: doc.status ?? 'scheduled',
    batchId: idOf(doc.batch),
    batchLabel: b?.label ?? '',
    mentorName: b?.mentor ?? 'your mentor',
    ...override,
  }
}

const SUBJECT: Record<SessionChange, string> = {
  scheduled: 'Session scheduled',
  moved: 'Session moved',
  updated: 'Session updated',
  cancelled: 'Session cancelled',
}

/**
 * The hook context key of sessions created together (a layout: services/mentorHome/layoutSessions.ts):
 * the collection's hook does not announce each one; the layout sends one e-mail for all of them.
 */
export const ANNOUNCED_TOGETHER = 'sessionsAnnouncedTogether'

/** Where and how long a session was before it moved: the "moved" e-mail gives both times. */
export type SessionBefore = { startsAt: string | Date; durationMinutes: number }

/** E-mails everyone the session concerns about a change, with the calendar entry; drops stale reminders. */
export async function announceChange(
  req: PayloadRequest,
  session: SessionFacts,
  change: SessionChange,
  before: SessionBefore | null = null,
): Promise<number> {
  if (change !== 'scheduled') await dropQueuedReminders(req, session.id)
  const people = (await peopleOfBatches(req, [session.batchId])).get(session.batchId) ?? []
  const calendar = buildCalendar([session], { method: change === 'cancelled' ? 'CANCEL' : 'REQUEST', at: new Date(nowMs()) })
  const at = formatDate(session.startsAt, 'full')
  const what =
    change === 'cancelled'
      ? `"${session.title}" on ${at} is cancelled.`
      : change === 'moved'
        ? before
          ? `"${session.title}" has moved from ${formatDateTime(before.startsAt)} (${before.durationMinutes} minutes) to ${at} (${session.durationMinutes} minutes).`
          : `"${session.title}" has moved to ${at} (${session.durationMinutes} minutes).`
        : change === 'updated'
          ? `"${session.title}" on ${at} has new details.`
          : `"${session.title}" is scheduled for ${at} (${session.durationMinutes} minutes).`
  await queueOutbox(
    req,
    people.map((p) => ({
      to: p.email,
      template: `session-${change}`,
      priority: 'normal' as const,
      // One message per person and calendar version: a retried change sends it once.
      key: `session-change:${session.id}:${session.sequence}:${p.email.toLowerCase()}`,
      calendar,
      ...renderEmail({
        subject: `${SUBJECT[change]}: ${session.title} with ${p.role === 'mentor' ? `the ${session.batchLabel} batch` : session.mentorName}`,
        greeting: `Hi ${p.name?.trim() || 'there'},`,
        paragraphs: [
          p.role === 'mentor' ? `Your session ${what}` : `${session.mentorName}'s session ${what}`,
          change === 'cancelled'
            ? 'The attached calendar entry removes it from your calendar.'
            : session.meetingLink
              ? `Join here: ${session.meetingLink}`
              : 'The meeting link will follow.',
          ...(change === 'cancelled' ? [] : ['The attached calendar entry updates your calendar.']),
        ],
        action: { label: 'See it on your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
      }),
    })),
  )
  return people.length
}

/**
 * One e-mail per person for sessions scheduled together (a layout of a batch): every session with
 * its own time and link, and one calendar file holding all of them (each with its own UID, so a
 * later move or cancellation of one replaces that one). Sessions of one batch, in its transaction.
 */
export async function announceScheduledTogether(req: PayloadRequest, sessionIds: number[]): Promise<number> {
  const sessions = (await sessionFacts(req, sessionIds)).filter((s) => s.status !== 'cancelled')
  const first = sessions[0]
  if (!first) return 0
  const people = (await peopleOfBatches(req, [first.batchId])).get(first.batchId) ?? []
  const calendar = buildCalendar(sessions, { method: 'PUBLISH', at: new Date(nowMs()) })
  const lines = sessions.map(
    (s) => `${s.title}: ${formatDateTime(s.startsAt)} (${s.durationMinutes} minutes)${s.meetingLink ? `, join at ${s.meetingLink}` : ''}`,
  )
  const count = `${sessions.length} ${sessions.length === 1 ? 'session' : 'sessions'}`
  await queueOutbox(
    req,
    people.map((p) => ({
      to: p.email,
      template: 'session-scheduled',
      priority: 'normal' as const,
      // One message per person for this set of sessions: a retried layout sends it once.
      key: `sessions-scheduled:${sessions.map((s) => s.id).join('-')}:${p.email.toLowerCase()}`,
      calendar,
      ...renderEmail({
        subject: `${count} scheduled with ${p.role === 'mentor' ? `the ${first.batchLabel} batch` : first.mentorName}`,
        greeting: `Hi ${p.name?.trim() || 'there'},`,
        paragraphs: [
          p.role === 'mentor'
            ? `Your ${count} with the ${first.batchLabel} batch are scheduled (India time):`
            : `${first.mentorName} has scheduled ${count} of your ${first.batchLabel} batch (India time):`,
          ...lines,
          'The attached calendar file adds them all to your calendar.',
        ],
        action: { label: 'See them on your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
      }),
    })),
  )
  return people.length
}

/** The session for a change, inside the change's transaction; 404 when there is none. */
async function sessionToChange(req: PayloadRequest, sessionId: number): Promise<Session> {
  const found = await req.payload.findByID({
    collection: 'sessions',
    id: sessionId,
    depth: 0,
    overrideAccess: true,
    req,
    disableErrors: true,
  })
  if (!found) throw new AppError('NOT_FOUND', 404, 'That session does not exist.')
  return found
}

/** Moves a session (the service path; /admin does the same through the collection's hooks). */
export async function moveSession(
  req: PayloadRequest,
  sessionId: number,
  input: { startsAt: string; durationMinutes?: number },
): Promise<Session> {
  return inTransaction(req, async () => {
    const found = await sessionToChange(req, sessionId)
    if (found.status === 'cancelled') throw new AppError('SESSION_CANCELLED', 409, 'A cancelled session cannot be moved.')
    return req.payload.update({ collection: 'sessions', id: sessionId, data: input, depth: 0, overrideAccess: true, req })
  })
}

/** Cancels a session: everyone gets METHOD:CANCEL, no reminder goes out. Cancelling twice changes nothing. */
export async function cancelSession(req: PayloadRequest, sessionId: number): Promise<Session> {
  return inTransaction(req, async () => {
    const found = await sessionToChange(req, sessionId)
    if (found.status === 'cancelled') return found
    return req.payload.update({ collection: 'sessions', id: sessionId, data: { status: 'cancelled' }, depth: 0, overrideAccess: true, req })
  })
}
