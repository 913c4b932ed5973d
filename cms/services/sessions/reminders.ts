import { HOUR_MS, nowMs } from '@mentorloop/shared'
import { sql } from '@payloadcms/db-postgres/drizzle'
import type { PayloadRequest } from 'payload'
import { inTransaction, newRequest, txQuery } from '../../lib/transaction'
import { REMINDER_CHANNELS, type ReminderChannel, type ReminderKind, reminderKeyPrefix } from './channels'
import { peopleOfBatches, sessionFacts } from './people'

/**
 * Session reminders (docs/decisions/105): 24 hours and 1 hour before each scheduled session, to
 * every seated student who has not turned them off and to the mentor. Part of the minute's tick
 * (cms/jobs/time.ts), so no scheduler of its own: each tick finds the rounds that are due, claims
 * each in the `session_reminders` ledger (unique per session, kind and calendar version) and hands
 * the won rounds to the channels, all in one transaction. Two workers, a retried tick or a tick
 * that outlived its lease send a round once; a moved session is a new calendar version, so its
 * reminders for the new time are due on their own; a cancelled one is never due.
 */
export const REMINDER_LEADS: Record<ReminderKind, number> = { day: 24 * HOUR_MS, hour: HOUR_MS }

export type RemindWork = { rounds: number; messages: number }

export async function sendDueSessionReminders(
  given: PayloadRequest,
  channels: readonly ReminderChannel[] = REMINDER_CHANNELS,
): Promise<RemindWork> {
  const req = await newRequest(given.payload)
  return inTransaction(req, async () => {
    const work: RemindWork = { rounds: 0, messages: 0 }
    for (const kind of ['hour', 'day'] as const) {
      const done = await remindKind(req, kind, channels)
      work.rounds += done.rounds
      work.messages += done.messages
    }
    return work
  })
}

async function remindKind(req: PayloadRequest, kind: ReminderKind, channels: readonly ReminderChannel[]): Promise<RemindWork> {
  const at = new Date(nowMs())
  const horizon = new Date(at.getTime() + REMINDER_LEADS[kind]).toISOString()
  // The 24-hour reminder is not sent once the 1-hour one is due (a session scheduled at short notice).
  const notYetHour = kind === 'day' ? sql`AND s.starts_at > ${new Date(at.getTime() + HOUR_MS).toISOString()}::timestamptz` : sql``
  // FOR SHARE: a move or cancellation of the same session waits for this claim to commit (and then
  // drops what it queued), or, when it came first, this claim sees the session's new time and version.
  const won = await txQuery<{ session_id: number; sequence: number }>(
    req,
    sql`WITH due AS (
          SELECT s.id, COALESCE(s.sequence, 0) AS sequence FROM sessions s
           WHERE s.status IS DISTINCT FROM 'cancelled' AND s.starts_at > ${at.toISOString()}::timestamptz AND s.starts_at <= ${horizon}::timestamptz
             ${notYetHour}
           ORDER BY s.id
             FOR SHARE OF s)
        INSERT INTO session_reminders (session_id, kind, sequence, created_at, updated_at)
        SELECT due.id, ${kind}, due.sequence, ${at.toISOString()}::timestamptz, ${at.toISOString()}::timestamptz FROM due
        ON CONFLICT (session_id, kind, sequence) DO NOTHING
        RETURNING session_id, sequence`,
  )
  if (won.length === 0) return { rounds: 0, messages: 0 }
  const sessions = await sessionFacts(
    req,
    won.map((w) => Number(w.session_id)),
  )
  const people = await peopleOfBatches(req, [...new Set(sessions.map((s) => s.batchId))])
  let messages = 0
  for (const session of sessions) {
    const reminded = (people.get(session.batchId) ?? []).filter((p) => !p.remindersOff)
    for (const channel of channels) {
      await channel.send(
        req,
        { session, kind, people: reminded },
        (p) => `${reminderKeyPrefix(session.id)}${session.sequence}:${kind}:${channel.name}:${p.email.toLowerCase()}`,
      )
    }
    messages += reminded.length
    await txQuery(
      req,
      sql`UPDATE session_reminders SET recipients = ${reminded.length} WHERE session_id = ${session.id} AND kind = ${kind} AND sequence = ${session.sequence}`,
    )
  }
  return { rounds: won.length, messages }
}

/** A session moved or was cancelled: its reminders not yet delivered go, on every channel. */
export async function dropQueuedReminders(req: PayloadRequest, sessionId: number, channels = REMINDER_CHANNELS): Promise<number> {
  let n = 0
  for (const channel of channels) n += await channel.drop(req, sessionId)
  return n
}
