import { formatDate, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { env } from '../../lib/env'
import { txQuery } from '../../lib/transaction'
import { buildCalendar } from '../../notifications/ics'
import { renderEmail } from '../../notifications/layout'
import { queueOutbox } from '../../notifications/outbox'
import type { SessionFacts, SessionPerson } from './people'

/**
 * Where session reminders go (docs/decisions/105). The reminder logic (reminders.ts) decides who is
 * reminded of what and when, and claims each round once; a channel only turns a round into
 * messages. E-mail is the one channel today; a WhatsApp Business adapter is another object of this
 * shape added to `REMINDER_CHANNELS` (its own template, its own outbox), with no change to the logic.
 */
export type ReminderKind = 'day' | 'hour'

export type ReminderRound = { session: SessionFacts; kind: ReminderKind; people: SessionPerson[] }

export interface ReminderChannel {
  readonly name: string
  /**
   * Queues one reminder per person in `req`'s transaction (a rolled-back tick sends nothing).
   * `keyOf(person)` is unique per session, calendar version, kind, person and channel: a channel
   * must deliver a key once however often it is handed the same round.
   */
  send(req: PayloadRequest, round: ReminderRound, keyOf: (person: SessionPerson) => string): Promise<void>
  /** Drops the session's reminders queued but not yet delivered (it moved or was cancelled). Returns how many. */
  drop(req: PayloadRequest, sessionId: number): Promise<number>
}

export const REMINDER_TEMPLATE = 'session-reminder'
/** Keys start with the session, so a move or cancellation finds what it drops. */
export const reminderKeyPrefix = (sessionId: number) => `session-reminder:${sessionId}:`

const whenText = (kind: ReminderKind) => (kind === 'day' ? 'tomorrow' : 'in an hour')

/** Reminders by e-mail, through the outbox (docs/decisions/070): the key is the outbox's dedupe key. */
export const emailChannel: ReminderChannel = {
  name: 'email',
  async send(req, { session, kind, people }, keyOf) {
    const calendar = buildCalendar([session], { method: 'REQUEST', at: new Date(nowMs()) })
    const at = formatDate(session.startsAt, 'full')
    await queueOutbox(
      req,
      people.map((p) => ({
        to: p.email,
        template: REMINDER_TEMPLATE,
        priority: 'normal' as const,
        key: keyOf(p),
        calendar,
        ...renderEmail({
          subject: `Reminder: ${session.title} ${whenText(kind)}, ${at}`,
          greeting: `Hi ${p.name?.trim() || 'there'},`,
          paragraphs: [
            p.role === 'mentor'
              ? `Your session "${session.title}" with the ${session.batchLabel} batch starts ${whenText(kind)}: ${at} (${session.durationMinutes} minutes).`
              : `Your session "${session.title}" with ${session.mentorName} starts ${whenText(kind)}: ${at} (${session.durationMinutes} minutes).`,
            session.meetingLink ? `Join here: ${session.meetingLink}` : 'The meeting link will follow from your mentor.',
            'The calendar entry is attached.',
            ...(p.role === 'student' ? ['You can turn these reminders off on your dashboard.'] : []),
          ],
          action: { label: 'Open your dashboard', url: `${env.WEB_PUBLIC_URL}/myDashboard` },
        }),
      })),
    )
  },
  async drop(req, sessionId) {
    const rows = await txQuery<{ id: number }>(
      req,
      sql`DELETE FROM email_outbox WHERE template = ${REMINDER_TEMPLATE} AND status = 'queued'
             AND dedupe_key LIKE ${`${reminderKeyPrefix(sessionId)}%`} RETURNING id`,
    )
    return rows.length
  },
}

/** Every channel a reminder goes through. */
export const REMINDER_CHANNELS: readonly ReminderChannel[] = [emailChannel]
